// @backend-agnostic: who is told what, read as outbox rows; the SQL is the same engine on PGlite, and the
// relay is realtime/'s.
// Documents as evidence (issue 23 items 8-9): links both ways, the CSV of evidence per requirement,
// live events for the process, and POST attachments/share of a requirement's attachment.
import { STATUS_MESSAGES, type DocumentDetail, type DocumentSummary, type EvidenceDocument } from '@portal/shared/server';
import { expectProblem, withCookie } from '../testing/identity';
import { createFixture, multipart, type Fixture } from '../testing/analysis';
import { upload } from '../testing/documents';

let f: Fixture;
let access: string;
let backup: string;
let document: DocumentSummary;

beforeAll(async () => {
  f = await createFixture();
  access = await f.requirement({ code: 'REQ-1', title: 'Access reviews' });
  backup = await f.requirement({ code: 'REQ-2', title: '=Backups, "tested"' });
  document = (await upload(f, f.amy, [{ name: 'review-q1.txt', content: 'Q1 access review' }], { folder: 'evidence' })).json().documents[0];
}, 60_000);

afterAll(() => f.close());

it('links a document to requirements, shows it on both sides and in the CSV', async () => {
  expect((await f.call(f.amy, 'PUT', `/api/documents/${document.id}/requirements/${access}?graph=alpha`)).statusCode).toBe(204);
  // Linking twice changes nothing.
  expect((await f.call(f.amy, 'PUT', `/api/documents/${document.id}/requirements/${access}?graph=alpha`)).statusCode).toBe(204);
  const evidence = (await f.call(f.rita, 'GET', `/api/requirements/${access}/evidence?graph=alpha`)).json() as EvidenceDocument[];
  expect(evidence).toEqual([
    { id: document.id, folder: 'evidence', name: 'review-q1.txt', current_version: 1, content_type: 'text/plain; charset=utf-8', linked_by: { id: f.ids.amy, login_id: 'amy', name: 'User amy' }, linked_at: expect.any(String) },
  ]);
  const detail = (await f.call(f.rita, 'GET', `/api/documents/${document.id}?graph=alpha`)).json() as DocumentDetail;
  expect(detail.requirements).toEqual([{ id: access, code: 'REQ-1', title: 'Access reviews' }]);
  expect(detail.evidence_count).toBe(1);
  // The traceability matrix lists it, as JSON and in its CSV's Evidence column.
  const matrix = (await f.call(f.rita, 'GET', '/api/requirements/traceability?graph=alpha')).json() as Array<{ requirement: { id: string }; evidence: unknown }>;
  expect(matrix.find((row) => row.requirement.id === access)?.evidence).toEqual([{ id: document.id, name: 'review-q1.txt' }]);
  const matrixCsv = (await f.call(f.rita, 'GET', '/api/requirements/traceability?graph=alpha&format=csv')).body.split('\r\n');
  expect(matrixCsv[1]).toMatch(/^REQ-1,.*,review-q1\.txt$/);

  const csv = await f.call(f.rita, 'GET', '/api/documents/evidence.csv?graph=alpha');
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toBe('attachment; filename="evidence-alpha.csv"');
  const lines = csv.body.trim().split('\r\n');
  expect(lines[0]).toBe('requirement,title,document,version,linked_at');
  expect(lines[1]).toMatch(/^REQ-1,Access reviews,evidence\/review-q1.txt,1,\d{4}-/);
  // A title a spreadsheet would run as a formula is quoted as text.
  expect(lines[2]).toBe(`REQ-2,"'=Backups, ""tested""",,,`);

  expect((await f.call(f.amy, 'DELETE', `/api/documents/${document.id}/requirements/${access}?graph=alpha`)).statusCode).toBe(204);
  expect((await f.call(f.rita, 'GET', `/api/requirements/${access}/evidence?graph=alpha`)).json()).toEqual([]);
});

