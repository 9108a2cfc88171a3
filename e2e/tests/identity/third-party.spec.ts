import { expect, test } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';

test('sign in through the identity platform in a popup', async ({ page }) => {
  await page.goto('/');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in with Microsoft' }).click()]);

  // The provider's own pages: its login form, then consent.
  await popup.locator('input[name=login]').fill(USERS.federated.login);
  await popup.locator('input[name=password]').fill('anything');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  // The popup closes itself once it has told the portal (perhaps before anyone waits for it).
  await expect.poll(() => popup.isClosed()).toBe(true);

  // The main window is signed in as the matching user.
  await expect(mainHeading(page)).toHaveText('Dashboard');
  await expect(page.getByTestId('signed-in-user')).toHaveText(USERS.federated.name);
});

test('an identity-platform account without a portal user is refused', async ({ page }) => {
  await page.goto('/');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in with Microsoft' }).click()]);
  await popup.locator('input[name=login]').fill('stranger');
  await popup.locator('input[name=password]').fill('anything');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(page.getByRole('alert')).toHaveText('Unable to process your login request. Please try again later.');
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
});
