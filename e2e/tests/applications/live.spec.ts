import { expect, test, type Request } from '@playwright/test';
import { CSRF, mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { brokerConnections } from '../realtime/support';
import { createApp, GRAPH, importAdvisories, JUICE_SHOP_COMPONENTS, JUICE_SHOP_GZ, signedIn, stamp } from './support';

// Issue 22 end to end (applications side): a READER has an app's page open in one browser; a
// pipeline uploads a build with the CI/CD module's key — it appears within a second, advances to
// Done and its findings show, without reload and without polling; the app's owner, in another
// browser, changes a deployment profile — the READER's open profiles tab shows the change.

test('an open app page follows a CI upload to its findings and another user’s profile change, without reload', async ({ browser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await signedIn(browser, USERS.liveAppOwner);
  const key = `live-${stamp()}`;
  await importAdvisories(owner.request);
  await createApp(owner.request, key, 'Live Shop');
  const module = await owner.request.post('/api/modules/cicd-ingestion', { data: { name: `Pipelines ${key}` }, headers: CSRF });
  expect(module.status()).toBe(201);
  const { api_key_value: apiKey } = (await module.json()) as { api_key_value: string };
  const profile = await owner.request.post(`/api/apps/${key}/deploymentProfiles?graph=${GRAPH}`, { data: { name: 'Staging', environment: 'staging' }, headers: CSRF });
  expect(profile.status()).toBe(201);

  const watcher = await signedIn(browser, USERS.liveAppWatcher);
  await watcher.goto(`/applications/${key}`);
  await expect(mainHeading(watcher)).toHaveText(`Application ${key}`);
  await expect(watcher.getByText('No builds yet')).toBeVisible();
  // Its one broker connection is open: what follows arrives on it.
  await expect.poll(() => brokerConnections(owner.request, USERS.liveAppWatcher.login)).toBe(1);
  // A reload would lose this mark; every change below must arrive with it in place.
  await watcher.evaluate(() => Object.assign(window, { stayedOpen: true }));
  const appReads: Request[] = [];
  watcher.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/apps/${key}`) appReads.push(request);
  });

  // As a pipeline does it: no session, the key in X-Api-Key.
  const ci = await playwright.request.newContext({ baseURL });
  const sent = await ci.post(`/api/apps/${key}/builds`, {
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    data: JUICE_SHOP_GZ,
  });
  expect(sent.status()).toBe(202);
  await ci.dispose();

  const builds = watcher.getByRole('table', { name: 'Builds' });
  const build = builds.getByRole('row').filter({ hasText: '#1' });
  await expect(build).toBeVisible({ timeout: 1_000 });
  await expect(build).toContainText('CI/CD (API key)');
  await expect(build).toContainText('Done', { timeout: 60_000 });
  await expect(build).toContainText(String(JUICE_SHOP_COMPONENTS));
  // The newest processed build's findings, worst first.
  await expect(watcher.getByRole('table', { name: 'Findings' }).getByRole('row').nth(1)).toContainText('Critical');
  await expect(watcher.getByRole('list', { name: 'Findings of ' + key + ' by severity' })).toContainText(/Critical [1-9]/);
  // Read once per event (stored, processing, done), never every few seconds.
  expect(appReads.length).toBeGreaterThan(0);
  expect(appReads.length).toBeLessThanOrEqual(3);

  // The owner changes the profile in their own browser; the watcher's open tab follows.
  await watcher.getByRole('tab', { name: 'Deployment profiles' }).click();
  const profiles = watcher.getByRole('table', { name: 'Deployment profiles' });
  await expect(profiles).toContainText('Staging');
  await owner.goto(`/applications/${key}/rbom-settings`);
  await owner.getByRole('button', { name: 'Change Staging' }).click();
  const form = owner.getByRole('dialog', { name: 'Change the profile Staging' });
  await form.getByLabel('Name').fill('Production EU');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(profiles.getByRole('button', { name: 'Production EU' })).toBeVisible({ timeout: 1_000 });
  await expect(profiles.getByRole('button', { name: 'Staging' })).toHaveCount(0);

  expect(await watcher.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);
});
