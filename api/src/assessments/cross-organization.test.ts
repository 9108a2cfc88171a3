// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the analysis routes (DOMAIN_SUITES of authorization/cross-organization.test.ts):
// every route under /api/assessments, /api/conflicts and /api/attachments, and the analysis routes
// under /api/requirements, called by another organization's admin with Acme's ids — in the path
// or the body, with ?graph of the caller's own process or of Acme's — answers 404 (or, for a
// list of the caller's own process, nothing of Acme's), and nothing of Acme changes.
import type { LightMyRequestResponse } from 'fastify';
import { withCookie } from '../testing/identity';
import type { DeclaredRoute } from '../authorization/guard';
import { createFixture, multipart, type Fixture } from '../testing/analysis';

let f: Fixture;
const acme: Record<'requirement' | 'other' | 'gap' | 'risk' | 'conflict' | 'attachment', string> = {
  requirement: '',
  other: '',
  gap: '',
  risk: '',
  conflict: '',
  attachment: '',
};

const PREFIXES = ['/api/assessments', '/api/conflicts', '/api/attachments'];
/** The analysis routes under /api/requirements (the rest are the requirements suite's). */
const REQUIREMENT_ROUTES = [
  'GET /api/requirements/planes',
  'PUT /api/requirements/:id/plane',
  'GET /api/requirements/duplicates',
  'GET /api/requirements/:id/duplicates',
  'POST /api/requirements/duplicates/dismiss',
  'POST /api/requirements/duplicates/link',
  'GET /api/requirements/traceability',
  'POST /api/requirements/:id/gaps',
  'POST /api/requirements/:id/risks',
  'POST /api/requirements/:id/attachments',
  'GET /api/requirements/:id/attachments',
];

interface Case {
  /** The Acme object the path's :id names. */
  id?: () => string;
  /** A body the route accepts, naming Acme's objects where it names any. */
  body?: () => object;
  multipart?: boolean;
  /** No Acme object in path or body: with the caller's own process it answers the caller's data. */
  list?: boolean;
}

const CASES: Record<string, Case> = {
  'POST /api/requirements/:id/gaps': { id: () => acme.requirement, body: () => ({ description: 'x', remediation_plan: 'y', target_date: '2026-12-01' }) },
  'GET /api/assessments/gaps': { list: true },
  'POST /api/assessments/gaps/:id/close': { id: () => acme.gap, body: () => ({ comment: 'taken over' }) },
  'POST /api/requirements/:id/risks': { id: () => acme.requirement, body: () => ({ likelihood: 5, impact: 5, description: 'x' }) },
  'GET /api/assessments/risks': { list: true },
  'POST /api/conflicts': { body: () => ({ requirement_a_id: acme.requirement, requirement_b_id: acme.other, description: 'x' }) },
  'GET /api/conflicts': { list: true },
  'POST /api/requirements/:id/attachments': { id: () => acme.requirement, multipart: true },
  'GET /api/requirements/:id/attachments': { id: () => acme.requirement },
  'GET /api/attachments/:id/download': { id: () => acme.attachment },
  'DELETE /api/attachments/:id': { id: () => acme.attachment },
  // The evidence library's share (issue 23): Acme's attachment is not Beta's to share.
  'POST /api/attachments/share': { body: () => ({ attachment_id: acme.attachment }) },
  'GET /api/requirements/planes': { list: true },
  'PUT /api/requirements/:id/plane': { id: () => acme.requirement, body: () => ({ x: 0.9, y: 0.9 }) },
  'GET /api/requirements/duplicates': { list: true },
  'GET /api/requirements/:id/duplicates': { id: () => acme.requirement },
  'POST /api/requirements/duplicates/dismiss': { body: () => ({ a_id: acme.requirement, b_id: acme.other }) },
  'POST /api/requirements/duplicates/link': { body: () => ({ a_id: acme.requirement, b_id: acme.other, action: 'merge' }) },
  'GET /api/requirements/traceability': { list: true },
};

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;

const routes = () =>
  f.app.declaredRoutes.filter(
    (route) => PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)) || REQUIREMENT_ROUTES.includes(key(route)),
  );

function call(route: DeclaredRoute, graph: string): Promise<LightMyRequestResponse> {
  const fixture = CASES[key(route)];
  const url = `${route.url.replace(':id', fixture.id?.() ?? ':id')}?graph=${graph}`;
  if (fixture.multipart) {
    const body = multipart('evidence.txt', 'planted by another organization', 'text/plain');
    return f.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...withCookie(f.bob), ...body.headers } });
  }
  return f.call(f.bob, route.method as 'GET', url, fixture.body?.());
}

/** What Acme has: every analysis row and the requirements' state. */
async function acmeState(): Promise<unknown> {
  const db = f.app.database;
  const of = (sql: string) => db.query(sql, [f.ids.alpha]);
  return {
    requirements: await of('SELECT id, parent_id, deleted_at, plane_x, plane_y, version FROM requirements WHERE process_id = $1 ORDER BY id'),
    gaps: await of('SELECT id, requirement_id, status, closed_at FROM gaps WHERE process_id = $1 ORDER BY id'),
    risks: await of('SELECT id, requirement_id, status FROM risks WHERE process_id = $1 ORDER BY id'),
    conflicts: await of('SELECT id, status FROM conflicts WHERE process_id = $1 ORDER BY id'),
    attachments: await of('SELECT id, requirement_id, sha256 FROM attachments WHERE process_id = $1 ORDER BY id'),
    tasks: await of('SELECT id, status, requirement_id FROM tasks WHERE process_id = $1 ORDER BY id'),
    links: await of('SELECT a_id, b_id, kind FROM requirement_links WHERE process_id = $1'),
    dismissals: await of('SELECT a_id, b_id FROM duplicate_dismissals WHERE process_id = $1'),
    events: await of('SELECT count(*)::int AS n FROM requirement_events WHERE process_id = $1'),
    anything: await db.query(
      `SELECT (SELECT count(*)::int FROM gaps) AS gaps, (SELECT count(*)::int FROM risks) AS risks, (SELECT count(*)::int FROM conflicts) AS conflicts,
              (SELECT count(*)::int FROM attachments) AS attachments, (SELECT count(*)::int FROM tasks) AS tasks`,
    ),
  };
}

