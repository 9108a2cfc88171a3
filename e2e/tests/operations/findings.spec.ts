import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS } from '../../support/users';

// Issue 24 items 3-5 end to end, as an AUTHOR of process E2E on /security/sast: ESLint's SARIF
// (e2e/fixtures/eslint.sarif: 10 results, 5 suppressed in source) is uploaded from the screen into
// a repository; one finding is triaged as a false positive; a copy of the file without another
// result is uploaded again into the same repository: the triaged finding stays a false positive
// and the one no longer reported is fixed, which its history says.

/** A screen's first load (a remote's code, its queries) on a machine shared with other suites. */
const LOAD_MS = 30_000;
const SARIF = readFileSync(join(__dirname, '..', '..', 'fixtures', 'eslint.sarif'), 'utf8');
const TRIAGED = "'locale' is defined but never used.";
const REMOVED = "'ref' is defined but never used.";

/** The file without the result whose message is `message`. */
function without(message: string): string {
  const sarif = JSON.parse(SARIF) as { runs: Array<{ results: Array<{ message: { text: string } }> }> };
  const results = sarif.runs[0]!.results;
  const index = results.findIndex((result) => result.message.text === message);
  expect(index).toBeGreaterThanOrEqual(0);
  results.splice(index, 1);
  return JSON.stringify(sarif, null, 2);
}

async function upload(page: Page, panel: Locator, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

test('a SARIF uploaded from the screen is listed; a false positive stays triaged through a re-import, and a result no longer reported turns fixed', async ({ browser }) => {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, USERS.opsTriager, (secret) => totpCode(secret));
  const page = await context.newPage();
  const repository = `web-${Date.now().toString(36)}`;

  await page.goto('/security/sast');
  await expect(mainHeading(page)).toHaveText('SAST', { timeout: LOAD_MS });

  // Upload into a repository named freely: the import says what it stored.
  const panel = page.getByRole('region', { name: 'Upload scanner results' });
  await panel.getByLabel('Findings of').selectOption('repository');
  await panel.getByRole('textbox', { name: 'Repository' }).fill(repository);
  await upload(page, panel, 'eslint.sarif', SARIF);
  await expect(panel.getByRole('status')).toHaveText(`eslint.sarif imported into ${repository} (repository): 10 findings, 10 new, 0 seen again, 0 fixed, 0 reopened.`);

  // The list of that repository: its 10 findings, 5 of them suppressed by ESLint's comments.
  const filters = page.getByRole('search', { name: 'Filter code findings' });
  await filters.getByRole('textbox', { name: 'Repository' }).fill(repository);
  const table = page.getByRole('table', { name: 'Code findings' });
  const rows = table.getByRole('row').filter({ hasText: `${repository} (repository)` });
  await expect(rows).toHaveCount(10);
  await expect(rows.filter({ hasText: 'Suppressed by the tool' })).toHaveCount(5);
  const triagedRow = rows.filter({ has: page.getByRole('button', { name: TRIAGED, exact: true }) });
  const removedRow = rows.filter({ has: page.getByRole('button', { name: REMOVED, exact: true }) });
  await expect(triagedRow).toContainText('Open');
  await expect(removedRow).toContainText('Open');

  // One finding triaged as a false positive, with a reason.
  await triagedRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Triage selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Triage the finding' });
  await dialog.getByLabel('State').selectOption('false_positive');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The locale is read by the i18n provider through the context.');
  await dialog.getByRole('button', { name: 'Save decision' }).click();
  await expect(dialog).toBeHidden();
  await expect(triagedRow).toContainText('False positive');

  // Re-imported without one result: 9 seen again, 1 fixed; the decision survives.
  await upload(page, panel, 'eslint-next.sarif', without(REMOVED));
  await expect(panel.getByRole('status')).toHaveText(`eslint-next.sarif imported into ${repository} (repository): 9 findings, 0 new, 9 seen again, 1 fixed, 0 reopened.`);
  await expect(rows).toHaveCount(10);
  await expect(triagedRow).toContainText('False positive');
  await expect(removedRow).toContainText('Fixed');

  // The fixed finding's history says why; its detail shows where it was.
  await removedRow.getByRole('button', { name: REMOVED, exact: true }).click();
  await expect(page).toHaveURL(/[?&]finding=/);
  const detail = page.getByRole('complementary', { name: 'Finding' });
  await expect(detail.getByRole('heading', { name: REMOVED })).toBeVisible();
  await expect(detail).toContainText('@typescript-eslint/no-unused-vars');
  await expect(detail).toContainText('AppBar.tsx, line 17');
  await expect(detail.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveText([/Marked fixed by a re-import/]);

  // And the triaged one's history names the decision.
  await triagedRow.getByRole('button', { name: TRIAGED, exact: true }).click();
  await expect(detail.getByRole('heading', { name: TRIAGED })).toBeVisible();
  await expect(detail.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveText([/Triaged from Open to False positive: The locale is read/]);
  await context.close();
});
