// Instant messages (issue 4 item 10): sent from the user list, shown to a signed-in receiver within
// 1 s with its '##…##' link, read on click, deleted; and kept in the durable queue for a receiver
// who is offline, delivered at their next sign-in.
import { expect, test, type Page } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { USERS, type E2EUser } from '../../support/users';
import { bell, brokerConnections, signedInBrowser, signInAgain, unreadLabel } from './support';

async function sendMessage(page: Page, to: E2EUser, message: string): Promise<number> {
  await page.getByRole('button', { name: `Send message to ${to.login}` }).click();
  const dialog = page.getByRole('dialog', { name: `Send message to ${to.login}` });
  await dialog.getByLabel(/^Message/).fill(message);
  const sentAt = Date.now();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Message sent to ${to.login}.`)).toBeVisible();
  return sentAt;
}

test('an instant message reaches the receiver at once, or at their next sign-in when offline', async ({ browser, request }) => {
  const sender = await signedInBrowser(browser, USERS.messenger);
  const receiver = await signedInBrowser(browser, USERS.listener);
  const offline = await signedInBrowser(browser, USERS.sleeper);

  // The receiver works on the dashboard; the sleeper signed in once and left (browser closed).
  const inbox = await receiver.context.newPage();
  await inbox.goto('/dashboard');
  await expect(mainHeading(inbox)).toHaveText('Dashboard');
  await expect.poll(() => brokerConnections(request, USERS.listener.login)).toBe(1);
  const away = await offline.context.newPage();
  await away.goto('/dashboard');
  await expect.poll(() => brokerConnections(request, USERS.sleeper.login)).toBe(1);
  await offline.context.close();
  await expect.poll(() => brokerConnections(request, USERS.sleeper.login)).toBe(0);

  const admin = await sender.context.newPage();
  await admin.goto('/administration/user-list');
  await expect(admin.getByRole('row', { name: /^listener / })).toBeVisible();
  await expect.poll(() => brokerConnections(request, USERS.messenger.login)).toBe(1);

  // Live: shown within 1 s.
  const sentAt = await sendMessage(admin, USERS.listener, 'Please review ##/dashboard## today');
  await expect(bell(inbox)).toHaveAttribute('aria-label', unreadLabel(1), { timeout: 1_000 });
  expect(Date.now() - sentAt).toBeLessThan(1_500);

  await bell(inbox).click();
  const drawer = inbox.getByRole('dialog', { name: 'Notifications' });
  const item = drawer.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText('Instant Message');
  await expect(item).toContainText('Meg Messenger');
  await expect(item.getByTestId('notification-message')).toHaveText('Please review /dashboard today');
  await expect(item.getByRole('link', { name: '/dashboard' })).toHaveAttribute('href', '/dashboard');
  // Read on click.
  await item.getByText('Instant Message').click();
  await expect(item).toHaveAttribute('data-read', 'true');
  await expect(bell(inbox)).toHaveAttribute('aria-label', unreadLabel(0));
  // Delete.
  await drawer.getByRole('button', { name: 'Delete notification Instant Message' }).click();
  await expect(drawer.getByText('No new notifications.')).toBeVisible();

  // Offline: the message waits in the sleeper's queue and appears at the next sign-in.
  await sendMessage(admin, USERS.sleeper, 'Sent while you were away');
  const back = await signInAgain(browser, USERS.sleeper, offline.recoveryCodes[0]!);
  const returned = await back.newPage();
  await returned.goto('/dashboard');
  await expect(bell(returned)).toHaveAttribute('aria-label', unreadLabel(1));
  await bell(returned).click();
  await expect(returned.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-message')).toHaveText('Sent while you were away');

  await sender.context.close();
  await receiver.context.close();
  await back.close();
});
