// Tab election (issue 4 item 9, spec 4.4): three tabs of one browser share one broker connection,
// counted on the server; when the leading tab closes another takes over within 2 s, and
// notifications still reach every open tab.
import { expect, test } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { bell, brokerConnections, raiseNotification, signedInBrowser, unreadLabel, watchBrokerSockets } from './support';

test('three tabs hold exactly one broker connection; closing the leader hands it over within 2 s', async ({ browser, request }) => {
  const user = USERS.tabby;
  const { context } = await signedInBrowser(browser, user);
  const tabs = [await context.newPage(), await context.newPage(), await context.newPage()];
  const leaders = watchBrokerSockets(tabs);
  for (const tab of tabs) {
    await tab.goto('/dashboard');
    await expect(mainHeading(tab)).toHaveText('Dashboard');
  }

  // One connection for the browser, on the server's count, and it stays one.
  await expect.poll(() => brokerConnections(request, user.login)).toBe(1);
  await expect.poll(() => leaders().length).toBe(1);
  await tabs[0]!.waitForTimeout(1_000);
  expect(await brokerConnections(request, user.login)).toBe(1);

  // A notification reaches every tab.
  await raiseNotification(request, user.login, { message: 'First for every tab' });
  for (const tab of tabs) await expect(bell(tab)).toHaveAttribute('aria-label', unreadLabel(1));

  // The leader closes (as a user closes a tab): another tab connects within 2 s.
  const leader = leaders()[0]!;
  const rest = tabs.filter((tab) => tab !== leader);
  const gone = leader.waitForEvent('close');
  const closedAt = Date.now();
  // With beforeunload handlers run, close() returns before the page is gone.
  await leader.close({ runBeforeUnload: true });
  await gone;
  await expect.poll(() => leaders().filter((tab) => rest.includes(tab)).length, { timeout: 2_000, intervals: [50] }).toBe(1);
  expect(Date.now() - closedAt).toBeLessThan(2_000);
  expect(leaders()).toHaveLength(1);
  await expect.poll(() => brokerConnections(request, user.login)).toBe(1);

  // Notifications still arrive in all the remaining tabs.
  await raiseNotification(request, user.login, { message: 'Second, after the handover' });
  for (const tab of rest) await expect(bell(tab)).toHaveAttribute('aria-label', unreadLabel(2));
  await context.close();
});
