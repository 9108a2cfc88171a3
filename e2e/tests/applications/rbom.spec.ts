import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { createApp, JUICE_SHOP_COMPONENTS, signedIn, stamp, uploadAndWait } from './support';

// Issue 7 item 13 end to end: a deployment profile made on the RBOM settings page, its runtime BOM
// computed (without the build tools and type definitions it leaves out), exported as CycloneDX
// with lifecycle phase 'operations', and shared by a link that opens without signing in.

test("a deployment profile's RBOM is computed, exported and shared", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, USERS.rbomOwner);
  const key = `deployed-${stamp()}`;
  await createApp(page.request, key, 'Deployed shop');
  await uploadAndWait(page.request, key);

  await page.goto(`/applications/${key}?tab=deployment`);
  await expect(page.getByText('No deployment profiles yet')).toBeVisible();
  await page.getByRole('link', { name: 'RBOM settings' }).click();
  await expect(mainHeading(page)).toHaveText(`RBOM Settings ${key}`);

  await page.getByRole('button', { name: 'New deployment profile' }).click();
  const form = page.getByRole('dialog', { name: 'New deployment profile' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Production');
  await form.getByLabel('Environment').selectOption('prod');
  await form.getByRole('textbox', { name: /^Not deployed/ }).fill('pkg:npm/grunt*\n@types/*');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();

  // The RBOM opens at once: what runs, what is left out and why.
  const summary = page.getByTestId('rbom-summary');
  await expect(summary).toContainText(`of ${JUICE_SHOP_COMPONENTS} run (build 1)`, { timeout: 30_000 });
  const [, running, leftOut] = /(\d+) components of \d+ run \(build 1\); (\d+) components? left out/.exec((await summary.textContent())!)!.map(Number);
  expect(running + leftOut).toBe(JUICE_SHOP_COMPONENTS);
  expect(leftOut).toBeGreaterThanOrEqual(8);
  const notDeployed = page.getByRole('table', { name: 'Components not deployed' });
  await expect(notDeployed.getByRole('row').filter({ hasText: 'grunt-cli' })).toContainText('matches pkg:npm/grunt*');
  await expect(notDeployed.getByRole('row').filter({ hasText: /^@types\/node14/ }).first()).toContainText('matches @types/*');

  // Exported as CycloneDX 1.6, lifecycle operations, without what was left out.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CycloneDX' }).click()]);
  expect(download.suggestedFilename()).toBe(`${key}-Production-build-1.rbom.cdx.json`);
  const document = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(document).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6', metadata: { lifecycles: [{ phase: 'operations' }], component: { name: 'juice-shop' } } });
  expect(document.metadata.properties).toEqual(expect.arrayContaining([{ name: 'portal:environment', value: 'prod' }]));
  expect(document.components).toHaveLength(running - 1);
  expect(document.components.some((component: { name: string }) => component.name.startsWith('grunt'))).toBe(false);

  // Shared by a link that opens without a session.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share the runtime BOM of Production' });
  await share.getByRole('textbox', { name: /^Mail it to/ }).fill('auditor@example.com');
  await share.getByRole('button', { name: 'Create the link' }).click();
  const link = await page.getByRole('textbox', { name: 'Shared link' }).inputValue();
  expect(link).toMatch(/\/api\/rbom\/shared\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Shared links' }).getByRole('row').nth(1)).toContainText('auditor@example.comActive');
  const stranger = await browser.newContext();
  const opened = await stranger.request.get(link);
  expect(opened.status()).toBe(200);
  expect((await opened.json()).components).toHaveLength(running - 1);
  await stranger.close();

  // The app page's tab lists the profile.
  await page.goto(`/applications/${key}?tab=deployment`);
  await expect(page.getByRole('table', { name: 'Deployment profiles' })).toContainText('ProductionProductionBuild 12 patterns');
  await page.context().close();
});
