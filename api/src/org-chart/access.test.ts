// @backend-agnostic: permissions, cross-organization 404s and hostile files refused before any SQL; the SQL
// is the same engine on PGlite.
// Who reaches the organization chart (spec 6: view/upload org chart, each needing `use=>OrgChart`;
// the suggestions need `use`), another organization's chart never (404 whatever the process
// named, nothing changed), and hostile files: wrong types by content, too large, a zip bomb,
// cells that are formulas or script, a BOM and semicolons.
import type { SessionCookie } from '../testing/identity';
import { withCookie } from '../testing/identity';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { routesUnder, twoOrganizations, type TestApi } from '../testing/graph';
import { chartUpload, csv, xlsx } from './testing';

let api: TestApi;
let alice: SessionCookie; // ORG_ADMIN of Acme (process pa)
let bob: SessionCookie; // ORG_ADMIN of Beta (process pb)
let acmeProcessId: string;
let aliceId: string;
const cookies: Record<string, SessionCookie> = {};

const MAPPING = { id: 0, name: 1, title: 2, manager_id: 3, email: 4, department: 5 };
const ACME = csv([
  ['A1', 'Alice Top', 'CEO', '', 'alice@example.com', 'Board'],
  ['A2', 'Ann Second', 'CTO', 'A1', 'ann@example.com', 'Engineering'],
]);

const post = (cookie: SessionCookie, url: string, body: ReturnType<typeof chartUpload>) =>
  api.app.inject({ method: 'POST', url, headers: { ...withCookie(cookie), ...body.headers }, payload: body.payload });
const acmePeople = () => api.app.database.query("SELECT p.external_id, p.name FROM org_chart_people p JOIN organizations o ON o.id = p.organization_id WHERE o.name = 'Acme' ORDER BY position");

/** A custom organization role of Acme allowing `actions` on OrgChart, given to a new user. */
async function userWithChartRights(login: string, actions: string[]): Promise<SessionCookie> {
  const role = await api.call(alice, 'POST', '/api/iam/roles', {
    name: login.toUpperCase(),
    kind: 'organization',
    description: `Org chart: ${actions.join(', ')}`,
    policies: [{ effect: 'allow', actions, resources: ['OrgChart'], condition: null }],
  });
  expect(role.statusCode).toBe(201);
  const cookie = await api.user(login, '--org', 'Acme');
  const [{ id }] = await api.app.database.query<{ id: string }>('SELECT id FROM users WHERE login_id = $1', [login]);
  expect((await api.call(alice, 'PATCH', `/api/iam/roles/${login.toUpperCase()}/assignments`, { user_id: id, assigned: true })).statusCode).toBe(204);
  return cookie;
}

