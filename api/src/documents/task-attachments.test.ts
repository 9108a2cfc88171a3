// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// A task's attachments (issue 23 item 2): documents of the library attached to a task of the same
// process — on upload (field 'task') or from the library — listed on the task, shown on the
// document; who may view (view=>Task and view=>Document) and who may change them (upload=>Document
// and the right to act on the task, or to edit a general task); another organization's task or
// document answers 404; a refused upload keeps nothing; live events for the task and the library.
import { STATUS_MESSAGES, type DocumentDetail, type EvidenceDocument } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { createFixture, type Fixture } from '../testing/analysis';
import { upload } from '../testing/documents';

let f: Fixture;
/** A general task olga created for amy; another she created for rex. */
let amysTask: string;
let rexsTask: string;
let library: string;

const attachments = async (task: string, who = f.rita) => (await f.call(who, 'GET', `/api/tasks/${task}/attachments?graph=alpha`)).json() as EvidenceDocument[];
const documentCount = async () => (await f.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM documents'))[0].n;
const lastEvent = async (type: string) =>
  (
    await f.app.database.query<{ body: { data: Record<string, string> } }>(
      `SELECT body FROM outbox WHERE destination = $1 AND body->>'type' = $2 ORDER BY seq DESC LIMIT 1`,
      [`events#${f.ids.rita}`, type],
    )
  )[0]?.body.data;

beforeAll(async () => {
  f = await createFixture();
  const create = async (title: string, assignee: string) => (await f.call(f.olga, 'POST', '/api/tasks?graph=alpha', { title, assigned_to_user_id: assignee })).json().id as string;
  amysTask = await create('Quarterly access review', f.ids.amy);
  rexsTask = await create('Check the firewall rules', f.ids.rex);
  library = (await upload(f, f.olga, [{ name: 'policy.md', content: '# Access policy' }], { folder: 'policies' })).json().documents[0].id;
}, 60_000);

afterAll(() => f.close());

it("attaches an upload to the assignee's task at once, lists it on the task and shows the task on the document", async () => {
  const uploaded = await upload(f, f.amy, [{ name: 'review-q1.csv', content: 'user,access\nrita,read\n' }], { task: amysTask });
  expect(uploaded.statusCode).toBe(201);
  const [document] = uploaded.json().documents;
  expect(await attachments(amysTask)).toEqual([
    { id: document.id, folder: '', name: 'review-q1.csv', current_version: 1, content_type: 'text/csv; charset=utf-8', linked_by: { id: f.ids.amy, login_id: 'amy', name: 'User amy' }, linked_at: expect.any(String) },
  ]);
  const detail = (await f.call(f.rita, 'GET', `/api/documents/${document.id}?graph=alpha`)).json() as DocumentDetail;
  expect(detail.tasks).toEqual([{ id: amysTask, title: 'Quarterly access review', status: 'OPEN' }]);
  // Another user's open /view-task and Shared Files hear of it.
  expect(await lastEvent('Task Attachment')).toEqual({ graph: 'alpha', id: document.id, task_id: amysTask, login_id: 'amy', kind: 'attachment' });
  expect(await lastEvent('Document')).toEqual({ graph: 'alpha', id: document.id, kind: 'document', action: 'link', task_id: amysTask });
});

it('links a document of the library and unlinks it (idempotent both ways)', async () => {
  for (let i = 0; i < 2; i += 1) expect((await f.call(f.amy, 'PUT', `/api/documents/${library}/tasks/${amysTask}?graph=alpha`)).statusCode).toBe(204);
  expect((await attachments(amysTask)).map((document) => document.name)).toEqual(['review-q1.csv', 'policy.md']);
  expect((await f.call(f.amy, 'DELETE', `/api/documents/${library}/tasks/${amysTask}?graph=alpha`)).statusCode).toBe(204);
  expect(await lastEvent('Task Attachment')).toMatchObject({ id: library, task_id: amysTask, kind: 'attachment' });
  expect((await f.call(f.amy, 'DELETE', `/api/documents/${library}/tasks/${amysTask}?graph=alpha`)).statusCode).toBe(204);
  expect((await attachments(amysTask)).map((document) => document.name)).toEqual(['review-q1.csv']);
  expect(((await f.call(f.rita, 'GET', `/api/documents/${library}?graph=alpha`)).json() as DocumentDetail).tasks).toEqual([]);
});

it("refuses who may not change the task's attachments, and keeps nothing of a refused upload", async () => {
  // rita (READER) views but may not upload documents.
  expectProblem(await f.call(f.rita, 'PUT', `/api/documents/${library}/tasks/${amysTask}?graph=alpha`), 403, STATUS_MESSAGES[403]);
  // amy may upload, but rex's task is not hers to act on, nor to edit.
  expectProblem(await f.call(f.amy, 'PUT', `/api/documents/${library}/tasks/${rexsTask}?graph=alpha`), 403, STATUS_MESSAGES[403]);
  const before = await documentCount();
  expectProblem(await upload(f, f.amy, [{ name: 'sneaky.txt', content: 'not for rex' }], { task: rexsTask }), 403, STATUS_MESSAGES[403]);
  expect(await documentCount()).toBe(before);
  expect(await attachments(rexsTask)).toEqual([]);
  // olga created it (and may assign tasks): she may.
  expect((await f.call(f.olga, 'PUT', `/api/documents/${library}/tasks/${rexsTask}?graph=alpha`)).statusCode).toBe(204);
  expect((await attachments(rexsTask)).map((document) => document.name)).toEqual(['policy.md']);
});

it("answers 404 for another organization's task or document, and for forged ids", async () => {
  const own = (await upload(f, f.bob, [{ name: 'beta.txt', content: 'Beta evidence' }], {}, 'beta')).json().documents[0].id as string;
  const betaTask = (await f.call(f.bob, 'POST', '/api/tasks?graph=beta', { title: 'Beta review' })).json().id as string;
  // Acme's task with Beta's document, Beta's task with Acme's document, in either process.
  for (const graph of ['beta', 'alpha']) {
    expectProblem(await f.call(f.bob, 'PUT', `/api/documents/${own}/tasks/${amysTask}?graph=${graph}`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.bob, 'PUT', `/api/documents/${library}/tasks/${betaTask}?graph=${graph}`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.bob, 'GET', `/api/tasks/${amysTask}/attachments?graph=${graph}`), 404, STATUS_MESSAGES[404]);
  }
  // Acme's own admin cannot mix processes: Beta's task is not one of alpha's.
  expectProblem(await f.call(f.olga, 'PUT', `/api/documents/${library}/tasks/${betaTask}?graph=alpha`), 404, STATUS_MESSAGES[404]);
  const before = await documentCount();
  expectProblem(await upload(f, f.bob, [{ name: 'planted.txt', content: 'planted' }], { task: amysTask }, 'beta'), 404, STATUS_MESSAGES[404]);
  expect(await documentCount()).toBe(before);
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd', "1'%20OR%20'1'='1"]) {
    expectProblem(await f.call(f.olga, 'PUT', `/api/documents/${library}/tasks/${id}?graph=alpha`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.olga, 'PUT', `/api/documents/${id}/tasks/${amysTask}?graph=alpha`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.olga, 'GET', `/api/tasks/${id}/attachments?graph=alpha`), 404, STATUS_MESSAGES[404]);
    expectProblem(await upload(f, f.olga, [{ name: 'forged.txt', content: 'x' }], { task: id }), 404, STATUS_MESSAGES[404]);
  }
  expect(await documentCount()).toBe(before);
  expect(await f.app.database.query('SELECT 1 FROM document_tasks dt JOIN documents d ON d.id = dt.document_id WHERE d.process_id <> (SELECT process_id FROM tasks WHERE id = dt.task_id)')).toEqual([]);
});

it('drops the attachment with the document', async () => {
  const temporary = (await upload(f, f.amy, [{ name: 'draft.txt', content: 'draft' }], { task: amysTask })).json().documents[0].id as string;
  expect((await attachments(amysTask)).map((document) => document.name)).toContain('draft.txt');
  expect((await f.call(f.olga, 'DELETE', `/api/documents/${temporary}?graph=alpha`)).statusCode).toBe(204);
  expect((await attachments(amysTask)).map((document) => document.name)).not.toContain('draft.txt');
});
