import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { mainHeading, signInThroughScreen } from '../../support/identity';
import { totpCode, USERS } from '../../support/users';

test('sign in, mandatory two-factor setup, 2-step verification with a recovery code, logout', async ({ page }) => {
  const user = USERS.signer;
  await page.goto('/');
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

  // A wrong password.
  await signInThroughScreen(page, { login: user.login, password: 'Wrong@2026x' });
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials. Please try again.');

  // The right one: two-factor is mandatory, so the setup wizard comes first.
  await signInThroughScreen(page, user);
  await expect(page.getByText('Setup authenticator app').first()).toBeVisible();
  const qr = page.getByRole('img', { name: /QR/i });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  // Drawn, not a broken image: the SVG decoded to its size.
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Two-factor code verification failed. Please try again.');
  await page.getByLabel('Verification code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Next' }).click();

  // Recovery codes: two per row, and going on requires downloading them.
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Download the recovery codes before going on.')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  const recoveryCodes = readFileSync(await download.path(), 'utf8').split(/\s+/).filter((line) => /^[A-Za-z0-9-]{6,}$/.test(line));
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainHeading(page)).toHaveText('Dashboard');
  await expect(page.getByTestId('signed-in-user')).toHaveText(user.name);

  // Logout ends the session: the sign-in screen again, also after a reload.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();

  // Next sign-in asks for the second factor; a recovery code works once.
  await signInThroughScreen(page, user);
  await expect(page.getByRole('form', { name: '2-Step Verification' })).toBeVisible();
  await page.getByLabel('Verification code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code.');
  await page.getByLabel('Verification code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(mainHeading(page)).toHaveText('Dashboard');

  await page.getByRole('button', { name: 'Logout' }).click();
  await signInThroughScreen(page, user);
  await page.getByLabel('Verification code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code.');
});

test('the help icon of the Sign In screen shows the Login help document', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Help' }).click();
  const notice = page.getByRole('dialog', { name: 'Login help' });
  await expect(notice).toContainText('mails a one-time code to your address');
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
});

test('an invalid invitation link says so and offers to close', async ({ page }) => {
  await page.goto('/user-invitation/not-a-real-token');
  await expect(page.getByText('Invalid or expired invitation.')).toBeVisible();
  await page.getByRole('button', { name: 'CLOSE' }).click();
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
});
