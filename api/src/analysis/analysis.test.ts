// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The priority plane, duplicate detection and the traceability matrix through the API (issue 6
// items 10-12).
import { STATUS_MESSAGES } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { DELETED_REQUIREMENT } from './service';
import { MERGE_INTO_DESCENDANT, SAME_REQUIREMENT } from './duplicates';
import { BOTH_OR_NEITHER } from './routes';
import { createFixture, type Fixture } from '../testing/analysis';
import { CSV_HEADER } from './traceability';
import { readNistLowBaselineSync } from '../standards/catalogs';
import { parseCatalog, readCatalogDocument } from '../standards/oscal';

let f: Fixture;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  f = await createFixture();
}, 60_000);

afterAll(() => f.close());

describe('priority plane', () => {
  it('places, lists and removes a requirement on the plane', async () => {
    const a = await f.requirement({ code: 'PLN-1', title: 'Encrypt backups' });
    const b = await f.requirement({ code: 'PLN-2', title: 'Rotate keys' });
    const placed = await f.call(f.amy, 'PUT', `/api/requirements/${a}/plane?graph=alpha`, { x: 0.75, y: 0.2 });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toEqual({ requirement: { id: a, code: 'PLN-1', title: 'Encrypt backups', status: 'DRAFT', priority: 'MEDIUM' }, x: 0.75, y: 0.2 });
    const plane = (await f.call(f.rita, 'GET', '/api/requirements/planes?graph=alpha')).json();
    expect(plane.placed).toEqual([placed.json()]);
    expect(plane.unplaced).toEqual(expect.arrayContaining([{ id: b, code: 'PLN-2', title: 'Rotate keys' }]));
    const [event] = await f.app.database.query<{ type: string; data: unknown }>('SELECT type, data FROM requirement_events WHERE requirement_id = $1', [a]);
    expect(event).toEqual({ type: 'Update', data: { plane: { x: 0.75, y: 0.2 } } });

    expect((await f.call(f.amy, 'PUT', `/api/requirements/${a}/plane?graph=alpha`, { x: null, y: null })).json()).toMatchObject({ x: null, y: null });
    const after = (await f.call(f.rita, 'GET', '/api/requirements/planes?graph=alpha')).json();
    expect(after.placed).toEqual([]);
    expect(after.unplaced.map((ref: { code: string }) => ref.code)).toEqual(expect.arrayContaining(['PLN-1', 'PLN-2']));
  });

  it('refuses coordinates outside 0..1, half a placement, unknown ids, deleted requirements and readers', async () => {
    const a = await f.requirement({ code: 'PLN-3', title: 'Patch servers' });
    const url = `/api/requirements/${a}/plane?graph=alpha`;
    expectProblem(await f.call(f.amy, 'PUT', url, { x: 1.5, y: 0.5 }), 400, "Data is not valid: 'x' must be <= 1.");
    expectProblem(await f.call(f.amy, 'PUT', url, { x: -0.1, y: 0.5 }), 400, "Data is not valid: 'x' must be >= 0.");
    expectProblem(await f.call(f.amy, 'PUT', url, { x: 0.5 }), 400, "Data is not valid: 'y' is required.");
    expectProblem(await f.call(f.amy, 'PUT', url, { x: 0.5, y: null }), 400, BOTH_OR_NEITHER);
    expectProblem(await f.call(f.amy, 'PUT', `/api/requirements/${UNKNOWN}/plane?graph=alpha`, { x: 0.5, y: 0.5 }), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.rita, 'PUT', url, { x: 0.5, y: 0.5 }), 403, STATUS_MESSAGES[403]);
    const gone = await f.requirement({ code: 'PLN-GONE', title: 'Deleted' });
    await f.app.database.query('UPDATE requirements SET deleted_at = now() WHERE id = $1', [gone]);
    expectProblem(await f.call(f.amy, 'PUT', `/api/requirements/${gone}/plane?graph=alpha`, { x: 0.5, y: 0.5 }), 409, DELETED_REQUIREMENT);
  });
});

