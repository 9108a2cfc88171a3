import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { createApp, importAdvisories, JUICE_SHOP, signedIn, stamp, uploadAndWait } from './support';

// Issue 7 item 8 end to end: a finding analysed as not_affected with a justification through the
// screen, its trail; the build's VEX exported; the analysis carried over to the app's next build;
// the exported VEX imported onto another app's build, where the finding then reads not_affected.

// lodash's command injection (CVE-2021-23337): juice-shop holds several lodash versions it affects.
const VULNERABILITY = 'GHSA-35jh-r3h4-6jhm';

/** The finding's row of one component (name and version as the table shows them). */
async function findingRow(page: Page, component: string) {
  await page.getByRole('searchbox', { name: 'Filter findings' }).fill('CVE-2021-23337');
  const row = page.getByRole('table', { name: 'Findings' }).getByRole('row').filter({ hasText: VULNERABILITY }).filter({ hasText: component });
  await expect(row).toHaveCount(1);
  return row;
}

test('a finding set not_affected with a justification, its VEX exported and carried to the next build, and imported onto another app', async ({ browser }) => {
  test.setTimeout(240_000);
  const curator = await signedIn(browser, USERS.vexCurator);
  await importAdvisories(curator.request);
  await curator.context().close();

  const page = await signedIn(browser, USERS.appAnalyst);
  const key = `vex-${stamp()}`;
  const other = `vex-copy-${stamp()}`;
  await createApp(page.request, key, 'Juice Shop (analysed)');
  await createApp(page.request, other, 'Juice Shop (copy)');
  await uploadAndWait(page.request, key);

  await page.goto(`/applications/${key}`);
  await expect(mainHeading(page)).toHaveText(`Application ${key}`);
  await page.getByRole('searchbox', { name: 'Filter findings' }).fill('CVE-2021-23337');
  const first = page.getByRole('table', { name: 'Findings' }).getByRole('row').filter({ hasText: VULNERABILITY }).first();
  const component = ((await first.getByRole('cell').nth(2).textContent()) ?? '').trim();
  expect(component).toMatch(/^lodash \d/);
  const row = await findingRow(page, component);
  await expect(row).toContainText('Not set');
  await row.click();
  const dialog = page.getByRole('dialog', { name: VULNERABILITY });
  await expect(dialog).toContainText(`Affects ${component} in this build.`);
  const form = dialog.getByRole('form', { name: 'VEX analysis' });
  await form.getByRole('combobox', { name: 'State' }).selectOption('not_affected');
  await form.getByRole('button', { name: 'Save analysis' }).click();
  await expect(form.getByText('Not affected needs a justification or a detail.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Justification' }).selectOption('code_not_reachable');
  await form.getByRole('textbox', { name: 'Comment' }).fill('template() is never called with user input.');
  await form.getByRole('button', { name: 'Save analysis' }).click();
  const trail = dialog.getByRole('list', { name: 'Analysis trail' });
  await expect(trail).toContainText('Not affected · Code not reachable');
  await expect(trail).toContainText(`${USERS.appAnalyst.login} · Analysis`);
  await expect(trail).toContainText('template() is never called with user input.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Not affected');

  // The build's VEX: CycloneDX 1.6 with the analysis.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export VEX' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.vex\.json$/);
  const vexPath = await download.path();
  const vex = JSON.parse(readFileSync(vexPath, 'utf8')) as { bomFormat: string; specVersion: string; vulnerabilities: Array<{ id: string; analysis?: { state?: string; justification?: string } }> };
  expect(vex).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6' });
  expect(vex.vulnerabilities.find((entry) => entry.id === VULNERABILITY && entry.analysis)?.analysis).toMatchObject({ state: 'not_affected', justification: 'code_not_reachable' });

  // The next build of the app carries the analysis over.
  await page.getByLabel('SBOM file', { exact: true }).setInputFiles({ name: 'juice-shop-next.json', mimeType: 'application/json', buffer: JUICE_SHOP });
  const processed = page.getByRole('status').filter({ hasText: 'Build #2 from juice-shop-next.json' });
  await expect(processed).toContainText('Done', { timeout: 60_000 });
  await processed.getByRole('link', { name: 'Open build #2' }).click();
  await expect(page.getByRole('heading', { name: 'Build #2' })).toBeVisible();
  await expect(await findingRow(page, component)).toContainText('Not affectedcarried over from #1');

  // The exported VEX onto another app's build of the same SBOM.
  await uploadAndWait(page.request, other);
  await page.goto(`/applications/${other}`);
  await expect(await findingRow(page, component)).toContainText('Not set');
  await page.getByLabel('VEX file', { exact: true }).setInputFiles(vexPath);
  const imported = page.getByRole('status').filter({ hasText: 'statements read' });
  await expect(imported).toContainText(/[1-9]\d* findings? changed/);
  // The findings not analysed are exported as 'not set': counted, not listed as unmatched.
  await expect(imported).toContainText(/[1-9]\d* statements? without an analysis skipped\./);
  await expect(imported).not.toContainText('matched no finding');
  await expect(await findingRow(page, component)).toContainText('Not affected');
});
