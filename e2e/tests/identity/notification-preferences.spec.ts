import { expect, test } from '@playwright/test';
import { mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS } from '../../support/users';

test('Account Profile → Notifications: a muted kind of event and the daily digest are saved and kept', async ({ page }) => {
  const user = USERS.muter;
  await signInWithNewTwoFactor(page.request, user, (secret) => totpCode(secret));
  await page.goto('/settings/user-profile');
  await expect(mainHeading(page)).toHaveText('Account Profile');
  const form = page.getByRole('form', { name: 'Notification preferences' });
  const mute = form.getByRole('switch', { name: 'Mute Requirement: Submit for Review' });
  await expect(mute).not.toBeChecked();
  await mute.check();
  await form.getByLabel('Mail').selectOption('Daily digest');
  await form.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('form', { name: 'Notification preferences' }).getByRole('switch', { name: 'Mute Requirement: Submit for Review' })).toBeChecked();
  await expect(page.getByRole('form', { name: 'Notification preferences' }).getByLabel('Mail')).toHaveValue('digest');
  await expect(page.getByRole('form', { name: 'Notification preferences' }).getByRole('switch', { name: 'Mute Task: Assign' })).not.toBeChecked();
});