beforeAll(async () => {
  const world = await twoOrganizations();
  ({ api, alice, bob, acmeProcessId } = world);
  cookies.author = await api.user('ada', '--org', 'Acme', '--member', 'pa=AUTHOR');
  cookies.reader = await api.user('rita', '--org', 'Acme', '--member', 'pa=READER');
  cookies.none = await api.user('nora', '--org', 'Acme');
  cookies.viewWithoutUse = await userWithChartRights('vic', ['view']);
  cookies.useOnly = await userWithChartRights('uma', ['use']);
  cookies.useAndView = await userWithChartRights('val', ['use', 'view']);
  [{ id: aliceId }] = await api.app.database.query<{ id: string }>("SELECT id FROM users WHERE login_id = 'alice'");
  expect((await post(alice, '/api/org-chart?graph=pa', chartUpload('acme.csv', ACME, MAPPING))).statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const ROUTES = () => routesUnder(api, ['/api/org-chart']).map((route) => `${route.method} ${route.url}`).sort();

it('covers the org chart routes, each with its permission', () => {
  expect(ROUTES()).toEqual(['GET /api/org-chart', 'GET /api/org-chart/people/:id', 'GET /api/org-chart/suggestions', 'POST /api/org-chart', 'POST /api/org-chart/preview']);
  const permissions = Object.fromEntries(routesUnder(api, ['/api/org-chart']).map((route) => [`${route.method} ${route.url}`, route.permission]));
  expect(permissions).toEqual({
    'GET /api/org-chart': 'view=>OrgChart',
    'GET /api/org-chart/people/:id': 'view=>OrgChart',
    'GET /api/org-chart/suggestions': 'use=>OrgChart',
    'POST /api/org-chart': 'upload=>OrgChart',
    'POST /api/org-chart/preview': 'upload=>OrgChart',
  });
});

it('lets each role do what its permissions allow, view and upload only with use', async () => {
  const statuses = async (cookie: SessionCookie) => ({
    chart: (await api.call(cookie, 'GET', '/api/org-chart?graph=pa')).statusCode,
    person: (await api.call(cookie, 'GET', '/api/org-chart/people/A2?graph=pa')).statusCode,
    suggestions: (await api.call(cookie, 'GET', `/api/org-chart/suggestions?graph=pa&owner=${aliceId}`)).statusCode,
    preview: (await post(cookie, '/api/org-chart/preview?graph=pa', chartUpload('acme.csv', ACME))).statusCode,
    // A refused import: what matters is whether the permission let it through to the check of its rows.
    upload: (await post(cookie, '/api/org-chart?graph=pa', chartUpload('acme.csv', csv([['X', '', '', '', '', '']]), MAPPING))).statusCode,
  });
  expect(await statuses(alice)).toEqual({ chart: 200, person: 200, suggestions: 200, preview: 200, upload: 422 });
  expect(await statuses(cookies.author)).toEqual({ chart: 200, person: 200, suggestions: 200, preview: 200, upload: 422 });
  expect(await statuses(cookies.reader)).toEqual({ chart: 200, person: 200, suggestions: 200, preview: 403, upload: 403 });
  expect(await statuses(cookies.useAndView)).toEqual({ chart: 200, person: 200, suggestions: 200, preview: 403, upload: 403 });
  expect(await statuses(cookies.viewWithoutUse)).toEqual({ chart: 403, person: 403, suggestions: 403, preview: 403, upload: 403 });
  expect(await statuses(cookies.useOnly)).toEqual({ chart: 403, person: 403, suggestions: 200, preview: 403, upload: 403 });
  expect(await statuses(cookies.none)).toEqual({ chart: 403, person: 403, suggestions: 403, preview: 403, upload: 403 });
  expect((await api.app.inject({ method: 'GET', url: '/api/org-chart?graph=pa' })).statusCode).toBe(401);
  expect((await acmePeople()).map((row) => (row as { external_id: string }).external_id)).toEqual(['A1', 'A2']);
});

it("answers 404 for Acme's chart to Beta whatever the process named, and changes nothing of Acme's", async () => {
  const routes = routesUnder(api, ['/api/org-chart']);
  const upload = chartUpload('takeover.csv', csv([['B1', 'Bob Takeover', '', '', '', '']]), MAPPING);
  const answers = [];
  for (const [label, graph] of [['pa', 'pa'], ['<id>', acmeProcessId]] as const) {
    for (const route of routes) {
      const url = `${route.url.replace(':id', 'A2')}?graph=${graph}${route.url.endsWith('suggestions') ? `&owner=${aliceId}` : ''}`;
      const response = route.method === 'POST' ? await post(bob, url, upload) : await api.call(bob, 'GET', url);
      answers.push(`${route.method} ${route.url} graph=${label} → ${response.statusCode}`);
    }
  }
  expect(answers).toEqual(['pa', '<id>'].flatMap((label) => routes.map((route) => `${route.method} ${route.url} graph=${label} → 404`)));
  // In Beta's own process: Beta's (empty) chart, Acme's person unknown, Acme's user unknown.
  expect((await api.call(bob, 'GET', '/api/org-chart?graph=pb')).json()).toMatchObject({ people: [], uploaded_at: null });
  expect((await api.call(bob, 'GET', '/api/org-chart/people/A2?graph=pb')).statusCode).toBe(404);
  expect((await api.call(bob, 'GET', `/api/org-chart/suggestions?graph=pb&owner=${aliceId}`)).statusCode).toBe(404);
  // Beta's own import leaves Acme's chart as it was.
  expect((await post(bob, '/api/org-chart?graph=pb', upload)).statusCode).toBe(200);
  expect((await acmePeople()).map((row) => (row as { external_id: string }).external_id)).toEqual(['A1', 'A2']);
  expect((await api.call(alice, 'GET', '/api/org-chart?graph=pa')).json().people).toHaveLength(2);
});

describe('hostile files', () => {
  const preview = (name: string, content: string | Buffer) => post(alice, '/api/org-chart/preview?graph=pa', chartUpload(name, content));
  const detailOf = async (response: Promise<{ statusCode: number; json(): { detail: string } }>) => {
    const answer = await response;
    return [answer.statusCode, answer.json().detail];
  };

  it('refuses what is not CSV or XLSX by its content, whatever its name (415)', async () => {
    const wrong = [415, 'The file must be a CSV file (UTF-8 text) or an XLSX workbook.'];
    expect(await detailOf(preview('people.csv', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\x00\x01', 'latin1')))).toEqual(wrong);
    expect(await detailOf(preview('people.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])))).toEqual(wrong);
    // An old binary .xls (OLE2) and a zip that is no workbook.
    expect(await detailOf(preview('people.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])))).toEqual(wrong);
    expect(await detailOf(preview('people.xlsx', Buffer.from(zipSync({ 'readme.txt': strToU8('hello') }))))).toEqual(wrong);
    expect(await detailOf(preview('people.xlsx', Buffer.from('PK\u0003\u0004 not really a zip')))).toEqual(wrong);
  });

  it('refuses a file over the limit (413), a zip bomb before it expands, an empty file and a header alone', async () => {
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
    expect(await detailOf(preview('huge.csv', huge))).toEqual([413, 'The file is larger than 5 MB.']);
    // A sheet of 65 MB of zeros: a few kB in the zip.
    const files = unzipSync(xlsx([['id', 'name'], ['1', 'a']]));
    files['xl/worksheets/sheet1.xml'] = new Uint8Array(65 * 1024 * 1024);
    expect(await detailOf(preview('bomb.xlsx', Buffer.from(zipSync(files, { level: 1 }))))).toEqual([413, 'The workbook expands to more than 64 MB.']);
    expect(await detailOf(preview('empty.csv', ''))).toEqual([400, 'The file is empty.']);
    expect(await detailOf(preview('header.csv', 'id,name\r\n'))).toEqual([400, 'The file has a header row but no people.']);
    const notMultipart = await api.call(alice, 'POST', '/api/org-chart/preview?graph=pa', { file: 'id,name' });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().detail).toMatch(/^Send the chart as multipart\/form-data/);
  });

  it('keeps formulas as text, refuses script in a cell by its line, reads a BOM and semicolons', async () => {
    const text = '\uFEFFid;name;title;manager_id;email;department\r\nF1;"=cmd|\' /C calc\'!A0";@SUM(1+1);;;+Sales\r\nF2;"Semi; Colon";-2+3;F1;;Ops\r\n';
    const imported = await post(alice, '/api/org-chart?graph=pa', chartUpload('formulas.csv', text, MAPPING));
    expect(imported.statusCode).toBe(200);
    const people = (await api.call(alice, 'GET', '/api/org-chart?graph=pa')).json().people;
    expect(people).toEqual([
      ['F1', "=cmd|' /C calc'!A0", '@SUM(1+1)', null, null, '+Sales', null, null],
      ['F2', 'Semi; Colon', '-2+3', 'F1', null, 'Ops', null, null],
    ]);
    const script = csv([['S1', 'javascript:alert(1)', '', '', '', '']]);
    const refused = await post(alice, '/api/org-chart?graph=pa', chartUpload('script.csv', script, MAPPING));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().rows).toEqual([{ line: 2, field: 'name', message: 'The name: Invalid input.' }]);
    const unclosed = await preview('broken.csv', 'id,name\r\n1,"never closed\r\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().detail).toMatch(/^The CSV file could not be read/);
  });
});
