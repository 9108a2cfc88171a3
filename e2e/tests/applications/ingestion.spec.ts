import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CSRF, mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { createApp, importAdvisories, JUICE_SHOP, JUICE_SHOP_COMPONENTS, JUICE_SHOP_GZ, OSV_FILES, signedIn, stamp, uploadAndWait } from './support';

// Issue 7 end to end (mfe-applications core): an app made and fed an SBOM through the screens with
// visible progress, its component tree and findings with severities; the same SBOM sent by a
// pipeline with a CI/CD ingestion module's API key; a READER who sees but cannot act.

test('an app is created, its SBOM uploaded with visible progress, and its findings and component tree shown', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, USERS.appOwner);
  const key = `juice-${stamp()}`;

  await page.goto('/applications');
  await expect(mainHeading(page)).toHaveText('Security Posture');
  await page.getByRole('button', { name: 'New application' }).click();
  const form = page.getByRole('dialog', { name: 'New application' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Required.')).toHaveCount(2);
  await form.getByLabel('App key').fill(key);
  await form.getByLabel('Name').fill('OWASP Juice Shop');
  await form.getByLabel('Portfolio').fill('Retail');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: key });
  await expect(row).toContainText('No SBOM yet');

  // The advisories the findings come from, imported through the screens (a folder's files): Security
  // Posture leads a Global Admin to the installation's vulnerability database.
  await page.getByRole('region', { name: 'Vulnerability database' }).getByRole('link', { name: 'Import advisories and see what the database holds' }).click();
  await expect(mainHeading(page)).toHaveText('Vulnerability Database');
  await page.getByLabel('Advisory files', { exact: true }).setInputFiles(OSV_FILES);
  const imported = page.getByRole('status').filter({ hasText: 'Imported' });
  await expect(imported).toContainText(`Imported ${OSV_FILES.length} files.`, { timeout: 60_000 });
  await expect(imported.getByLabel('Import result')).toContainText(`Read${OSV_FILES.length}`);
  await expect(imported.getByLabel('Import result')).toContainText('Invalid0');
  await expect(page.getByLabel('Advisories per ecosystem')).toContainText('npm');
  await page.goBack();
  await expect(mainHeading(page)).toHaveText('Security Posture');

  await row.getByRole('link', { name: 'OWASP Juice Shop' }).click();
  await expect(mainHeading(page)).toHaveText(`Application ${key}`);
  await expect(page.getByText('No builds yet')).toBeVisible();

  // A slow uplink, so that the upload's progress can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 160 * 1024 });
  await page.getByLabel('SBOM file', { exact: true }).setInputFiles({ name: 'juice-shop-bom.json', mimeType: 'application/json', buffer: JUICE_SHOP });
  await expect(page.getByText('Uploading juice-shop-bom.json')).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
  const midway = Number(await bar.getAttribute('aria-valuenow'));
  expect(midway).toBeLessThan(100);
  await expect(bar).toHaveAttribute('aria-valuetext', /KB of 72\d\.\d KB/);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const processed = page.getByRole('status').filter({ hasText: 'Build #1 from juice-shop-bom.json' });
  await expect(processed).toContainText(`${JUICE_SHOP_COMPONENTS} components`, { timeout: 60_000 });
  await expect(processed).toContainText('Done');
  await processed.getByRole('link', { name: 'Open build #1' }).click();

  // Findings, worst first, each with its severity.
  const findings = page.getByRole('table', { name: 'Findings' });
  await expect(findings.getByRole('row').nth(1)).toContainText('Critical');
  await expect(page.getByRole('list', { name: 'Findings by severity' })).toContainText(/Critical [1-9]/);
  await expect(page.getByRole('list', { name: 'Findings by severity' })).toContainText(/High [1-9]/);
  await page.getByRole('searchbox', { name: 'Filter findings' }).fill('CVE-2021-23337');
  await expect(findings.getByRole('row').nth(1)).toContainText('GHSA-35jh-r3h4-6jhm');
  await expect(findings.getByRole('row').nth(1)).toContainText('lodash');
  await expect(findings.getByRole('row').nth(1)).toContainText('High');

  // The component tree of spec 3: the root, what it depends on, the figures below it.
  await page.getByRole('tab', { name: 'Components' }).click();
  const tree = page.getByRole('tree', { name: 'Components' });
  const root = tree.getByRole('treeitem', { name: 'juice-shop 11.1.2' });
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await expect(root).toContainText(`${JUICE_SHOP_COMPONENTS - 1} below`);
  await expect(page.getByText(new RegExp(`^${JUICE_SHOP_COMPONENTS} components, [1-9]\\d* vulnerable$`))).toBeVisible();
  await page.getByRole('checkbox', { name: 'Only vulnerable components' }).check();
  await page.getByRole('searchbox', { name: 'Filter components' }).fill('lodash');
  const lodash = tree.getByRole('treeitem', { name: /^lodash 4\./ }).first();
  await lodash.click();
  const detail = page.getByRole('region', { name: /^Component lodash 4\./ });
  await expect(detail).toContainText('pkg:npm/lodash@');
  await detail.getByRole('link', { name: /^GHSA-/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Affects lodash');
  await expect(dialog.getByRole('region', { name: 'Severity' })).toContainText('CVSS');

  // Security Posture counts the app's findings by severity.
  await page.goto('/applications');
  await expect(page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: key })).toContainText('#1');
});

