// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the alarms (DOMAIN_SUITES of authorization/cross-organization.test.ts):
// every route under /api/alarms, called by another organization's admin with Acme's alarm id —
// with ?graph of the caller's own process or of Acme's — answers 404 (a list or a create in the
// caller's own process: nothing of Acme's), and nothing of Acme changes.
import type { LightMyRequestResponse } from 'fastify';
import type { DeclaredRoute } from '../authorization/guard';
import { taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
let alarm = '';

interface Case {
  path: () => string;
  body?: () => unknown;
  list?: boolean;
}

const rule = { name: 'Taken over', metric_key: 'overdue_tasks', labels: {}, comparator: '>', threshold: 0, for_minutes: 0, severity: 'low' };

const CASES: Record<string, Case> = {
  'GET /api/alarms': { path: () => '/api/alarms', list: true },
  'POST /api/alarms': { path: () => '/api/alarms', body: () => rule, list: true },
  'POST /api/alarms/preview': { path: () => '/api/alarms/preview', body: () => rule, list: true },
  'GET /api/alarms/:id': { path: () => `/api/alarms/${alarm}` },
  'PUT /api/alarms/:id': { path: () => `/api/alarms/${alarm}`, body: () => rule },
  'DELETE /api/alarms/:id': { path: () => `/api/alarms/${alarm}` },
  'POST /api/alarms/:id/acknowledge': { path: () => `/api/alarms/${alarm}/acknowledge`, body: () => ({ note: 'mine now' }) },
  'GET /api/alarms/:id/history': { path: () => `/api/alarms/${alarm}/history` },
  'GET /api/alarms/:id/preview': { path: () => `/api/alarms/${alarm}/preview` },
};

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const routes = () => world.app.declaredRoutes.filter((route) => route.url.startsWith('/api/alarms'));

function call(route: DeclaredRoute, graph: string): Promise<LightMyRequestResponse> {
  const fixture = CASES[key(route)]!;
  return world.call('ursula', route.method as 'GET', `${fixture.path()}?graph=${graph}`, fixture.body?.());
}

async function acmeState(): Promise<unknown> {
  const of = (sql: string) => world.app.database.query(sql, [world.processId]);
  return {
    alarms: await of('SELECT id, name, state, updated_at, webhook_secret FROM alarms WHERE process_id = $1 ORDER BY id'),
    events: await of('SELECT e.id, e.to_state FROM alarm_events e JOIN alarms a ON a.id = e.alarm_id WHERE a.process_id = $1 ORDER BY e.id'),
  };
}

beforeAll(async () => {
  world = await taskWorld();
  alarm = (
    await world.ok<{ id: string }>(
      'olga',
      'POST',
      '/api/alarms?graph=alpha',
      { ...rule, name: 'Acme alarm', user_ids: [world.ids.rita], webhook_url: 'https://hooks.acme.test/alarm', webhook_secret: 'acme-secret-0123456789' },
      201,
    )
  ).id;
  // Firing: an acknowledgement would be allowed to Acme's own admin.
  await world.app.database.query("UPDATE alarms SET state = 'firing' WHERE id = $1", [alarm]);
}, 120_000);

afterAll(async () => world?.close());

it('has a case for every route of the alarms (a new route fails here until it has one)', () => {
  expect(Object.keys(CASES).sort()).toEqual(routes().map(key).sort());
});

it("answers 404 to every route naming Acme's alarm, with the caller's process or Acme's", async () => {
  const before = await acmeState();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routes()) {
    const fixture = CASES[key(route)]!;
    answers.push(`${key(route)} alpha ${(await call(route, 'alpha')).statusCode}`);
    expected.push(`${key(route)} alpha 404`);
    const own = await call(route, 'omega');
    if (fixture.list) {
      expect(own.statusCode).toBeLessThan(300);
      expect(own.body).not.toContain(alarm);
      expect(own.body).not.toContain('Acme alarm');
    } else {
      answers.push(`${key(route)} omega ${own.statusCode}`);
      expected.push(`${key(route)} omega 404`);
    }
  }
  expect(answers).toEqual(expected);
  expect(await acmeState()).toEqual(before);
});

it("refuses Acme's users and workgroups as recipients of another organization's alarm", async () => {
  const response = await world.call('ursula', 'POST', '/api/alarms?graph=omega', { ...rule, user_ids: [world.ids.rita] });
  expect(response.statusCode).toBe(400);
  expect(response.json().detail).toBe(`'user_ids': ${world.ids.rita} is not a user of this organization.`);
  const group = await world.call('ursula', 'POST', '/api/alarms?graph=omega', { ...rule, workgroup_ids: [world.workgroupId] });
  expect(group.statusCode).toBe(400);
});
