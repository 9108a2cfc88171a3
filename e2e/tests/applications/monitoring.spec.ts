import { expect, test } from '@playwright/test';
import { CSRF, mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { bell, brokerConnections, unreadLabel } from '../realtime/support';
import { join } from 'node:path';
import { GRAPH, importAdvisories, signedIn, stamp, uploadAndWait } from './support';

// Issue 7 item 12 end to end: with continuous monitoring on for an app, an advisory imported by
// someone else (through the API, in another browser) reaches a member watching the Continuous
// Monitoring screen in real time — the bell's badge and the drawer's item, no reload — and the
// event shows in the list, with its detail.

/**
 * An advisory written for this test (the suite's database is shared: a published advisory may be
 * imported already by another test): it affects express 4.17.1, a component of juice-shop.
 */
function advisoryAffectingExpress(id: string) {
  return {
    schema_version: '1.6.0',
    id,
    modified: new Date().toISOString(),
    published: new Date().toISOString(),
    aliases: [],
    summary: 'Request smuggling in express (written for the monitoring test)',
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
    affected: [{ package: { ecosystem: 'npm', name: 'express' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '99.0.0' }] }] }],
  };
}

test('with monitoring on, an imported advisory is a real-time notification and a monitoring event', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const importer = await signedIn(browser, USERS.monitorImporter);
  const watcher = await signedIn(browser, USERS.monitorWatcher);
  const key = `monitored-${stamp()}`;
  const created = await importer.request.post(`/api/apps?graph=${GRAPH}`, { data: { app_key: key, name: 'Monitored shop', enable_continuous_monitoring: true }, headers: CSRF });
  expect(created.status()).toBe(201);
  await uploadAndWait(importer.request, key);

  await watcher.goto('/applications/monitoring/events');
  await expect(mainHeading(watcher)).toHaveText('Continuous Monitoring');
  await expect(watcher.getByTestId('monitored-applications')).toContainText(key);
  await expect.poll(() => brokerConnections(request, USERS.monitorWatcher.login)).toBe(1);
  // What may have waited in the watcher's queue (other tests' monitored apps) arrives at connection.
  await watcher.waitForTimeout(1_000);
  const before = Number(/(\d+) unread/.exec((await bell(watcher).getAttribute('aria-label')) ?? '')?.[1] ?? 0);

  // Someone else imports the advisory.
  const id = `PORTAL-E2E-${stamp().toUpperCase()}`;
  const imported = await importer.request.post('/api/vulnerabilities/imports', { data: [advisoryAffectingExpress(id)], headers: CSRF });
  expect(await imported.json()).toMatchObject({ added: 1 });

  // The watcher's bell and drawer, without a reload.
  await expect(bell(watcher)).toHaveAttribute('aria-label', unreadLabel(before + 1), { timeout: 15_000 });
  await bell(watcher).click();
  const item = watcher.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-item').filter({ hasText: id });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('New Vulnerability');
  await expect(item).toContainText('Continuous Monitoring');
  await expect(item.getByTestId('notification-message')).toHaveText(`${id} (CRITICAL) in express 4.17.1 was found in ${key} (build 1).`);
  await expect(item.getByRole('link', { name: key })).toHaveAttribute('href', /^\/applications\/monitoring\/events\?event=[0-9a-f-]{36}$/);
  await watcher.keyboard.press('Escape');

  // The events list followed too: the event, and its detail.
  const row = watcher.getByRole('table', { name: 'Monitoring events' }).getByRole('row').filter({ hasText: id });
  await expect(row).toContainText(`New Vulnerability${key}Critical9.8${id}express 4.17.1Advisory import`);
  await row.click();
  const detail = watcher.getByRole('region', { name: 'Monitoring event' });
  await expect(detail).toContainText('Still a finding of build 1, not analysed yet.');
  await expect(detail).toContainText('Request smuggling in express');
  await expect(detail).toContainText('99.0.0');
  await importer.context().close();
  await watcher.context().close();
});

/** CISA's catalog format with three entries (a test sample), among them CVE-2021-44906 (minimist). */
const KEV_SAMPLE = join(__dirname, '..', '..', '..', 'api', 'src', 'vulnerabilities', 'testdata', 'kev-sample.json');

test("CISA's KEV catalog imported on the Vulnerability Database screen turns a monitored app's finding into a New Active Exploit", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, USERS.kevCurator);
  const key = `kev-${stamp()}`;
  const created = await page.request.post(`/api/apps?graph=${GRAPH}`, { data: { app_key: key, name: 'KEV shop', enable_continuous_monitoring: true }, headers: CSRF });
  expect(created.status()).toBe(201);
  // GHSA-xvch-5gv4-984h (alias CVE-2021-44906) affects juice-shop's minimist 0.2.1.
  await importAdvisories(page.request);
  await uploadAndWait(page.request, key);

  await page.goto('/administration/global/vulnerabilities');
  await expect(page.getByRole('heading', { name: 'Known exploited vulnerabilities' })).toBeVisible();
  await page.getByLabel('KEV catalog file', { exact: true }).setInputFiles(KEV_SAMPLE);
  const status = page.getByRole('status', { name: 'KEV import' });
  await expect(status).toContainText('Imported kev-sample.json (catalog version 2026.11.22).', { timeout: 30_000 });
  await expect(status.getByLabel('KEV import result')).toContainText('Read3');
  await expect(status.getByLabel('KEV import result')).toContainText('Invalid0');

  // Continuous monitoring ran after the import: the finding is an active exploit now.
  await page.goto('/applications/monitoring/events');
  // The type column of a New Active Exploit is its 'Active exploit' label.
  const row = page.getByRole('table', { name: 'Monitoring events' }).getByRole('row').filter({ hasText: key }).filter({ hasText: 'minimist 0.2.1' });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText('Active exploit');
  await row.click();
  const detail = page.getByRole('region', { name: 'Monitoring event' });
  await expect(detail).toContainText('New Active Exploit');
  await expect(detail).toContainText('Active exploit');
  await expect(detail).toContainText('CVE-2021-44906');

  // The database counts the catalog's entries.
  await page.goto('/administration/global/vulnerabilities');
  await expect(page.getByTestId('kev-freshness')).toContainText('KEV catalog version 2026.11.22, imported');

  // Something that is not a KEV catalog is refused with the reason.
  await page.getByLabel('KEV catalog file', { exact: true }).setInputFiles({ name: 'advisory.json', mimeType: 'application/json', buffer: Buffer.from('{"id": "GHSA-x"}') });
  const refused = page.getByRole('status', { name: 'KEV import' });
  await expect(refused).toContainText('advisory.json was not imported.');
  await expect(refused.getByRole('alert')).toContainText("Not a KEV catalog: a KEV catalog is a JSON object with a 'vulnerabilities' array");
  await page.context().close();
});