describe('duplicates', () => {
  let lockout: string;
  let lockout2: string;
  let backups: string;
  let logs: string;
  let logs2: string;

  beforeAll(async () => {
    await f.app.database.query(`UPDATE requirements SET deleted_at = now() WHERE process_id = $1`, [f.ids.alpha]);
    lockout = await f.requirement({ code: 'DUP-1', title: 'Account lockout', description: 'Lock user accounts after five failed sign-in attempts.' });
    lockout2 = await f.requirement({ code: 'DUP-2', title: 'Lock accounts', description: 'User accounts are locked after repeated failed sign-in attempts.' });
    backups = await f.requirement({ code: 'DUP-3', title: 'Nightly backups', description: 'Back up the database every night and test the restore monthly.' });
    logs = await f.requirement({ code: 'DUP-4', title: 'Audit log retention', description: 'Retain audit logs for one year in tamper-proof storage.' });
    logs2 = await f.requirement({ code: 'DUP-5', title: 'Retention of audit logs', description: 'Audit logs are retained for a year in tamper-proof storage.' });
  });

  it('scores candidate pairs of the process with the terms they share', async () => {
    const response = await f.call(f.amy, 'GET', '/api/requirements/duplicates?graph=alpha');
    expect(response.statusCode).toBe(200);
    const candidates = response.json();
    expect(candidates.map((c: { a: { code: string }; b: { code: string } }) => `${c.a.code}~${c.b.code}`).sort()).toEqual(['DUP-1~DUP-2', 'DUP-4~DUP-5']);
    const pair = candidates.find((c: { a: { id: string } }) => c.a.id === lockout);
    expect(pair).toEqual({
      a: { id: lockout, code: 'DUP-1', title: 'Account lockout' },
      b: { id: lockout2, code: 'DUP-2', title: 'Lock accounts' },
      score: expect.any(Number),
      shared_terms: expect.arrayContaining(['account', 'lock', 'failed', 'attempts']),
    });
    expect(pair.score).toBeGreaterThanOrEqual(0.5);
    expect(pair.score).toBeLessThanOrEqual(1);
    // For one requirement (after Add): it is `a` of each of its candidates.
    const one = (await f.call(f.rita, 'GET', `/api/requirements/${lockout2}/duplicates?graph=alpha`)).json();
    expect(one).toEqual([{ a: expect.objectContaining({ id: lockout2 }), b: expect.objectContaining({ id: lockout }), score: pair.score, shared_terms: expect.any(Array) }]);
    expect((await f.call(f.rita, 'GET', `/api/requirements/${backups}/duplicates?graph=alpha`)).json()).toEqual([]);
  });

  it('never proposes a dismissed pair again', async () => {
    expect((await f.call(f.amy, 'POST', '/api/requirements/duplicates/dismiss?graph=alpha', { a_id: logs2, b_id: logs })).statusCode).toBe(204);
    expect((await f.call(f.amy, 'POST', '/api/requirements/duplicates/dismiss?graph=alpha', { a_id: logs, b_id: logs2 })).statusCode).toBe(204);
    const codes = (await f.call(f.amy, 'GET', '/api/requirements/duplicates?graph=alpha&threshold=0.1')).json().map((c: { a: { code: string }; b: { code: string } }) => `${c.a.code}~${c.b.code}`);
    expect(codes).toContain('DUP-1~DUP-2');
    expect(codes).not.toContain('DUP-4~DUP-5');
    expect((await f.call(f.rita, 'GET', `/api/requirements/${logs}/duplicates?graph=alpha&threshold=0.1`)).json().map((c: { b: { id: string } }) => c.b.id)).not.toContain(logs2);
  });

  it('links a pair (never proposed again), then merges one into another', async () => {
    expect((await f.call(f.amy, 'POST', '/api/requirements/duplicates/link?graph=alpha', { a_id: lockout, b_id: lockout2, action: 'link' })).statusCode).toBe(204);
    expect((await f.call(f.amy, 'GET', '/api/requirements/duplicates?graph=alpha')).json()).toEqual([]);
    const [link] = await f.app.database.query('SELECT kind FROM requirement_links WHERE a_id = $1 AND b_id = $2', [lockout, lockout2]);
    expect(link).toEqual({ kind: 'DUPLICATE' });

    // Merge DUP-5 (with a child, a comment and a task) into DUP-4.
    const child = await f.requirement({ code: 'DUP-5.1', title: 'Log storage', parent: logs2 });
    const [comment] = await f.app.database.query<{ id: string }>(
      `INSERT INTO requirement_comments (process_id, requirement_id, author_id, text) VALUES ($1, $2, $3, 'Same as DUP-4') RETURNING id`,
      [f.ids.alpha, logs2, f.ids.amy],
    );
    const [task] = await f.app.database.query<{ id: string }>(
      `INSERT INTO tasks (organization_id, process_id, requirement_id, type) VALUES ($1, $2, $3, 'REVIEW') RETURNING id`,
      [f.ids.acme, f.ids.alpha, logs2],
    );
    expect((await f.call(f.amy, 'POST', '/api/requirements/duplicates/link?graph=alpha', { a_id: logs, b_id: logs2, action: 'merge' })).statusCode).toBe(204);
    const rows = await f.app.database.query<{ id: string; parent_id: string | null; deleted: boolean }>(
      'SELECT id, parent_id, deleted_at IS NOT NULL AS deleted FROM requirements WHERE id = ANY($1::uuid[])',
      [[logs, logs2, child]],
    );
    expect(rows.find((row) => row.id === child)).toMatchObject({ parent_id: logs, deleted: false });
    expect(rows.find((row) => row.id === logs2)).toMatchObject({ deleted: true });
    expect(rows.find((row) => row.id === logs)).toMatchObject({ deleted: false });
    expect((await f.app.database.query('SELECT requirement_id FROM requirement_comments WHERE id = $1', [comment.id]))[0]).toEqual({ requirement_id: logs });
    expect((await f.app.database.query('SELECT requirement_id FROM tasks WHERE id = $1', [task.id]))[0]).toEqual({ requirement_id: logs });
    const events = await f.app.database.query<{ type: string }>('SELECT type FROM requirement_events WHERE requirement_id = $1', [logs2]);
    expect(events.map((event) => event.type)).toContain('Delete');
    // The merged requirement is deleted: it cannot be merged or linked again.
    expect((await f.call(f.amy, 'POST', '/api/requirements/duplicates/link?graph=alpha', { a_id: logs, b_id: logs2, action: 'link' })).statusCode).toBe(409);
  });

  it('refuses one requirement twice, merging into a sub-requirement, unknown ids and missing rights', async () => {
    const parent = await f.requirement({ code: 'DUP-6', title: 'Parent' });
    const child = await f.requirement({ code: 'DUP-6.1', title: 'Child', parent });
    const link = '/api/requirements/duplicates/link?graph=alpha';
    expectProblem(await f.call(f.amy, 'POST', link, { a_id: parent, b_id: parent, action: 'link' }), 400, SAME_REQUIREMENT);
    expectProblem(await f.call(f.amy, 'POST', link, { a_id: child, b_id: parent, action: 'merge' }), 400, MERGE_INTO_DESCENDANT);
    expectProblem(await f.call(f.amy, 'POST', link, { a_id: parent, b_id: child, action: 'copy' }), 400, "Data is not valid: 'action' must be equal to one of the allowed values.");
    expectProblem(await f.call(f.amy, 'POST', link, { a_id: parent, b_id: UNKNOWN, action: 'link' }), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.amy, 'POST', '/api/requirements/duplicates/dismiss?graph=alpha', { a_id: UNKNOWN, b_id: parent }), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.rita, 'POST', link, { a_id: parent, b_id: child, action: 'link' }), 403, STATUS_MESSAGES[403]);
    expectProblem(await f.call(f.rita, 'POST', '/api/requirements/duplicates/dismiss?graph=alpha', { a_id: parent, b_id: child }), 403, STATUS_MESSAGES[403]);
    expectProblem(await f.call(f.rita, 'GET', '/api/requirements/duplicates?graph=alpha'), 403, STATUS_MESSAGES[403]);
    expectProblem(await f.call(f.rita, 'GET', `/api/requirements/${UNKNOWN}/duplicates?graph=alpha`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.amy, 'GET', '/api/requirements/duplicates?graph=alpha&threshold=2'), 400, "Data is not valid: the query parameter 'threshold' must be <= 1.");
  });
});

