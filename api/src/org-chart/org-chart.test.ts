// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The organization chart through the API (issue 23 items 10, 11): a file previewed (columns, first
// rows, proposed mapping), imported with the chosen mapping, refused row by row with line numbers
// (nothing changed), re-uploaded with the change report, read whole and by person with the linked
// portal users, the assignment suggestions, and the live event that reloads open charts.
import { ORG_CHART_EVENT, type OrgChart } from '@portal/shared/server';
import type { SessionCookie } from '../testing/identity';
import { withCookie } from '../testing/identity';
import { startTestApi, type TestApi } from '../testing/graph';
import { chartUpload, csv, xlsx } from './testing';

let api: TestApi;
let olga: SessionCookie; // ORG_ADMIN of Acme: uploads
let rita: SessionCookie; // READER of alpha: views the chart
let bea: SessionCookie; // READER of beta: the same organization's chart
const ids: Record<string, string> = {};

const MAPPING = { id: 0, name: 1, title: 2, manager_id: 3, email: 4, department: 5 };
const FIRST = csv([
  ['E1', 'Olga Chief', 'CEO', '', 'olga@example.com', 'Board'],
  ['E2', 'Ada Lead', 'CTO', 'E1', 'ADA@example.com', 'Engineering'],
  ['E3', 'Rita Dev', 'Engineer', 'E2', 'rita@example.com', 'Engineering'],
  ['E4', 'Sam Sales', 'Sales lead', 'E1', 'sam@elsewhere.example', 'Sales'],
]);

const send = (cookie: SessionCookie, url: string, body: ReturnType<typeof chartUpload>) =>
  api.app.inject({ method: 'POST', url, headers: { ...withCookie(cookie), ...body.headers }, payload: body.payload });
const importCsv = (text: string | Buffer, mapping: unknown = MAPPING, cookie = olga) => send(cookie, '/api/org-chart?graph=alpha', chartUpload('people.csv', text, mapping));
const chart = async (cookie = rita): Promise<OrgChart> => (await api.call(cookie, 'GET', '/api/org-chart?graph=alpha')).json();
const storedPeople = () => api.app.database.query('SELECT external_id, name, title, manager_id, email, department FROM org_chart_people ORDER BY position');

beforeAll(async () => {
  api = await startTestApi({ Acme: ['alpha', 'beta'] });
  olga = await api.user('olga', '--org', 'Acme', '--role', 'ORG_ADMIN');
  await api.user('ada', '--org', 'Acme', '--member', 'alpha=AUTHOR');
  rita = await api.user('rita', '--org', 'Acme', '--member', 'alpha=READER');
  bea = await api.user('bea', '--org', 'Acme', '--member', 'beta=READER');
  await api.user('tess', '--org', 'Acme');
  for (const row of await api.app.database.query<{ id: string; login_id: string }>('SELECT id, login_id FROM users')) ids[row.login_id] = row.id;
}, 120_000);

afterAll(async () => {
  await api?.close();
});

it('answers an empty chart before the first upload', async () => {
  expect(await chart()).toEqual({ uploaded_at: null, uploaded_by: null, file_name: null, columns: ['id', 'name', 'title', 'manager_id', 'email', 'department', 'user_id', 'login_id'], people: [] });
});

it('previews a CSV: columns, first rows with their lines, a mapping proposed from the header, nothing stored', async () => {
  const text = 'Employee ID;Full Name;Job Title;Reports To;E-mail;Team\r\nE1;Olga Chief;CEO;;olga@example.com;Board\r\n\r\nE2;Ada Lead;CTO;E1;ada@example.com;Engineering\r\n';
  const response = await send(olga, '/api/org-chart/preview?graph=alpha', chartUpload('people.csv', `\uFEFF${text}`));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    file_name: 'people.csv',
    format: 'csv',
    columns: ['Employee ID', 'Full Name', 'Job Title', 'Reports To', 'E-mail', 'Team'],
    rows: [
      { line: 2, cells: ['E1', 'Olga Chief', 'CEO', '', 'olga@example.com', 'Board'] },
      { line: 4, cells: ['E2', 'Ada Lead', 'CTO', 'E1', 'ada@example.com', 'Engineering'] },
    ],
    row_count: 2,
    mapping: { id: 0, name: 1, title: 2, manager_id: 3, email: 4, department: 5 },
  });
  expect(await storedPeople()).toEqual([]);
});

it('previews an XLSX workbook the same way', async () => {
  const book = xlsx([['Name', 'ID', 'Manager'], ['Olga Chief', 'E1', ''], ['Ada Lead', 'E2', 'E1']]);
  const response = await send(olga, '/api/org-chart/preview?graph=alpha', chartUpload('people.xlsx', book, undefined, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    format: 'xlsx',
    columns: ['Name', 'ID', 'Manager'],
    rows: [{ line: 2, cells: ['Olga Chief', 'E1', ''] }, { line: 3, cells: ['Ada Lead', 'E2', 'E1'] }],
    mapping: { id: 1, name: 0, title: null, manager_id: 2, email: null, department: null },
  });
});

