// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The evidence library through the API (issue 23 items 7-9): uploads of several files stored by
// content hash (the same bytes once), versions, search by name and text (text and PDF), download
// and preview headers, metadata changes, delete with its blob, permissions and other processes' 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { STATUS_MESSAGES, type DocumentDetail, type DocumentPage, type DocumentSummary } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { pdfWith, upload } from '../testing/documents';
import { createFixture, type Fixture } from '../testing/analysis';
import { createReviewReminders } from './review';

let f: Fixture;
let requirement: string;

const blobPath = (sha256: string) => path.join(f.app.config.dataDir, 'files', sha256.slice(0, 2), sha256);
const detail = async (id: string, cookie = f.rita) => (await f.call(cookie, 'GET', `/api/documents/${id}?graph=alpha`)).json() as DocumentDetail;
const page = async (query: string, cookie = f.rita) => (await f.call(cookie, 'GET', `/api/documents?graph=alpha${query}`)).json() as DocumentPage;

beforeAll(async () => {
  f = await createFixture();
  requirement = await f.requirement({ code: 'REQ-1', title: 'Access reviews' });
}, 60_000);

afterAll(() => f.close());

it('uploads several files into a folder, lists, searches their text and downloads them', async () => {
  const pdf = await pdfWith('Quarterly access review signed by the CISO');
  const uploaded = await upload(f, f.amy, [
    { name: 'access-review.pdf', content: pdf },
    { name: 'controls.csv', content: 'control,owner\nAC-2,amy\n' },
    { name: 'notes.md', content: '# Notes\nThe firewall ruleset was reviewed.' },
  ], { folder: 'audits/2026', tags: 'iso27001, soc2' });
  expect(uploaded.statusCode).toBe(201);
  const documents = uploaded.json().documents as DocumentSummary[];
  expect(documents.map((document) => [document.folder, document.name, document.content_type, document.current_version])).toEqual([
    ['audits/2026', 'access-review.pdf', 'application/pdf', 1],
    ['audits/2026', 'controls.csv', 'text/csv; charset=utf-8', 1],
    ['audits/2026', 'notes.md', 'text/markdown; charset=utf-8', 1],
  ]);
  expect(documents[0]).toMatchObject({ tags: ['iso27001', 'soc2'], owner: { login_id: 'amy' }, created_by: { login_id: 'amy' }, size: pdf.length, evidence_count: 0 });

  const listed = await page('&folder=audits/2026');
  expect(listed.total).toBe(3);
  expect(listed.folders).toEqual(['', 'audits', 'audits/2026']);
  expect(listed.tags).toEqual(['iso27001', 'soc2']);
  // By text content: the PDF's words and the markdown's.
  expect((await page('&q=signed%20by%20the%20CISO')).items.map((item) => item.name)).toEqual(['access-review.pdf']);
  expect((await page('&q=FIREWALL')).items.map((item) => item.name)).toEqual(['notes.md']);
  expect((await page('&q=controls')).items.map((item) => item.name)).toEqual(['controls.csv']);
  // A LIKE wildcard is a character like another.
  expect((await page('&q=%25')).total).toBe(0);
  expect((await page('&tag=soc2&limit=2')).items).toHaveLength(2);
  expect((await page('&tag=soc2&offset=2&limit=2')).items).toHaveLength(1);

  const download = await f.call(f.rita, 'GET', `/api/documents/${documents[0].id}/download?graph=alpha`);
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/pdf');
  expect(download.headers['content-disposition']).toBe(`attachment; filename="access-review.pdf"; filename*=UTF-8''access-review.pdf`);
  expect(download.headers['x-content-type-options']).toBe('nosniff');
  expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(download.rawPayload.equals(pdf)).toBe(true);

  const preview = await f.call(f.rita, 'GET', `/api/documents/${documents[2].id}/download?graph=alpha&inline=true`);
  expect(preview.headers['content-disposition']).toMatch(/^inline; filename="notes.md"/);
  expect(preview.headers['content-security-policy']).toContain('sandbox');
  expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(preview.body).toBe('# Notes\nThe firewall ruleset was reviewed.');
});

