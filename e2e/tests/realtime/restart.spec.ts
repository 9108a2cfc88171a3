// A broker restart under activity (issue 4 items 8, 12): the tabs show Reconnecting, are back
// within 10 s, and every notification raised before, during and after the outage is shown once.
import { expect, test } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { bell, brokerConnections, raiseNotification, restartBroker, signedInBrowser, unreadLabel } from './support';

test('a broker restart: Reconnecting shown, back within 10 s, nothing lost or shown twice', async ({ browser, request }) => {
  const user = USERS.survivor;
  const { context } = await signedInBrowser(browser, user);
  const tabs = [await context.newPage(), await context.newPage()];
  for (const tab of tabs) {
    await tab.goto('/dashboard');
    await expect(mainHeading(tab)).toHaveText('Dashboard');
  }
  await expect.poll(() => brokerConnections(request, user.login)).toBe(1);
  await raiseNotification(request, user.login, { message: 'Before the restart' });
  for (const tab of tabs) await expect(bell(tab)).toHaveAttribute('aria-label', unreadLabel(1));

  // The broker goes down for 3 s while events keep being raised.
  await restartBroker(request, 3);
  const downAt = Date.now();
  const state = tabs[0]!.getByTestId('realtime-state');
  await expect(state).toHaveText('Reconnecting');
  await raiseNotification(request, user.login, { message: 'During the restart 1' });
  await raiseNotification(request, user.login, { message: 'During the restart 2' });

  // Back within 10 s of the outage.
  await expect(state).toHaveCount(0, { timeout: 10_000 });
  expect(Date.now() - downAt).toBeLessThan(10_000);
  await expect.poll(() => brokerConnections(request, user.login)).toBe(1);
  await raiseNotification(request, user.login, { message: 'After the restart' });

  // Everything, once, in every tab.
  for (const tab of tabs) await expect(bell(tab)).toHaveAttribute('aria-label', unreadLabel(4));
  await bell(tabs[1]!).click();
  const messages = tabs[1]!.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-message');
  await expect(messages).toHaveCount(4);
  expect((await messages.allInnerTexts()).sort()).toEqual(
    ['After the restart', 'Before the restart', 'During the restart 1', 'During the restart 2'].sort(),
  );
  await tabs[1]!.waitForTimeout(1_000);
  await expect(messages).toHaveCount(4);
  await context.close();
});