describe('duplicates of the NIST LOW baseline (issue 26 item 4)', () => {
  const pairsOf = async (query = '') =>
    (await f.call(f.amy, 'GET', `/api/requirements/duplicates?graph=alpha${query}`)).json().map((c: { a: { code: string }; b: { code: string } }) => `${c.a.code} ~ ${c.b.code}`);
  const ids = new Map<string, string>();

  beforeAll(async () => {
    await f.app.database.query(`UPDATE requirements SET deleted_at = now() WHERE process_id = $1 AND deleted_at IS NULL`, [f.ids.alpha]);
    const nodes = parseCatalog(readCatalogDocument(JSON.parse(readNistLowBaselineSync()))).nodes;
    const rows = await f.app.database.query<{ id: string; code: string }>(
      `INSERT INTO requirements (organization_id, process_id, code, title, description, position)
       SELECT $1, $2, 'LOW ' || c, t, d, n FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS r(c, t, d, n) RETURNING id, code`,
      [f.ids.acme, f.ids.alpha, nodes.map((node) => node.code), nodes.map((node) => node.title), nodes.map((node) => node.description)],
    );
    for (const row of rows) ids.set(row.code, row.id);
  });

  it('proposes only its real near-duplicates; each decision is kept and the pair not proposed again', async () => {
    expect(await pairsOf()).toEqual(['LOW IA-2(1) ~ LOW IA-2(2)', 'LOW IA-2 ~ LOW IA-8', 'LOW IA-2(12) ~ LOW IA-8(1)']);
    const decide = (path: string, body: object) => f.call(f.amy, 'POST', `/api/requirements/duplicates/${path}?graph=alpha`, body);
    expect((await decide('dismiss', { a_id: ids.get('LOW IA-2'), b_id: ids.get('LOW IA-8') })).statusCode).toBe(204);
    expect((await decide('link', { a_id: ids.get('LOW IA-2(1)'), b_id: ids.get('LOW IA-2(2)'), action: 'merge' })).statusCode).toBe(204);
    expect(await pairsOf()).toEqual(['LOW IA-2(12) ~ LOW IA-8(1)']);
    expect((await f.call(f.rita, 'GET', `/api/requirements/${ids.get('LOW IA-8')}/duplicates?graph=alpha`)).json()).toEqual([]);
    // Another organization's process has none of them, and cannot decide on them.
    expectProblem(await f.call(f.bob, 'POST', '/api/requirements/duplicates/dismiss?graph=beta', { a_id: ids.get('LOW IA-2(12)'), b_id: ids.get('LOW IA-8(1)') }), 404, STATUS_MESSAGES[404]);
    expect(await pairsOf()).toEqual(['LOW IA-2(12) ~ LOW IA-8(1)']);
  });
});

