import { expect, test } from '@playwright/test';
import { CSRF, mailedCode } from '../../support/identity';
import { AUTH_FILE } from '../../support/users';

test('an invited address sets its password with a mailed code and is signed in', async ({ browser, page }) => {
  // A member of the organization invites someone (the admin screens for it come with issue 5).
  const inviter = await browser.newContext({ storageState: AUTH_FILE });
  const invited = await inviter.request.post('/api/users/invitations', {
    data: { email: 'newcomer@example.com', name: 'Nia Newcomer', login_id: 'newcomer' },
    headers: CSRF,
  });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  await inviter.close();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  const form = page.getByRole('form', { name: 'Complete Invitation' });
  await expect(form).toBeVisible();
  const code = await mailedCode(page.request, 'newcomer@example.com');
  await form.getByLabel('One-time code').fill(code);
  await form.getByLabel('New password', { exact: true }).fill('Newcomer@2026');
  await form.getByLabel('Repeat new password').fill('Newcomer@2026');
  await form.getByRole('button', { name: 'SUBMIT' }).click();
  // Signed in; two-factor setup is next.
  await expect(page.getByText('Setup authenticator app').first()).toBeVisible();

  // The invitation is spent.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto(link);
  await expect(page.getByText('Invalid or expired invitation.')).toBeVisible();
});