it('publishes a Document event to the process on upload and link', async () => {
  const before = await f.app.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE destination = $1 AND body->>'type' = 'Document'`, [`events#${f.ids.rita}`]);
  await f.call(f.amy, 'PUT', `/api/documents/${document.id}/requirements/${backup}?graph=alpha`);
  const rows = await f.app.database.query<{ body: { data: Record<string, string> } }>(
    `SELECT body FROM outbox WHERE destination = $1 AND body->>'type' = 'Document' ORDER BY seq DESC LIMIT 1`,
    [`events#${f.ids.rita}`],
  );
  expect(before[0].n).toBeGreaterThan(0);
  expect(rows[0].body.data).toEqual({ graph: 'alpha', id: document.id, kind: 'document', action: 'link', requirement_id: backup });
  // Beta's admin hears nothing of Acme's library.
  const beta = await f.app.database.query(`SELECT 1 FROM outbox WHERE destination = $1 AND body->>'type' = 'Document'`, [`events#${f.ids.bob}`]);
  expect(beta).toEqual([]);
});

it('refuses links across processes, to unknown ids and without the permission', async () => {
  const betaRequirement = await f.requirement({ code: 'B-1', title: 'Beta', process: 'beta' });
  expectProblem(await f.call(f.olga, 'PUT', `/api/documents/${document.id}/requirements/${betaRequirement}?graph=alpha`), 404, STATUS_MESSAGES[404]);
  expectProblem(await f.call(f.olga, 'PUT', `/api/documents/${document.id}/requirements/not-an-id?graph=alpha`), 404, STATUS_MESSAGES[404]);
  expectProblem(await f.call(f.rita, 'PUT', `/api/documents/${document.id}/requirements/${access}?graph=alpha`), 403, STATUS_MESSAGES[403]);
  expectProblem(await f.call(f.bob, 'GET', `/api/requirements/${access}/evidence?graph=beta`), 404, STATUS_MESSAGES[404]);
});

it('shares a requirement attachment into the library (POST attachments/share)', async () => {
  const body = multipart('Audit report 2026.pdf', '%PDF-1.7\n1 0 obj\n', 'application/pdf');
  const attached = await f.app.inject({ method: 'POST', url: `/api/requirements/${access}/attachments?graph=alpha`, payload: body.payload, headers: { ...withCookie(f.amy), ...body.headers } });
  expect(attached.statusCode).toBe(201);
  const shared = await f.call(f.amy, 'POST', '/api/attachments/share?graph=alpha', { attachment_id: attached.json().id, folder: 'shared' });
  expect(shared.statusCode).toBe(201);
  expect(shared.json()).toMatchObject({ folder: 'shared', name: 'Audit_report_2026.pdf', content_type: 'application/pdf', current_version: 1 });
  const download = await f.call(f.rita, 'GET', `/api/documents/${shared.json().id}/download?graph=alpha`);
  expect(download.body).toBe('%PDF-1.7\n1 0 obj\n');
  // Sharing again is a new version of the same document.
  const again = await f.call(f.amy, 'POST', '/api/attachments/share?graph=alpha', { attachment_id: attached.json().id, folder: 'shared' });
  expect(again.json()).toMatchObject({ id: shared.json().id, current_version: 2 });

  expectProblem(await f.call(f.amy, 'POST', '/api/attachments/share?graph=alpha', { attachment_id: '00000000-0000-4000-8000-000000000000' }), 404, STATUS_MESSAGES[404]);
  expectProblem(await f.call(f.bob, 'POST', '/api/attachments/share?graph=beta', { attachment_id: attached.json().id }), 404, STATUS_MESSAGES[404]);
  expectProblem(await f.call(f.rita, 'POST', '/api/attachments/share?graph=alpha', { attachment_id: attached.json().id }), 403, STATUS_MESSAGES[403]);
  // An attachment of a type the library does not take.
  const zip = multipart('bundle.zip', Buffer.from('PK\u0003\u0004rest'), 'application/zip');
  const zipped = await f.app.inject({ method: 'POST', url: `/api/requirements/${access}/attachments?graph=alpha`, payload: zip.payload, headers: { ...withCookie(f.amy), ...zip.headers } });
  expect((await f.call(f.amy, 'POST', '/api/attachments/share?graph=alpha', { attachment_id: zipped.json().id })).statusCode).toBe(415);
});
