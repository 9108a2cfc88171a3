// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the security findings (DOMAIN_SUITES of authorization/cross-organization.test.ts):
// every route under /api/security, called by another organization's admin with Acme's ids — with
// ?graph of the caller's own process or of Acme's — answers 404 (a list or an upload of the
// caller's own process: nothing of Acme's), and nothing of Acme changes.
import type { LightMyRequestResponse } from 'fastify';
import type { DeclaredRoute } from '../authorization/guard';
import { readOps } from './importers/ops-data';
import { taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
let finding = '';
let acmeImport = '';
let acmeCloud = '';

interface Case {
  path: () => string;
  body?: () => unknown;
  list?: boolean;
}

const CASES: Record<string, Case> = {
  'GET /api/security/findings': { path: () => '/api/security/findings', list: true },
  'POST /api/security/findings': { path: () => '/api/security/findings', body: () => readOps('eslint.sarif'), list: true },
  'GET /api/security/findings/export.csv': { path: () => '/api/security/findings/export.csv', list: true },
  'GET /api/security/findings/counts': { path: () => '/api/security/findings/counts', list: true },
  'GET /api/security/findings/groups': { path: () => '/api/security/findings/groups?by=rule', list: true },
  'GET /api/security/findings/trend': { path: () => '/api/security/findings/trend', list: true },
  // The SLA of the process in `graph`: Acme's is a 404, the caller's own is the caller's.
  'GET /api/security/sla': { path: () => '/api/security/sla', list: true },
  'PUT /api/security/sla': { path: () => '/api/security/sla', body: () => ({ critical: 1, high: 1, medium: 1, low: 1, info: 1 }), list: true },
  'GET /api/security/imports/:id': { path: () => `/api/security/imports/${acmeImport}` },
  'GET /api/security/findings/:id': { path: () => `/api/security/findings/${finding}` },
  'PUT /api/security/findings/:id/state': { path: () => `/api/security/findings/${finding}/state`, body: () => ({ state: 'false_positive', reason: 'taken over' }) },
  'PUT /api/security/findings/:id/requirements': { path: () => `/api/security/findings/${finding}/requirements`, body: () => ({ requirement_ids: [] }) },
  'POST /api/security/findings/triage': { path: () => '/api/security/findings/triage', body: () => ({ ids: [finding], state: 'false_positive', reason: 'taken over' }) },
  'POST /api/security/findings/export.sarif': { path: () => '/api/security/findings/export.sarif', body: () => ({ ids: [finding] }) },
  // Acme's AWS module: never synced by another organization, into its process or Acme's.
  'POST /api/security/clouds/:moduleId/sync': { path: () => `/api/security/clouds/${acmeCloud}/sync` },
};

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const routes = () => world.app.declaredRoutes.filter((route) => route.url.startsWith('/api/security'));

function call(route: DeclaredRoute, graph: string): Promise<LightMyRequestResponse> {
  const fixture = CASES[key(route)];
  // An upload names a repository of the caller's process (an application would be another 404).
  const query = route.method === 'POST' && route.url === '/api/security/findings' ? `graph=${graph}&repository=web` : `graph=${graph}`;
  const path = fixture.path();
  return world.call('ursula', route.method as 'GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, fixture.body?.());
}

async function acmeState(): Promise<unknown> {
  const of = (sql: string) => world.app.database.query(sql, [world.processId]);
  return {
    findings: await of('SELECT id, scope, state, reason, last_seen, last_import_id FROM security_findings WHERE process_id = $1 ORDER BY id'),
    imports: await of('SELECT id FROM security_finding_imports WHERE process_id = $1 ORDER BY id'),
    events: await of('SELECT e.id FROM security_finding_events e JOIN security_findings s ON s.id = e.finding_id WHERE s.process_id = $1 ORDER BY e.id'),
    sla: await of('SELECT sla FROM security_finding_sla WHERE process_id = $1'),
    links: await of('SELECT l.finding_id, l.requirement_id FROM security_finding_requirements l JOIN security_findings s ON s.id = l.finding_id WHERE s.process_id = $1 ORDER BY 1, 2'),
    cloud: await world.app.database.query('SELECT last_sync_at, last_sync_attempt, sync_process_id FROM service_modules WHERE id = $1', [acmeCloud]),
  };
}

beforeAll(async () => {
  world = await taskWorld();
  // A body without a content type is read as the file's bytes.
  const uploaded = await world.call('olga', 'POST', '/api/security/findings?graph=alpha&repository=web', readOps('eslint.sarif'));
  expect(uploaded.statusCode).toBe(200);
  acmeImport = uploaded.json().importId;
  finding = (await world.ok<{ items: Array<{ id: string }> }>('olga', 'GET', '/api/security/findings?graph=alpha&limit=1')).items[0].id;
  const configs = { region: 'eu-central-1', access_key_id: 'AKIAACME', secret_access_key: 'acme-secret', endpoint: 'http://127.0.0.1:9' };
  acmeCloud = (await world.ok<{ id: string }>('olga', 'POST', '/api/modules/aws', { name: 'Acme AWS', category: 'prod', configs }, 201)).id;
}, 120_000);

afterAll(async () => world?.close());

it('has a case for every route of the findings (a new route fails here until it has one)', () => {
  expect(Object.keys(CASES).sort()).toEqual(routes().map(key).sort());
});

it("answers 404 to every route naming Acme's findings, with the caller's process or Acme's", async () => {
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
      expect(own.body).not.toContain(finding);
    } else {
      answers.push(`${key(route)} omega ${own.statusCode}`);
      expected.push(`${key(route)} omega 404`);
    }
  }
  expect(answers).toEqual(expected);
  expect(await acmeState()).toEqual(before);
});
