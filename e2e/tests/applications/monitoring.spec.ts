import { expect, test } from '@playwright/test';
import { CSRF, mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { bell, brokerConnections, unreadLabel } from '../realtime/support';
import { GRAPH, signedIn, stamp, uploadAndWait } from './support';

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