it('keeps earlier versions downloadable and stores the same bytes once', async () => {
  const first = (await upload(f, f.amy, [{ name: 'policy.txt', content: 'Version one of the policy.' }])).json().documents[0] as DocumentSummary;
  const again = await upload(f, f.olga, [{ name: 'policy.txt', content: 'Version two of the policy.' }]);
  expect(again.json().documents[0]).toMatchObject({ id: first.id, current_version: 2 });
  // The same bytes under another name: a new document, the same blob.
  const copy = (await upload(f, f.amy, [{ name: 'policy-copy.txt', content: 'Version one of the policy.' }], { folder: 'copies' })).json().documents[0] as DocumentSummary;

  const shown = await detail(first.id);
  expect(shown.versions.map((version) => [version.version, version.uploaded_by?.login_id, version.size])).toEqual([
    [2, 'olga', 26],
    [1, 'amy', 26],
  ]);
  const one = await f.call(f.rita, 'GET', `/api/documents/${first.id}/download?graph=alpha&version=1`);
  expect(one.body).toBe('Version one of the policy.');
  expect((await f.call(f.rita, 'GET', `/api/documents/${first.id}/download?graph=alpha`)).body).toBe('Version two of the policy.');
  expectProblem(await f.call(f.rita, 'GET', `/api/documents/${first.id}/download?graph=alpha&version=3`), 404, STATUS_MESSAGES[404]);
  // Searching finds the current text only.
  expect((await page('&q=Version%20two')).items.map((item) => item.id)).toEqual([first.id]);

  const shared = shown.versions[1].sha256;
  expect((await detail(copy.id)).versions[0].sha256).toBe(shared);
  expect(existsSync(blobPath(shared))).toBe(true);

  // Deleting needs DOCUMENT.DELETE (process admins): the uploader may not.
  expectProblem(await f.call(f.amy, 'DELETE', `/api/documents/${first.id}?graph=alpha`), 403, STATUS_MESSAGES[403]);
  expect((await f.call(f.olga, 'DELETE', `/api/documents/${first.id}?graph=alpha`)).statusCode).toBe(204);
  expectProblem(await f.call(f.rita, 'GET', `/api/documents/${first.id}?graph=alpha`), 404, STATUS_MESSAGES[404]);
  // Version one's bytes are still the copy's; version two's are gone.
  expect(existsSync(blobPath(shared))).toBe(true);
  expect(existsSync(blobPath(shown.versions[0].sha256))).toBe(false);
  expect((await f.call(f.olga, 'DELETE', `/api/documents/${copy.id}?graph=alpha`)).statusCode).toBe(204);
  expect(existsSync(blobPath(shared))).toBe(false);
  expectProblem(await f.call(f.olga, 'DELETE', `/api/documents/${copy.id}?graph=alpha`), 404, STATUS_MESSAGES[404]);
});

it('changes folder, tags, owner and review-by, and reminds the owner like a task', async () => {
  const document = (await upload(f, f.amy, [{ name: 'dr-plan.txt', content: 'Disaster recovery plan' }])).json().documents[0] as DocumentSummary;
  const changed = await f.call(f.amy, 'PATCH', `/api/documents/${document.id}?graph=alpha`, { folder: 'plans', tags: ['bcp', 'bcp', ' dr '], owner: f.ids.rex, review_by: '2026-05-06' });
  expect(changed.statusCode).toBe(200);
  expect(changed.json()).toMatchObject({ folder: 'plans', tags: ['bcp', 'dr'], owner: { login_id: 'rex' }, review_by: '2026-05-06' });
  expectProblem(await f.call(f.amy, 'PATCH', `/api/documents/${document.id}?graph=alpha`, { review_by: '2026-02-30' }), 400, "The review-by date is a day as 'YYYY-MM-DD'.");
  expectProblem(await f.call(f.amy, 'PATCH', `/api/documents/${document.id}?graph=alpha`, { owner: f.ids.bob }), 404, STATUS_MESSAGES[404]);
  expectProblem(await f.call(f.rita, 'PATCH', `/api/documents/${document.id}?graph=alpha`, { tags: [] }), 403, STATUS_MESSAGES[403]);

  const notices = async () =>
    (await f.app.database.query<{ body: { title: string; message: string } }>(`SELECT body FROM outbox WHERE destination = $1 ORDER BY seq`, [`notifications#${f.ids.rex}`]))
      .map((row) => row.body.title)
      .filter((title) => title.startsWith('Document review'));
  const reminders = createReviewReminders({ db: f.app.database, now: () => new Date('2026-05-04T09:00:00Z') });
  expect(await reminders.tick()).toEqual({ reminded: 1, pastDue: 0 });
  expect(await reminders.tick()).toEqual({ reminded: 0, pastDue: 0 });
  const later = createReviewReminders({ db: f.app.database, now: () => new Date('2026-05-07T09:00:00Z') });
  expect(await later.tick()).toEqual({ reminded: 0, pastDue: 1 });
  expect(await notices()).toEqual(['Document review due soon', 'Document review past due']);
});

it('answers 404 for another process or organization, and 403 without the permission', async () => {
  const mine = (await upload(f, f.amy, [{ name: 'alpha-only.txt', content: 'Alpha evidence' }])).json().documents[0] as DocumentSummary;
  const theirs = (await upload(f, f.bob, [{ name: 'beta-only.txt', content: 'Beta evidence' }], {}, 'beta')).json().documents[0] as DocumentSummary;
  for (const [method, url] of [
    ['GET', `/api/documents/${theirs.id}?graph=alpha`],
    ['GET', `/api/documents/${theirs.id}/download?graph=alpha`],
    ['DELETE', `/api/documents/${theirs.id}?graph=alpha`],
    ['PUT', `/api/documents/${theirs.id}/requirements/${requirement}?graph=alpha`],
  ] as const) {
    expectProblem(await f.call(f.olga, method, url), 404, STATUS_MESSAGES[404]);
  }
  expectProblem(await f.call(f.olga, 'PATCH', `/api/documents/${theirs.id}?graph=alpha`, { tags: ['x'] }), 404, STATUS_MESSAGES[404]);
  // Bob (Beta) does not see Acme's process at all.
  expect((await f.call(f.bob, 'GET', `/api/documents/${mine.id}?graph=alpha`)).statusCode).toBe(404);
  expect((await page('&q=Beta', f.olga)).total).toBe(0);
  // A reader lists and views, but does not upload.
  expectProblem(await upload(f, f.rita, [{ name: 'x.txt', content: 'x' }]), 403, STATUS_MESSAGES[403]);
  expect((await f.call(f.rex, 'GET', `/api/documents/${mine.id}?graph=alpha`)).statusCode).toBe(200);
});
