import { expect, test, type Page } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS } from '../../support/users';

// Issue 23 items 7, 8 and 13 end to end, as one user of process E2E: a markdown file chosen in
// Shared Files is stored and previewed rendered; it is linked as evidence to a requirement; a
// second upload of the same name, dropped on the drop zone, is its version 2; the requirement's
// page and the traceability matrix of /reports list the file as evidence.

const GRAPH = 'e2e';
/** A screen's first load (a remote's code, its queries) on a machine shared with other suites. */
const LOAD_MS = 30_000;

const FIRST = ['# Access review', '', 'Quarterly review of **privileged accounts**.', '', '- 42 accounts reviewed', '- 3 accounts removed', ''].join('\n');
const SECOND = ['# Access review', '', 'Quarterly review of **privileged accounts**.', '', '- 42 accounts reviewed', '- 5 accounts removed', ''].join('\n');

/** Drops a file on a drop zone as the browser does when a file is dragged from the desktop. */
async function dropFile(page: Page, zone: ReturnType<Page['getByRole']>, name: string, text: string) {
  const dataTransfer = await page.evaluateHandle(([fileName, content]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], fileName, { type: 'text/markdown' }));
    return transfer;
  }, [name, text] as const);
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test('a shared file is uploaded, previewed, versioned and linked as evidence, and shows on the requirement and in the matrix', async ({ browser }) => {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, USERS.collabFiler, (secret) => totpCode(secret));
  const page = await context.newPage();
  const suffix = Date.now().toString(36);
  const title = `Review privileged access ${suffix}`;
  const fileName = `access-review-${suffix}.md`;

  const created = await page.request.post(`/api/requirements?graph=${GRAPH}`, { data: { title }, headers: CSRF });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: string; code: string };

  // Upload through the file picker: the line ends as "stored", with no progress bar left.
  await page.goto('/collaboration/share-files');
  await expect(mainHeading(page)).toHaveText('Shared Files', { timeout: LOAD_MS });
  const upload = page.getByRole('region', { name: 'Upload files' });
  const chooser = page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: fileName, mimeType: 'text/markdown', buffer: Buffer.from(FIRST) });
  const uploads = upload.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem')).toHaveText([`${fileName} stored.`]);
  await expect(uploads.getByRole('progressbar')).toHaveCount(0);

  // Listed in the library, as version 1, evidence for nothing yet.
  const documents = page.getByRole('table', { name: 'Documents' });
  const row = documents.getByRole('row').filter({ has: page.getByRole('button', { name: fileName }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('v1');
  await expect(row).toContainText(USERS.collabFiler.name);
  await expect(row).toContainText('0 requirements');

  // Opened: the markdown is rendered (a heading, bold text, a list), not shown as its source.
  await row.getByRole('button', { name: fileName }).click();
  const panel = page.getByRole('region', { name: `Document ${fileName}` });
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(fileName);
  const preview = panel.getByRole('region', { name: `Preview of ${fileName}` });
  await expect(preview.getByRole('heading', { name: 'Access review' })).toBeVisible();
  await expect(preview.getByText('privileged accounts', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  await expect(preview.getByRole('listitem')).toHaveText(['42 accounts reviewed', '3 accounts removed']);
  await expect(preview).not.toContainText('# Access review');

  // Linked as evidence to the requirement, found by its title.
  await expect(panel.getByText('Not evidence for any requirement yet.')).toBeVisible();
  await panel.getByRole('textbox', { name: 'Link a requirement' }).fill(title);
  await panel.getByRole('list', { name: 'Requirements found' }).getByRole('button', { name: `Link ${code}` }).click();
  const linked = panel.getByRole('list', { name: 'Evidence for' }).getByRole('listitem');
  await expect(linked).toHaveCount(1);
  await expect(linked).toContainText(`${code} ${title}`);
  await expect(row).toContainText('1 requirement');

  // The same name dropped again is version 2; both versions are listed, the preview shows the new text.
  await dropFile(page, upload.getByRole('group', { name: 'Files to share: drop zone' }), fileName, SECOND);
  await expect(uploads.getByRole('listitem')).toHaveText([`${fileName} stored.`, `${fileName} stored as version 2.`]);
  await expect(row).toContainText('v2');
  const versions = panel.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('v2');
  await expect(versions.nth(1)).toContainText('v1');
  await expect(panel).toContainText('version 2 of 2');
  await expect(preview.getByRole('listitem')).toHaveText(['42 accounts reviewed', '5 accounts removed']);
  await panel.getByRole('button', { name: 'Preview version 1' }).click();
  await expect(panel).toContainText('version 1 of 2');
  await expect(preview.getByRole('listitem')).toHaveText(['42 accounts reviewed', '3 accounts removed']);

  // The requirement's page lists it under Evidence, at its current version, linking back to the library.
  await page.goto(`/requirements?id=${id}`);
  const evidence = page.getByRole('group', { name: `${code} ${title}` }).getByRole('region', { name: 'Evidence' });
  const evidenceLink = evidence.getByRole('list', { name: 'Evidence' }).getByRole('link', { name: fileName });
  await expect(evidenceLink).toBeVisible({ timeout: LOAD_MS });
  await expect(evidence.getByRole('listitem')).toHaveText([`${fileName} v2`]);

  // The traceability matrix shows it in the requirement's Evidence column.
  await page.goto('/reports');
  const matrix = page.getByRole('table', { name: 'Traceability matrix' });
  await expect(matrix).toBeVisible({ timeout: LOAD_MS });
  const column = (await matrix.getByRole('columnheader').allTextContents()).indexOf('Evidence');
  expect(column).toBeGreaterThan(0);
  const matrixRow = matrix.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${code} ${title}` }) });
  await expect(matrixRow.locator('th, td').nth(column)).toHaveText(fileName);

  // And from the requirement's page back to the file in the library.
  await page.goto(`/requirements?id=${id}`);
  await evidenceLink.click();
  await expect(page).toHaveURL(/\/collaboration\/share-files\?document=/);
  await expect(page.getByRole('region', { name: `Document ${fileName}` }).getByRole('heading', { level: 2 })).toHaveText(fileName, { timeout: LOAD_MS });
  await context.close();
});
