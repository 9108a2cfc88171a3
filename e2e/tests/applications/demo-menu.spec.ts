import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CSRF, mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { createApp, GRAPH, importAdvisories, signedIn, stamp, uploadAndWait } from './support';

// The process menu's demo-only items (spec 2.3, issue 4) on the real portal: clear two specific
// CVEs, Rescan SBOM Components (which finds them again), Clear SBOMs per application and Clear All
// SBOMs, each confirmed with the spec's text and answered with what happened.

async function vulnerabilityCount(request: APIRequestContext, appKey: string, buildId: string): Promise<number> {
  const build = (await (await request.get(`/api/apps/${appKey}/builds/${buildId}?graph=${GRAPH}`)).json()) as { vulnerability_count: number };
  return build.vulnerability_count;
}
async function buildCount(request: APIRequestContext, appKey: string): Promise<number> {
  const response = await request.get(`/api/apps/${appKey}?graph=${GRAPH}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { builds: unknown[] }).builds.length;
}
async function demoItem(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: /^Process menu, current process/ }).click();
  await page.getByRole('menu', { name: 'Process menu' }).getByRole('menuitem', { name }).click();
}
const snackbar = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

test('the demo items clear two CVEs, rescan them back, and clear the SBOMs of an application and of the process', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, USERS.demoist);
  await importAdvisories(page.request);
  const key = `demo-${stamp()}`;
  const created = await page.request.post(`/api/apps?graph=${GRAPH}`, { data: { app_key: key, name: 'Demo shop', enable_continuous_monitoring: true }, headers: CSRF });
  expect(created.status()).toBe(201);
  const buildId = await uploadAndWait(page.request, key);
  const found = await vulnerabilityCount(page.request, key, buildId);
  expect(found).toBeGreaterThan(2);

  await page.goto('/applications');
  await expect(mainHeading(page)).toHaveText('Security Posture');

  // Clear CVE-2020-8203 and CVE-2021-23337: juice-shop's lodash has both.
  await demoItem(page, 'Clear CVE-2020-8203 and CVE-2021-23337');
  const clearCves = page.getByRole('alertdialog', { name: 'Clear CVEs' });
  await expect(clearCves).toContainText('Clear CVE-2020-8203 and CVE-2021-23337 from the findings of the process');
  await clearCves.getByRole('button', { name: 'Clear' }).click();
  await expect(snackbar(page, /^Cleared \d+ findings? of CVE-2020-8203 and CVE-2021-23337 in \d+ builds?\.$/)).toBeVisible();
  expect(await vulnerabilityCount(page.request, key, buildId)).toBe(found - 2);

  // Rescan SBOM Components finds them again.
  await demoItem(page, 'Rescan SBOM Components');
  await expect(snackbar(page, /^Rescanned \d+ monitored applications?: \d+ new vulnerabilit(y|ies), \d+ new active exploits?\.$/)).toBeVisible({ timeout: 30_000 });
  expect(await vulnerabilityCount(page.request, key, buildId)).toBe(found);

  // Clear SBOMs per application: choose it, read the spec's sentence, confirm.
  await createApp(page.request, `${key}-other`, 'Other shop');
  await demoItem(page, 'Clear SBOMs per application');
  const perApp = page.getByRole('alertdialog', { name: 'Clear SBOMs per application' });
  await perApp.getByLabel('Application').selectOption(key);
  await expect(perApp).toContainText(`Clear SBOMs of application ${key}.`);
  await perApp.getByRole('button', { name: 'Clear' }).click();
  await expect(snackbar(page, 'Cleared 1 build of 1 application.')).toBeVisible();
  expect(await buildCount(page.request, key)).toBe(0);

  // Clear All SBOMs of the process.
  await uploadAndWait(page.request, key);
  await demoItem(page, 'Clear All SBOMs');
  const all = page.getByRole('alertdialog', { name: 'Clear All SBOMs' });
  await expect(all).toContainText('Clear all SBOMs of the process.');
  await all.getByRole('button', { name: 'Clear' }).click();
  // Every app of the process (two at least: this test made two), unlike the snackbar before it.
  await expect(snackbar(page, /^Cleared \d+ builds? of \d+ applications\.$/)).toBeVisible();
  expect(await buildCount(page.request, key)).toBe(0);
  await page.context().close();
});
