// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the metrics (DOMAIN_SUITES of authorization/cross-organization.test.ts):
// every route under /api/metrics, called by another organization's admin with Acme's ids — with
// ?graph of the caller's own process or of Acme's — answers 404 (a read of the caller's own
// process or platform: nothing of Acme's), the Prometheus endpoint with the other organization's
// key serves none of Acme's processes, and nothing of Acme changes.
import type { LightMyRequestResponse } from 'fastify';
import type { DeclaredRoute } from '../authorization/guard';
import { readOps } from '../operations/importers/ops-data';
import { taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
let custom = '';
let otherKey = '';

interface Case {
  path: () => string;
  body?: () => unknown;
  list?: boolean;
}

const definition = { name: 'Taken over', entity: 'tasks', aggregate: 'count' };

const CASES: Record<string, Case> = {
  'GET /api/metrics': { path: () => '/api/metrics', list: true },
  'GET /api/metrics/:key/series': { path: () => `/api/metrics/custom.${custom}/series` },
  'GET /api/metrics/:key/series.csv': { path: () => `/api/metrics/custom.${custom}/series.csv` },
  'GET /api/metrics/custom': { path: () => '/api/metrics/custom', list: true },
  'POST /api/metrics/custom': { path: () => '/api/metrics/custom', body: () => definition, list: true },
  'GET /api/metrics/custom/:id': { path: () => `/api/metrics/custom/${custom}` },
  'PUT /api/metrics/custom/:id': { path: () => `/api/metrics/custom/${custom}`, body: () => definition },
  'DELETE /api/metrics/custom/:id': { path: () => `/api/metrics/custom/${custom}` },
  // Takes a key, not a session: checked below with the other organization's key.
  'GET /api/metrics/prometheus': { path: () => '/api/metrics/prometheus', list: true },
};

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const routes = () => world.app.declaredRoutes.filter((route) => route.url.startsWith('/api/metrics') && route.url !== '/api/metrics/prometheus');

function call(route: DeclaredRoute, graph: string): Promise<LightMyRequestResponse> {
  const fixture = CASES[key(route)];
  const path = fixture.path();
  return world.call('ursula', route.method as 'GET', `${path}${path.includes('?') ? '&' : '?'}graph=${graph}`, fixture.body?.());
}

async function acmeState(): Promise<unknown> {
  const of = (sql: string) => world.app.database.query(sql, [world.processId]);
  return {
    definitions: await of('SELECT id, name, definition, updated_at FROM metric_definitions WHERE process_id = $1 ORDER BY id'),
    snapshots: await of('SELECT id, metric_key, value FROM metric_snapshots WHERE process_id = $1 ORDER BY id'),
  };
}

beforeAll(async () => {
  world = await taskWorld();
  expect((await world.call('olga', 'POST', '/api/security/findings?graph=alpha&repository=web', readOps('eslint.sarif'))).statusCode).toBe(200);
  custom = (await world.ok<{ id: string }>('olga', 'POST', '/api/metrics/custom?graph=alpha', { name: 'Acme tasks', entity: 'tasks', aggregate: 'count' }, 201)).id;
  await world.app.metricSnapshots.tick();
  otherKey = (await world.ok<{ api_key_value: string }>('ursula', 'POST', '/api/modules/pipeline-management', { name: 'Other CI', configs: { url: 'https://ci.other.test', token: 'secret' } }, 201)).api_key_value;
}, 120_000);

afterAll(async () => world?.close());

it('has a case for every route of the metrics (a new route fails here until it has one)', () => {
  expect(Object.keys(CASES).sort()).toEqual(world.app.declaredRoutes.filter((route) => route.url.startsWith('/api/metrics')).map(key).sort());
});

it("answers 404 to every route naming Acme's metrics, with the caller's process or Acme's", async () => {
  const before = await acmeState();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routes()) {
    const fixture = CASES[key(route)];
    answers.push(`${key(route)} alpha ${(await call(route, 'alpha')).statusCode}`);
    expected.push(`${key(route)} alpha 404`);
    const own = await call(route, 'omega');
    if (fixture.list) {
      expect(own.statusCode).toBeLessThan(300);
      expect(own.body).not.toContain(custom);
    } else {
      answers.push(`${key(route)} omega ${own.statusCode}`);
      expected.push(`${key(route)} omega 404`);
    }
  }
  expect(answers).toEqual(expected);
  // The platform of the other organization: none of Acme's values (its open findings).
  const platform = await world.ok<{ metrics: Array<{ key: string; values: unknown[] }> }>('ursula', 'GET', '/api/metrics?graph=*');
  expect(platform.metrics.find((metric) => metric.key === 'open_findings')!.values).toEqual([]);
  expect(platform.metrics.map((metric) => metric.key)).not.toContain(`custom.${custom}`);
  expect(await acmeState()).toEqual(before);
});

it("serves the other organization's key none of Acme's processes", async () => {
  const scraped = await world.app.inject({ method: 'GET', url: '/api/metrics/prometheus', headers: { 'x-api-key': otherKey } });
  expect(scraped.statusCode).toBe(200);
  expect(scraped.body).toContain('process="omega"');
  expect(scraped.body).not.toContain('alpha');
  expect(scraped.body).not.toContain(custom);
});
