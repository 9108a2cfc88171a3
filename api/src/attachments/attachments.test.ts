// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Attachments through the API (issue 6 item 9): uploads of allowed types are stored whole and
// downloaded as attachments with nosniff; HTML is never served as HTML; too large (413), types
// outside the allow-list or content not matching its extension (415), unknown ids (404) and
// readers (403) are refused without writing anything.
import { MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import type { SessionCookie } from '../testing/identity';
import { expectProblem, withCookie } from '../testing/identity';
import { createFixture, multipart, type Fixture } from '../testing/analysis';
import { MULTIPART_UNREADABLE } from '../http/multipart';
import { EMPTY_FILE, NOT_MULTIPART, ONE_ATTACHMENT } from './routes';
import { classify, contentDisposition, notAllowed, notMatching, OCTET_STREAM, TOO_LARGE } from './files';

let f: Fixture;
let requirement: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

beforeAll(async () => {
  f = await createFixture();
  requirement = await f.requirement({ code: 'REQ-1', title: 'Evidence' });
}, 60_000);

afterAll(() => f.close());

function upload(cookie: SessionCookie, name: string, content: Buffer | string, type?: string, id = requirement) {
  const body = multipart(name, content, type);
  return f.app.inject({
    method: 'POST',
    url: `/api/requirements/${id}/attachments?graph=alpha`,
    payload: body.payload,
    headers: { ...withCookie(cookie), ...body.headers },
  });
}

const count = async () => Number((await f.app.database.query<{ n: string }>('SELECT count(*) AS n FROM attachments'))[0].n);

it('uploads, lists, downloads and deletes an attachment', async () => {
  const uploaded = await upload(f.amy, 'Prüfbericht 2026.pdf', '%PDF-1.7\n%âãÏÓ\n1 0 obj\n', 'application/pdf');
  expect(uploaded.statusCode).toBe(201);
  const attachment = uploaded.json();
  expect(attachment).toEqual({
    id: expect.any(String),
    requirement_id: requirement,
    name: 'Prüfbericht 2026.pdf',
    size: Buffer.byteLength('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
    content_type: 'application/pdf',
    uploaded_by: { id: f.ids.amy, login_id: 'amy', name: 'User amy' },
    created_at: expect.any(String),
  });
  expect((await f.call(f.rita, 'GET', `/api/requirements/${requirement}/attachments?graph=alpha`)).json()).toEqual([attachment]);

  const download = await f.call(f.rita, 'GET', `/api/attachments/${attachment.id}/download?graph=alpha`);
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/pdf');
  expect(download.headers['content-disposition']).toBe(`attachment; filename="Pr_fbericht 2026.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%202026.pdf`);
  expect(download.headers['x-content-type-options']).toBe('nosniff');
  expect(download.rawPayload.equals(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).toBe(true);

  const [event] = await f.app.database.query<{ type: string; data: { attachment: { added: string } } }>(
    `SELECT type, data FROM requirement_events WHERE requirement_id = $1 ORDER BY time DESC LIMIT 1`,
    [requirement],
  );
  expect(event).toEqual({ type: 'Update', data: { attachment: expect.objectContaining({ added: 'Prüfbericht 2026.pdf' }) } });

  // Deleting needs DOCUMENT.DELETE (process admins): not the author.
  expectProblem(await f.call(f.amy, 'DELETE', `/api/attachments/${attachment.id}?graph=alpha`), 403, STATUS_MESSAGES[403]);
  expect((await f.call(f.olga, 'DELETE', `/api/attachments/${attachment.id}?graph=alpha`)).statusCode).toBe(204);
  expectProblem(await f.call(f.rita, 'GET', `/api/attachments/${attachment.id}/download?graph=alpha`), 404, STATUS_MESSAGES[404]);
  expectProblem(await f.call(f.olga, 'DELETE', `/api/attachments/${attachment.id}?graph=alpha`), 404, STATUS_MESSAGES[404]);
});

it('serves an HTML upload as an octet-stream attachment, never as text/html', async () => {
  const html = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
  const uploaded = await upload(f.amy, 'notes.txt', html, 'text/html');
  expect(uploaded.statusCode).toBe(201);
  expect(uploaded.json().content_type).toBe(OCTET_STREAM);
  const download = await f.call(f.rita, 'GET', `/api/attachments/${uploaded.json().id}/download?graph=alpha`);
  expect(download.headers['content-type']).toBe(OCTET_STREAM);
  expect(download.headers['content-disposition']).toMatch(/^attachment; /);
  expect(download.headers['x-content-type-options']).toBe('nosniff');
  expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(download.body).toBe(html);

  // Markup under an allowed text type, even declared as plain text, is not served as that type.
  const svg = await upload(f.amy, 'diagram.xml', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>', 'text/plain');
  expect(svg.json().content_type).toBe(OCTET_STREAM);
  const markdown = await upload(f.amy, 'README.md', '# Evidence\n\nPlain *markdown*.\n', 'text/markdown');
  expect(markdown.json().content_type).toBe('text/markdown; charset=utf-8');
});

it('refuses types outside the allow-list and content that does not match its extension (415)', async () => {
  const before = await count();
  expectProblem(await upload(f.amy, 'page.html', '<html></html>', 'text/html'), 415, notAllowed('html'));
  expectProblem(await upload(f.amy, 'image.svg', '<svg/>', 'image/svg+xml'), 415, notAllowed('svg'));
  expectProblem(await upload(f.amy, 'tool.exe', 'MZ\x90\x00', 'application/x-msdownload'), 415, notAllowed('exe'));
  expectProblem(await upload(f.amy, 'README', 'text', 'text/plain'), 415, notAllowed(''));
  expectProblem(await upload(f.amy, 'photo.png', 'not a png at all', 'image/png'), 415, notMatching('png'));
  expectProblem(await upload(f.amy, 'report.pdf', PNG, 'application/pdf'), 415, notMatching('pdf'));
  expectProblem(await upload(f.amy, 'data.csv', Buffer.from([0x4d, 0x5a, 0x00, 0x01, 0xff]), 'text/csv'), 415, notMatching('csv'));
  expectProblem(await upload(f.amy, 'memo.docx', 'plain text', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'), 415, notMatching('docx'));
  expect(await count()).toBe(before);
  const png = await upload(f.amy, 'screen.PNG', PNG, 'image/png');
  expect(png.json()).toMatchObject({ name: 'screen.PNG', content_type: 'image/png' });
});

it('refuses a file over 10 MiB (413) and writes nothing', async () => {
  const before = await count();
  const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
  expectProblem(await upload(f.amy, 'big.txt', big, 'text/plain'), 413, TOO_LARGE);
  expect(await count()).toBe(before);
  const exactly = await upload(f.amy, 'limit.txt', Buffer.alloc(10 * 1024 * 1024, 0x61), 'text/plain');
  expect(exactly.statusCode).toBe(201);
  expect(exactly.json().size).toBe(10 * 1024 * 1024);
}, 30_000);

it('refuses readers, unknown requirements or attachments, empty files and non-multipart bodies', async () => {
  expectProblem(await upload(f.rita, 'a.txt', 'hello'), 403, STATUS_MESSAGES[403]);
  expectProblem(await upload(f.amy, 'a.txt', 'hello', 'text/plain', UNKNOWN), 404, STATUS_MESSAGES[404]);
  expectProblem(await upload(f.amy, 'empty.txt', ''), 400, EMPTY_FILE);
  expectProblem(await upload(f.amy, 'javascript:alert(1).txt', 'x'), 400, MESSAGES.invalidInput);
  expectProblem(await f.call(f.amy, 'POST', `/api/requirements/${requirement}/attachments?graph=alpha`, { file: 'x' }), 400, NOT_MULTIPART);
  const wrongField = multipart('a.txt', 'hello', 'text/plain', 'document');
  expectProblem(
    await f.app.inject({
      method: 'POST',
      url: `/api/requirements/${requirement}/attachments?graph=alpha`,
      payload: wrongField.payload,
      headers: { ...withCookie(f.amy), ...wrongField.headers },
    }),
    400,
    NOT_MULTIPART,
  );
  expectProblem(await f.call(f.rita, 'GET', `/api/requirements/${UNKNOWN}/attachments?graph=alpha`), 404, STATUS_MESSAGES[404]);
  expectProblem(await f.call(f.rita, 'GET', `/api/attachments/${UNKNOWN}/download?graph=alpha`), 404, STATUS_MESSAGES[404]);
  expectProblem(await f.call(f.olga, 'DELETE', `/api/attachments/not-a-uuid?graph=alpha`), 404, STATUS_MESSAGES[404]);
});

it('answers 400 for a multipart body cut short, without a boundary or with two files, and stores nothing', async () => {
  const before = await count();
  const send = (payload: string, contentType: string) =>
    f.app.inject({
      method: 'POST',
      url: `/api/requirements/${requirement}/attachments?graph=alpha`,
      payload,
      headers: { ...withCookie(f.amy), 'content-type': contentType },
    });
  const part = (name: string) => `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`;
  const cut = await send('--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhel', 'multipart/form-data; boundary=b');
  expectProblem(cut, 400, `${MULTIPART_UNREADABLE}: Unexpected end of multipart data. ${NOT_MULTIPART}`);
  const noBoundary = await send(part('a.txt') + '--b--\r\n', 'multipart/form-data');
  expect(noBoundary.statusCode).toBe(400);
  expect(noBoundary.json().detail).toMatch(new RegExp(`^${MULTIPART_UNREADABLE}: .*[Bb]oundary`));
  expectProblem(await send(part('a.txt') + part('b.txt') + '--b--\r\n', 'multipart/form-data; boundary=b'), 400, ONE_ATTACHMENT);
  expect(await count()).toBe(before);
});

describe('file checks', () => {
  it('classifies by extension and content', () => {
    expect(classify('a.jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(classify('a.gif', Buffer.from('GIF89a....'), undefined)).toEqual({ ok: true, contentType: 'image/gif' });
    expect(classify('a.zip', Buffer.from('PK\u0003\u0004....'), undefined)).toEqual({ ok: true, contentType: 'application/zip' });
    expect(classify('a.xlsx', Buffer.from('PK\u0003\u0004....[Content_Types].xml'), undefined)).toMatchObject({ ok: true });
    expect(classify('a.json', Buffer.from('{"a":1}'), 'text/html')).toEqual({ ok: true, contentType: OCTET_STREAM });
    expect(classify('a.txt', Buffer.from([0xc3, 0x28]), undefined)).toEqual({ ok: false, status: 415, detail: notMatching('txt') });
  });

  it('names the file in Content-Disposition without letting it break the header', () => {
    expect(contentDisposition('a"b;c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%3Bc.txt`);
    expect(contentDisposition('日本.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.pdf`);
  });
});
