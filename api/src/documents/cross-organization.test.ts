// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the evidence library (DOMAIN_SUITES of authorization/cross-organization.test.ts):
// every route under /api/documents, GET /api/requirements/:id/evidence and GET /api/tasks/:id/attachments, called by another
// organization's admin with Acme's ids — with ?graph of the caller's own process or of Acme's —
// answers 404 (a list of the caller's own process: nothing of Acme's), and nothing of Acme changes.
import type { LightMyRequestResponse } from 'fastify';
import type { DeclaredRoute } from '../authorization/guard';
import { createFixture, type Fixture } from '../testing/analysis';
import { upload } from '../testing/documents';

let f: Fixture;
const acme = { requirement: '', document: '', task: '' };

interface Case {
  path: () => string;
  body?: () => object;
  multipart?: boolean;
  list?: boolean;
}

const CASES: Record<string, Case> = {
  'GET /api/documents': { path: () => '/api/documents', list: true },
  'POST /api/documents': { path: () => '/api/documents', multipart: true, list: true },
  'GET /api/documents/evidence.csv': { path: () => '/api/documents/evidence.csv', list: true },
  'GET /api/documents/:id': { path: () => `/api/documents/${acme.document}` },
  'GET /api/documents/:id/download': { path: () => `/api/documents/${acme.document}/download` },
  'PATCH /api/documents/:id': { path: () => `/api/documents/${acme.document}`, body: () => ({ tags: ['taken'] }) },
  'DELETE /api/documents/:id': { path: () => `/api/documents/${acme.document}` },
  'PUT /api/documents/:id/requirements/:requirementId': { path: () => `/api/documents/${acme.document}/requirements/${acme.requirement}` },
  'DELETE /api/documents/:id/requirements/:requirementId': { path: () => `/api/documents/${acme.document}/requirements/${acme.requirement}` },
  'GET /api/requirements/:id/evidence': { path: () => `/api/requirements/${acme.requirement}/evidence` },
  'PUT /api/documents/:id/tasks/:taskId': { path: () => `/api/documents/${acme.document}/tasks/${acme.task}` },
  'DELETE /api/documents/:id/tasks/:taskId': { path: () => `/api/documents/${acme.document}/tasks/${acme.task}` },
  'GET /api/tasks/:id/attachments': { path: () => `/api/tasks/${acme.task}/attachments` },
};

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const OTHERS = ['GET /api/requirements/:id/evidence', 'GET /api/tasks/:id/attachments'];
const routes = () => f.app.declaredRoutes.filter((route) => route.url.startsWith('/api/documents') || OTHERS.includes(key(route)));

function call(route: DeclaredRoute, graph: string): Promise<LightMyRequestResponse> {
  const fixture = CASES[key(route)];
  if (fixture.multipart) return upload(f, f.bob, [{ name: 'planted.txt', content: 'planted by another organization' }], {}, graph);
  return f.call(f.bob, route.method as 'GET', `${fixture.path()}?graph=${graph}`, fixture.body?.());
}

async function acmeState(): Promise<unknown> {
  const of = (sql: string) => f.app.database.query(sql, [f.ids.alpha]);
  return {
    documents: await of('SELECT id, folder, name, tags, current_version FROM documents WHERE process_id = $1 ORDER BY id'),
    versions: await of('SELECT v.document_id, v.version, v.sha256 FROM document_versions v JOIN documents d ON d.id = v.document_id WHERE d.process_id = $1 ORDER BY 1, 2'),
    links: await of('SELECT l.document_id, l.requirement_id FROM document_requirements l JOIN documents d ON d.id = l.document_id WHERE d.process_id = $1'),
    attachments: await of('SELECT l.document_id, l.task_id FROM document_tasks l JOIN documents d ON d.id = l.document_id WHERE d.process_id = $1'),
  };
}

beforeAll(async () => {
  f = await createFixture();
  acme.requirement = await f.requirement({ code: 'AC-1', title: 'Account lockout' });
  const uploaded = await upload(f, f.olga, [{ name: 'lockout-test.txt', content: 'Acme evidence' }]);
  acme.document = uploaded.json().documents[0].id;
  await f.call(f.olga, 'PUT', `/api/documents/${acme.document}/requirements/${acme.requirement}?graph=alpha`);
  acme.task = (await f.call(f.olga, 'POST', '/api/tasks?graph=alpha', { title: 'Acme access review' })).json().id;
  await f.call(f.olga, 'PUT', `/api/documents/${acme.document}/tasks/${acme.task}?graph=alpha`);
}, 60_000);

afterAll(() => f.close());

it('has a case for every route of the library (a new route fails here until it has one)', () => {
  expect(Object.keys(CASES).sort()).toEqual(routes().map(key).sort());
});

it("answers 404 to every route naming Acme's objects, with the caller's process or Acme's", async () => {
  const before = await acmeState();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routes()) {
    const fixture = CASES[key(route)];
    answers.push(`${key(route)} alpha ${(await call(route, 'alpha')).statusCode}`);
    expected.push(`${key(route)} alpha 404`);
    const own = await call(route, 'beta');
    if (fixture.list) {
      expect(own.statusCode).toBeLessThan(300);
      expect(own.body).not.toContain(acme.document);
      expect(own.body).not.toContain('lockout-test');
    } else {
      answers.push(`${key(route)} beta ${own.statusCode}`);
      expected.push(`${key(route)} beta 404`);
    }
  }
  expect(answers).toEqual(expected);
  expect(await acmeState()).toEqual(before);
});