describe('traceability', () => {
  it('answers the matrix as JSON and CSV: children, tasks, source controls, coverage and gaps', async () => {
    await f.app.database.query(`UPDATE requirements SET deleted_at = now() WHERE process_id = $1 AND deleted_at IS NULL`, [f.ids.alpha]);
    const root = await f.requirement({ code: 'AC-2', title: 'Account management', source: 'ac-2', position: 1 });
    const done = await f.requirement({ code: 'AC-2.1', title: 'Automated account management', source: 'ac-2.1', parent: root, status: 'COMPLETED', progress: 100, position: 1 });
    const half = await f.requirement({ code: 'AC-2.2', title: '=HYPERLINK("http://evil")', source: 'ac-2.2, ac-2.3', parent: root, progress: 40, position: 2 });
    const none = await f.requirement({ code: 'AU-1', title: 'Audit policy', position: 2 });
    await f.app.database.query(
      `INSERT INTO tasks (organization_id, process_id, requirement_id, type, status) VALUES ($1, $2, $3, 'REVIEW', 'OPEN'), ($1, $2, $3, 'DELEGATE', 'COMPLETED'), ($1, $2, $4, 'DELEGATE', 'COMPLETED')`,
      [f.ids.acme, f.ids.alpha, half, done],
    );
    expect((await f.call(f.amy, 'POST', `/api/requirements/${done}/gaps?graph=alpha`, { description: 'Not automated for contractors', remediation_plan: 'Extend', target_date: '2026-09-01' })).statusCode).toBe(201);

    const response = await f.call(f.rita, 'GET', '/api/requirements/traceability?graph=alpha');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        requirement: { id: root, code: 'AC-2', title: 'Account management', source: 'ac-2' },
        parent_id: null,
        depth: 0,
        status: 'DRAFT',
        children: 2,
        sub_requirements: [
          { id: done, code: 'AC-2.1', title: 'Automated account management' },
          { id: half, code: 'AC-2.2', title: '=HYPERLINK("http://evil")' },
        ],
        tasks: { open: 0, closed: 0 },
        applications: [],
        source_controls: ['ac-2'],
        coverage: 0.5,
        gap: false,
        evidence: [],
      },
      expect.objectContaining({ requirement: expect.objectContaining({ code: 'AC-2.1' }), depth: 1, tasks: { open: 1, closed: 1 }, coverage: 1, gap: true }),
      expect.objectContaining({ requirement: expect.objectContaining({ code: 'AC-2.2' }), depth: 1, tasks: { open: 1, closed: 1 }, source_controls: ['ac-2.2', 'ac-2.3'], coverage: 0.4, gap: false }),
      expect.objectContaining({ requirement: expect.objectContaining({ id: none, code: 'AU-1' }), depth: 0, coverage: 0, gap: true }),
    ]);

    const csv = await f.call(f.rita, 'GET', '/api/requirements/traceability?graph=alpha&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="traceability-alpha.csv"');
    expect(csv.body.split('\r\n')).toEqual([
      CSV_HEADER.join(','),
      'AC-2,Account management,ac-2,Draft,AC-2.1; AC-2.2,0,0,,ac-2,50,no,',
      'AC-2.1,Automated account management,ac-2.1,Completed,,1,1,,ac-2.1,100,yes,',
      // A cell a spreadsheet would run as a formula is quoted as text.
      `AC-2.2,"'=HYPERLINK(""http://evil"")","ac-2.2, ac-2.3",Draft,,1,1,,ac-2.2; ac-2.3,40,no,`,
      'AU-1,Audit policy,,Draft,,0,0,,,0,yes,',
      '',
    ]);
  });

  it('needs LIST_REQUIREMENT in the process and a known format', async () => {
    expectProblem(await f.call(f.rita, 'GET', '/api/requirements/traceability?graph=alpha&format=xml'), 400, "Data is not valid: the query parameter 'format' must be equal to one of the allowed values.");
    expectProblem(await f.call(f.bob, 'GET', '/api/requirements/traceability?graph=alpha'), 404, STATUS_MESSAGES[404]);
  });
});