test('a pipeline uploads the SBOM with its CI/CD ingestion module’s API key, and the build shows in the app', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, USERS.appPipeline);
  const key = `ci-${stamp()}`;
  await createApp(page.request, key, 'Payments');
  const module = await page.request.post('/api/modules/cicd-ingestion', { data: { name: `Pipelines ${key}` }, headers: CSRF });
  expect(module.status()).toBe(201);
  const { api_key_value: apiKey } = (await module.json()) as { api_key_value: string };

  // As curl does it: no session, the key in X-Api-Key, the gzip-compressed SBOM as the body.
  const ci = await playwright.request.newContext({ baseURL });
  const refused = await ci.post(`/api/apps/${key}/builds`, { headers: { 'X-Api-Key': 'not-a-key', 'Content-Type': 'application/json' }, data: JUICE_SHOP });
  expect(refused.status()).toBe(401);
  const sent = await ci.post(`/api/apps/${key}/builds`, {
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    data: JUICE_SHOP_GZ,
  });
  expect(sent.status()).toBe(202);
  expect(((await sent.json()) as { via: string }).via).toBe('api-key');
  await ci.dispose();

  // The key's use is its module's Last sync on the Service Modules screen.
  await page.goto('/administration/service-modules');
  // The first screen of another remote in this test: it may take a while to load.
  await expect(mainHeading(page)).toHaveText('Service Modules', { timeout: 30_000 });
  const moduleRow = page.getByRole('row', { name: new RegExp(`^Pipelines ${key} `) });
  await expect(moduleRow).toContainText(new Date().toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }));
  await expect(moduleRow).not.toContainText('Never');

  // An organization admin who is not a Global Admin reads the installation's advisories (issue 26
  // item 10) but may not change them: no import on the screen, and the API refuses one.
  await page.goto('/applications');
  await expect(page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: key })).toBeVisible();
  const notTheirs = await page.request.post('/api/vulnerabilities/imports', { data: [JSON.parse(readFileSync(OSV_FILES[0], 'utf8'))], headers: CSRF });
  expect(notTheirs.status()).toBe(403);
  await page.goto('/administration/global/vulnerabilities');
  await expect(page.getByTestId('read-only-database')).toHaveText(/^Read-only:/);
  await expect(page.getByLabel('Advisory files', { exact: true })).toHaveCount(0);

  await page.goto(`/applications/${key}`);
  const builds = page.getByRole('table', { name: 'Builds' });
  const build = builds.getByRole('row').filter({ hasText: '#1' });
  await expect(build).toContainText('CI/CD (API key)');
  await expect(build).toContainText('Done', { timeout: 60_000 });
  await expect(build).toContainText(String(JUICE_SHOP_COMPONENTS));

  // What is not an SBOM is refused with the reason, and nothing is stored.
  await page.getByLabel('SBOM file', { exact: true }).setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  const refusal = page.getByRole('alert').filter({ hasText: 'notes.json was not accepted' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(/SBOM|CycloneDX|SPDX/);
  await expect(builds.getByRole('row')).toHaveCount(2);
});

test('a READER sees the apps and their findings but no action, and an unknown app key is refused', async ({ browser }) => {
  test.setTimeout(120_000);
  const curator = await signedIn(browser, USERS.appCurator);
  const key = `read-${stamp()}`;
  await importAdvisories(curator.request);
  await createApp(curator.request, key, 'Read Only Shop');
  await uploadAndWait(curator.request, key);
  await curator.context().close();

  const page = await signedIn(browser, USERS.appReader);
  await page.goto('/applications');
  await expect(page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: key })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New application' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Edit ${key}` })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Vulnerability database' })).toHaveCount(0);

  await page.goto(`/applications/${key}`);
  await expect(page.getByRole('table', { name: 'Findings' }).getByRole('row').nth(1)).toContainText('Critical');
  await expect(page.getByLabel('SBOM file', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import VEX' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.goto(`/applications/no-such-app-${stamp()}`);
  // Spec 8: a GET answered 404 shows the Error notice; closed, the page says which key is unknown.
  const notice = page.getByRole('dialog', { name: 'Error' });
  await expect(notice).toContainText('The requested resource does not exist.');
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid app key');
});
