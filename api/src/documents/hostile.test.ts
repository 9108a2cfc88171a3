// @backend-agnostic: hostile input is refused by validation before any SQL; what passes reaches the same
// Postgres engine on PGlite.
// Hostile uploads and ids for the evidence library: path traversal in names and folders, content
// that is not what its name says, types outside the allow-list, oversize files (413, nothing kept),
// forged ids (404) — and nothing half-written when one file of an upload is refused.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { STATUS_MESSAGES, type DocumentPage } from '@portal/shared/server';
import { createFixture, type Fixture } from '../testing/analysis';
import { FOLDER_RULE, NAME_RULE, notAllowed, notMatching } from './content';
import { multipartBody, upload } from '../testing/documents';
import { expectProblem, withCookie } from '../testing/identity';
import { EMPTY_FILE, NO_FILES, SAME_NAME_TWICE } from './routes';

let f: Fixture;
const MAX = 64 * 1024;

beforeAll(async () => {
  f = await createFixture({ config: { documentMaxBytes: MAX } });
}, 60_000);

afterAll(() => f.close());

const total = async () => ((await f.call(f.olga, 'GET', '/api/documents?graph=alpha')).json() as DocumentPage).total;
/** Every file under DATA_DIR/files (blobs and temporary files). */
function storedFiles(): string[] {
  const root = path.join(f.app.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

it('refuses names and folders outside the filename rule, path traversal included', async () => {
  for (const name of ['../../etc/passwd.txt', '..', 'my report.txt', 'a\\b.txt', 'ok.txt\u0000.pdf', 'résumé.txt']) {
    const answer = await upload(f, f.amy, [{ name, content: 'text' }]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toContain(NAME_RULE);
  }
  for (const folder of ['../outside', 'a/../../b', '/etc/..', 'with space', 'a//b/..']) {
    expectProblem(await upload(f, f.amy, [{ name: 'ok.txt', content: 'text' }], { folder }), 400, FOLDER_RULE);
  }
  expect(await total()).toBe(0);
  expect(storedFiles()).toEqual([]);
});

it('refuses types by content: a disguised file, a type outside the allow-list, text that is not UTF-8 (415)', async () => {
  expectProblem(await upload(f, f.amy, [{ name: 'invoice.pdf', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) }]), 415, `invoice.pdf: ${notMatching('pdf')}`);
  expectProblem(await upload(f, f.amy, [{ name: 'tool.exe', content: 'MZ\u0090' }]), 415, notAllowed('exe'));
  expectProblem(await upload(f, f.amy, [{ name: 'page.html', content: '<html><script>alert(1)</script></html>' }]), 415, notAllowed('html'));
  expectProblem(await upload(f, f.amy, [{ name: 'image.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' }]), 415, notAllowed('svg'));
  expectProblem(await upload(f, f.amy, [{ name: 'binary.txt', content: Buffer.from([0x41, 0x00, 0x42]) }]), 415, `binary.txt: ${notMatching('txt')}`);
  expectProblem(await upload(f, f.amy, [{ name: 'latin1.csv', content: Buffer.from([0x61, 0xe9, 0x62]) }]), 415, `latin1.csv: ${notMatching('csv')}`);
  expect(await total()).toBe(0);
  expect(storedFiles()).toEqual([]);
});

it('refuses an oversize file (413) and keeps nothing of an upload with one refused file', async () => {
  const big = await upload(f, f.amy, [{ name: 'big.txt', content: 'a'.repeat(MAX + 1) }]);
  expectProblem(big, 413, 'The file is larger than the 64 KB accepted.');
  expect((await upload(f, f.amy, [{ name: 'exact.txt', content: 'a'.repeat(MAX) }])).statusCode).toBe(201);
  expect(await total()).toBe(1);

  const mixed = await upload(f, f.amy, [
    { name: 'good.txt', content: 'fine' },
    { name: 'bad.pdf', content: 'not a pdf' },
  ]);
  expect(mixed.statusCode).toBe(415);
  expectProblem(await upload(f, f.amy, [{ name: 'empty.txt', content: '' }]), 400, `empty.txt: ${EMPTY_FILE}`);
  expectProblem(await upload(f, f.amy, [{ name: 'twice.txt', content: 'a' }, { name: 'twice.txt', content: 'b' }]), 400, SAME_NAME_TWICE);
  expectProblem(await upload(f, f.amy, []), 400, NO_FILES);
  expect(await total()).toBe(1);
  // One blob (exact.txt), no temporary file left behind.
  expect(storedFiles()).toHaveLength(1);
});

it('keeps nothing of a body cut short or a file under another field, and closes the connection on a refusal mid-upload', async () => {
  const whole = multipartBody([{ name: 'cut.txt', content: 'x'.repeat(4096) }]);
  const cut = await f.app.inject({
    method: 'POST',
    url: '/api/documents?graph=alpha',
    payload: whole.payload.subarray(0, 2000),
    headers: { ...withCookie(f.amy), ...whole.headers },
  });
  expect(cut.statusCode).toBe(400);
  const other = await upload(f, f.amy, [{ name: 'ok.txt', content: 'x', field: 'attachment' }]);
  expect(other.statusCode).toBe(400);
  const refused = await upload(f, f.amy, [{ name: 'tool.exe', content: 'MZ' }, { name: 'later.txt', content: 'never read' }]);
  expect(refused.statusCode).toBe(415);
  expect(refused.headers.connection).toBe('close');
  expect(await total()).toBe(1);
  expect(storedFiles()).toHaveLength(1);
});

it('answers 404 for forged ids and refuses bodies that are not the expected shape', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd']) {
    expectProblem(await f.call(f.olga, 'GET', `/api/documents/${id}?graph=alpha`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.olga, 'GET', `/api/documents/${id}/download?graph=alpha`), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.olga, 'DELETE', `/api/documents/${id}?graph=alpha`), 404, STATUS_MESSAGES[404]);
  }
  const json = await f.call(f.amy, 'POST', '/api/documents?graph=alpha', { files: ['x'] });
  expect(json.statusCode).toBe(400);
  const [document] = (await f.call(f.olga, 'GET', '/api/documents?graph=alpha')).json().items;
  expect((await f.call(f.amy, 'PATCH', `/api/documents/${document.id}?graph=alpha`, { folder: '../up' })).statusCode).toBe(400);
  expect((await f.call(f.amy, 'PATCH', `/api/documents/${document.id}?graph=alpha`, { tags: ['javascript:alert(1)'] })).statusCode).toBe(400);
});