beforeAll(async () => {
  f = await createFixture();
  acme.requirement = await f.requirement({ code: 'AC-1', title: 'Account lockout', description: 'Lock accounts after failed sign-in attempts.', owner: f.ids.amy });
  acme.other = await f.requirement({ code: 'AC-2', title: 'Lock accounts', description: 'Accounts are locked after failed sign-in attempts.' });
  // Beta has a requirement too: lists of its own process have something to answer.
  await f.requirement({ code: 'B-1', title: 'Beta requirement', process: 'beta' });
  const json = async (response: Promise<LightMyRequestResponse>) => {
    const answered = await response;
    if (answered.statusCode >= 300) throw new Error(`${answered.statusCode}: ${answered.body}`);
    return answered.json() as { id: string };
  };
  acme.gap = (await json(f.call(f.olga, 'POST', `/api/requirements/${acme.requirement}/gaps?graph=alpha`, { description: 'g', remediation_plan: 'p', target_date: '2026-10-01' }))).id;
  acme.risk = (await json(f.call(f.olga, 'POST', `/api/requirements/${acme.requirement}/risks?graph=alpha`, { likelihood: 2, impact: 3, description: 'r' }))).id;
  acme.conflict = (await json(f.call(f.olga, 'POST', '/api/conflicts?graph=alpha', { requirement_a_id: acme.requirement, requirement_b_id: acme.other, description: 'c' }))).id;
  const upload = multipart('evidence.pdf', '%PDF-1.4 acme evidence', 'application/pdf');
  acme.attachment = (
    await json(
      f.app.inject({
        method: 'POST',
        url: `/api/requirements/${acme.requirement}/attachments?graph=alpha`,
        payload: upload.payload,
        headers: { ...withCookie(f.olga), ...upload.headers },
      }),
    )
  ).id;
  await json(f.call(f.olga, 'PUT', `/api/requirements/${acme.requirement}/plane?graph=alpha`, { x: 0.25, y: 0.5 }));
}, 60_000);

afterAll(() => f.close());

it('has a case for every analysis route (a new route fails here until it has one)', () => {
  expect(routes().map(key).filter((route) => !(route in CASES))).toEqual([]);
  expect(REQUIREMENT_ROUTES.filter((route) => !routes().some((declared) => key(declared) === route))).toEqual([]);
  expect(Object.keys(CASES).sort()).toEqual(routes().map(key).sort());
});

it("answers 404 to every route naming Acme's objects, with the caller's process or Acme's", async () => {
  const before = await acmeState();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routes()) {
    const fixture = CASES[key(route)];
    const inAcme = await call(route, 'alpha');
    answers.push(`${key(route)} ?graph=alpha → ${inAcme.statusCode}`);
    expected.push(`${key(route)} ?graph=alpha → 404`);
    const own = await call(route, 'beta');
    if (fixture.list) {
      // The caller's own process: an answer about Beta only, without any Acme id.
      const leaked = Object.values(acme).filter((id) => own.body.includes(id));
      answers.push(`${key(route)} ?graph=beta → ${own.statusCode}${leaked.length > 0 ? ` leaking ${leaked.join(', ')}` : ''}`);
      expected.push(`${key(route)} ?graph=beta → 200`);
    } else {
      answers.push(`${key(route)} ?graph=beta → ${own.statusCode}`);
      expected.push(`${key(route)} ?graph=beta → 404`);
    }
  }
  expect(answers).toEqual(expected);
  expect(await acmeState()).toEqual(before);
});

it("leaves Acme's objects as they were", async () => {
  const gaps = (await f.call(f.olga, 'GET', '/api/assessments/gaps?graph=alpha')).json();
  expect(gaps).toEqual([expect.objectContaining({ id: acme.gap, status: 'OPEN' })]);
  expect((await f.call(f.olga, 'GET', '/api/assessments/risks?graph=alpha')).json()).toEqual([expect.objectContaining({ id: acme.risk, status: 'OPEN' })]);
  expect((await f.call(f.olga, 'GET', '/api/conflicts?graph=alpha')).json()).toEqual([expect.objectContaining({ id: acme.conflict, status: 'OPEN' })]);
  const download = await f.call(f.olga, 'GET', `/api/attachments/${acme.attachment}/download?graph=alpha`);
  expect(download.body).toBe('%PDF-1.4 acme evidence');
  expect((await f.call(f.olga, 'GET', '/api/requirements/planes?graph=alpha')).json().placed).toEqual([
    expect.objectContaining({ requirement: expect.objectContaining({ id: acme.requirement }), x: 0.25, y: 0.5 }),
  ]);
  // The pair was neither dismissed, linked nor merged: still a candidate.
  expect((await f.call(f.olga, 'GET', `/api/requirements/${acme.requirement}/duplicates?graph=alpha`)).json()).toEqual([
    expect.objectContaining({ b: expect.objectContaining({ id: acme.other }) }),
  ]);
});
