import { expect, test } from '@playwright/test';
import { mailedCode, mainHeading, signInThroughScreen, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS } from '../../support/users';

test('forgot password: a mailed one-time code resets it, and two-factor is still asked', async ({ page }) => {
  const user = USERS.forgetful;
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  const request = page.getByRole('form', { name: 'Reset Password Request' });
  await request.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(request.getByText('Required.')).toBeVisible();
  // The login id the user signs in with (not an e-mail address) is enough.
  await request.getByLabel('Username').fill(user.login);
  await request.getByRole('button', { name: 'SUBMIT' }).click();

  const reset = page.getByRole('form', { name: 'Reset Password' });
  await expect(reset).toBeVisible();
  const code = await mailedCode(page.request, user.email);
  const newPassword = 'Remembered@2027';
  await reset.getByLabel('Code').fill(code === '999999' ? '999998' : '999999');
  await reset.getByLabel('New password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Repeat new password').fill(newPassword);
  await reset.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid one time code. Please try again.');

  await reset.getByLabel('Code').fill(code);
  await reset.getByRole('button', { name: 'RESET PASSWORD' }).click();
  // Signed in at the password step: the reset does not bypass two-factor.
  await expect(page.getByText('Setup authenticator app').first()).toBeVisible();

  // The old password no longer works, the new one does.
  await page.getByRole('button', { name: 'Logout' }).click();
  await signInThroughScreen(page, user);
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials. Please try again.');
  await signInThroughScreen(page, { login: user.login, password: newPassword });
  await expect(page.getByText('Setup authenticator app').first()).toBeVisible();
});

test('change password in the settings: current required, new must differ, repeat must match', async ({ page }) => {
  const user = USERS.changer;
  await signInWithNewTwoFactor(page.request, user, (secret) => totpCode(secret));
  await page.goto('/settings/change-password');
  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('Current password').fill(user.password);
  await form.getByLabel('New password', { exact: true }).fill(user.password);
  await form.getByLabel('Repeat new password').fill(user.password);
  await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(form.getByText('New password cannot be the same as current password.')).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill('Changed@2027');
  await form.getByLabel('Repeat new password').fill('Changed@2028');
  await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(form.getByText('The passwords must be the same.')).toBeVisible();

  await form.getByLabel('Repeat new password').fill('Changed@2027');
  await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(mainHeading(page)).toHaveText('Change Password');
});

test('an expired password must be changed at sign-in, to a new one', async ({ page }) => {
  const user = USERS.expired;
  await page.goto('/');
  await signInThroughScreen(page, user);
  const form = page.getByRole('form', { name: 'Password expired' });
  await expect(form).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill(user.password);
  await form.getByLabel('Repeat new password').fill(user.password);
  await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(form.getByText('New password cannot be the same as current password.')).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('Renewed@2026');
  await form.getByLabel('Repeat new password').fill('Renewed@2027');
  await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  await expect(form.getByText('The passwords must be the same.')).toBeVisible();
  await form.getByLabel('Repeat new password').fill('Renewed@2026');
  await form.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  // Signed in with the new password; two-factor comes next.
  await expect(page.getByText('Setup authenticator app').first()).toBeVisible();
});

test('the profile shows who is signed in; disabling two-factor asks first and means a new setup at the next sign-in', async ({ page }) => {
  const user = USERS.profiler;
  await signInWithNewTwoFactor(page.request, user, (secret) => totpCode(secret));
  await page.goto('/settings/user-profile');
  await expect(mainHeading(page)).toHaveText('Account Profile');
  const profile = page.getByRole('main');
  await expect(profile).toContainText(user.name);
  await expect(profile).toContainText(user.login);
  await expect(profile).toContainText('E2E Organization');

  await page.goto('/settings/two-factor-authentication');
  await page.getByRole('button', { name: 'Disable MFA' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to disable two-factor authentication?');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Two-factor authentication is on.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Disable MFA' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Two-factor authentication is off.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await signInThroughScreen(page, user);
  await expect(page.getByText('Setup authenticator app').first()).toBeVisible();
});