it('refuses an import with every row error and its line, and changes nothing', async () => {
  const bad = csv([
    ['E1', 'Olga Chief', 'CEO', '', 'olga@example.com', 'Board'],
    ['', 'No Id', '', 'E1', '', ''],
    ['E2', '', '', 'E1', '', ''],
    ['E1', 'Twice', '', '', '', ''],
    ['E3', 'Lost', '', 'E99', '', ''],
    ['E4', 'Loop A', '', 'E5', '', ''],
    ['E5', 'Loop B', '', 'E4', '', ''],
    ['E6', 'Bad Mail', '', 'E1', 'not-an-email', ''],
  ]);
  const response = await importCsv(bad);
  expect(response.statusCode).toBe(422);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({
    status: 422,
    detail: 'The chart was not imported: 7 errors in the file. Nothing changed.',
    rows: [
      { line: 3, field: 'id', message: 'The id is missing.' },
      { line: 4, field: 'name', message: 'The name is missing.' },
      { line: 5, field: 'id', message: "The id 'E1' is already used on line 2." },
      { line: 6, field: 'manager_id', message: "The manager 'E99' is not in the file." },
      { line: 7, field: 'manager_id', message: 'The management chain is a cycle: E4 → E5 → E4 (lines 7, 8).' },
      { line: 8, field: 'manager_id', message: 'The management chain is a cycle: E4 → E5 → E4 (lines 7, 8).' },
      { line: 9, field: 'email', message: "The email 'not-an-email' is not a valid address." },
    ],
  });
  expect(await storedPeople()).toEqual([]);
  expect((await chart()).uploaded_at).toBeNull();
});

it('refuses a mapping without id or name, naming a column twice or out of the file (400)', async () => {
  const cases: Array<[unknown, string]> = [
    [{ id: 0 }, "Map the columns of 'id' and 'name': both are required."],
    [{ id: 0, name: 0 }, "The column 'id' is mapped to both 'id' and 'name'."],
    [{ id: 0, name: 9 }, "The mapping of 'name' must be the index of one of the file's 6 columns (0 to 5)."],
    [{ id: 0, name: 1, boss: 3 }, "The mapping names 'boss', which is not one of id, name, title, manager_id, email, department."],
    ['{not json', 'Send the mapping as JSON in the field \'mapping\', e.g. {"id":0,"name":1}.'],
  ];
  for (const [mapping, detail] of cases) {
    const response = await importCsv(FIRST, mapping);
    expect({ status: response.statusCode, detail: response.json().detail }).toEqual({ status: 400, detail });
  }
  const withoutMapping = await send(olga, '/api/org-chart?graph=alpha', chartUpload('people.csv', FIRST));
  expect(withoutMapping.statusCode).toBe(400);
  expect(await storedPeople()).toEqual([]);
});

it('imports a chart: everyone added, people linked to portal users by email (any case), told live to who may view it', async () => {
  const [{ seq }] = await api.app.database.query<{ seq: string | null }>('SELECT max(seq)::text AS seq FROM outbox');
  const response = await importCsv(FIRST);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    people: 4,
    added: [{ id: 'E1', name: 'Olga Chief' }, { id: 'E2', name: 'Ada Lead' }, { id: 'E3', name: 'Rita Dev' }, { id: 'E4', name: 'Sam Sales' }],
    moved: [],
    removed: [],
    updated: [],
    unchanged: 0,
  });
  const shown = await chart();
  expect(shown).toMatchObject({ file_name: 'people.csv', uploaded_by: { id: ids.olga, login_id: 'olga', name: 'User olga' } });
  expect(shown.people).toEqual([
    ['E1', 'Olga Chief', 'CEO', null, 'olga@example.com', 'Board', ids.olga, 'olga'],
    ['E2', 'Ada Lead', 'CTO', 'E1', 'ADA@example.com', 'Engineering', ids.ada, 'ada'],
    ['E3', 'Rita Dev', 'Engineer', 'E2', 'rita@example.com', 'Engineering', ids.rita, 'rita'],
    ['E4', 'Sam Sales', 'Sales lead', 'E1', 'sam@elsewhere.example', 'Sales', null, null],
  ]);
  // The organization's chart: a reader of another process sees the same one.
  expect((await api.call(bea, 'GET', '/api/org-chart?graph=beta')).json().people).toHaveLength(4);
  const events = await api.app.database.query<{ destination: string; body: { type: string; session_id: string; data: Record<string, unknown> } }>(
    `SELECT destination, body FROM outbox WHERE seq > $1 AND body->>'type' = $2 ORDER BY destination`,
    [Number(seq ?? 0), ORG_CHART_EVENT],
  );
  // Every user who may view the chart in one of the organization's processes; not tess (no role).
  expect(events.map((event) => event.destination).sort()).toEqual(['olga', 'ada', 'rita', 'bea'].map((login) => `events#${ids[login]}`).sort());
  expect(events[0].body.data).toEqual({ kind: 'org-chart', login_id: 'olga', people: 4, added: 4, moved: 0, removed: 0, updated: 0 });
});

it('answers a person with their manager, direct reports and portal user; an unknown id is 404', async () => {
  const response = await api.call(rita, 'GET', '/api/org-chart/people/E2?graph=alpha');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    id: 'E2',
    name: 'Ada Lead',
    title: 'CTO',
    manager_id: 'E1',
    email: 'ADA@example.com',
    department: 'Engineering',
    user: { id: ids.ada, login_id: 'ada', name: 'User ada' },
    manager: { id: 'E1', name: 'Olga Chief' },
    reports: [{ id: 'E3', name: 'Rita Dev' }],
  });
  expect((await api.call(rita, 'GET', '/api/org-chart/people/E1?graph=alpha')).json()).toMatchObject({ manager: null, reports: [{ id: 'E2' }, { id: 'E4' }] });
  expect((await api.call(rita, 'GET', '/api/org-chart/people/E404?graph=alpha')).statusCode).toBe(404);
});

it("suggests the owner's manager and a department's portal users for an assignment", async () => {
  const forRita = await api.call(rita, 'GET', `/api/org-chart/suggestions?graph=alpha&owner=${ids.rita}&department=Engineering`);
  expect(forRita.statusCode).toBe(200);
  expect(forRita.json()).toEqual({
    owner_manager: { id: ids.ada, login_id: 'ada', name: 'User ada' },
    department_members: [{ id: ids.ada, login_id: 'ada', name: 'User ada' }, { id: ids.rita, login_id: 'rita', name: 'User rita' }],
    departments: ['Board', 'Engineering', 'Sales'],
  });
  // The top has no manager; a user not in the chart neither; a department without portal users has none.
  expect((await api.call(rita, 'GET', `/api/org-chart/suggestions?graph=alpha&owner=${ids.olga}&department=Sales`)).json()).toMatchObject({ owner_manager: null, department_members: [] });
  expect((await api.call(rita, 'GET', `/api/org-chart/suggestions?graph=alpha&owner=${ids.tess}`)).json()).toMatchObject({ owner_manager: null });
  // A user id that is nobody's of the organization: 404; not a user id at all: 400.
  expect((await api.call(rita, 'GET', '/api/org-chart/suggestions?graph=alpha&owner=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  expect((await api.call(rita, 'GET', '/api/org-chart/suggestions?graph=alpha&owner=rita')).statusCode).toBe(400);
});

it('replaces the chart on a re-upload and reports who was added, moved, removed and updated', async () => {
  const second = csv([
    ['E1', 'Olga Chief', 'CEO', '', 'olga@example.com', 'Board'],
    ['E2', 'Ada Lead', 'VP Engineering', 'E1', 'ada@example.com', 'Engineering'],
    ['E3', 'Rita Dev', 'Engineer', 'E5', 'rita@example.com', 'Platform'],
    ['E5', 'Pat Platform', 'Platform lead', 'E2', '', 'Platform'],
  ]);
  const response = await importCsv(second);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    people: 4,
    added: [{ id: 'E5', name: 'Pat Platform' }],
    moved: [{ id: 'E3', name: 'Rita Dev', from: 'E2', to: 'E5' }],
    removed: [{ id: 'E4', name: 'Sam Sales' }],
    updated: [
      { id: 'E2', name: 'Ada Lead', fields: ['title', 'email'] },
      { id: 'E3', name: 'Rita Dev', fields: ['department'] },
    ],
    unchanged: 1,
  });
  expect((await chart()).people.map((person) => `${person[0]}<${person[3] ?? ''}`)).toEqual(['E1<', 'E2<E1', 'E3<E5', 'E5<E2']);
  // The same file again: nothing changed.
  expect((await importCsv(second)).json()).toMatchObject({ added: [], moved: [], removed: [], updated: [], unchanged: 4 });
});

it('imports an XLSX workbook with the mapping chosen, numbers and formulas read as text', async () => {
  const book = xlsx([
    ['Name', 'Number', 'Boss', 'Role'],
    ['Olga Chief', 1, '', { formula: 'UPPER("ceo")', value: 'CEO' }],
    ['Ada Lead', 2, 1, '=HYPERLINK("http://evil.example","click")'],
  ]);
  const body = chartUpload('people.xlsx', book, { id: 1, name: 0, manager_id: 2, title: 3 }, 'application/octet-stream');
  const response = await send(olga, '/api/org-chart?graph=alpha', body);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ people: 2, added: [{ id: '1' }, { id: '2' }] });
  expect((await chart()).people.map((person) => person.slice(0, 4))).toEqual([
    ['1', 'Olga Chief', 'CEO', null],
    ['2', 'Ada Lead', '=HYPERLINK("http://evil.example","click")', '1'],
  ]);
});
