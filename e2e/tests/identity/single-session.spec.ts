import { expect, test } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS } from '../../support/users';

test('a new sign-in of the same user ends the older session at its next request', async ({ browser }) => {
  const user = USERS.twin;
  const first = await browser.newContext();
  const { recoveryCodes } = await signInWithNewTwoFactor(first.request, user, (secret) => totpCode(secret));
  const older = await first.newPage();
  await older.goto('/dashboard');
  await expect(mainHeading(older)).toHaveText('Dashboard');

  // The same user signs in from another browser (second factor: a recovery code).
  const second = await browser.newContext();
  expect((await second.request.post('/api/sessions', { data: { username: user.login, password: user.password }, headers: CSRF })).status()).toBe(200);
  const verified = await second.request.post(`/api/sessions/mfa/verify/${recoveryCodes[0]}`, { headers: CSRF });
  expect((await verified.json()).authentication_status).toBe('Authenticated');
  const newer = await second.newPage();
  await newer.goto('/dashboard');
  await expect(mainHeading(newer)).toHaveText('Dashboard');

  // The older browser is signed out at its next request.
  await older.reload();
  await expect(older.getByRole('form', { name: 'Sign In' })).toBeVisible();
  await newer.reload();
  await expect(mainHeading(newer)).toHaveText('Dashboard');
  await first.close();
  await second.close();
});

test('the older browser is signed out at once by the real-time System Sign On, without a request', async ({ browser }) => {
  const user = USERS.echo;
  const first = await browser.newContext();
  const { recoveryCodes } = await signInWithNewTwoFactor(first.request, user, (secret) => totpCode(secret));
  const older = await first.newPage();
  await older.goto('/dashboard');
  await expect(mainHeading(older)).toHaveText('Dashboard');
  // Live: the header shows the connection state only while it is not Connected.
  await expect(older.getByTestId('realtime-state')).toHaveCount(0);

  const second = await browser.newContext();
  expect((await second.request.post('/api/sessions', { data: { username: user.login, password: user.password }, headers: CSRF })).status()).toBe(200);
  const verified = await second.request.post(`/api/sessions/mfa/verify/${recoveryCodes[0]}`, { headers: CSRF });
  expect((await verified.json()).authentication_status).toBe('Authenticated');

  // No reload, no click: within 2 s the older browser shows the sign-in screen.
  await expect(older.getByRole('form', { name: 'Sign In' })).toBeVisible({ timeout: 2_000 });
  await first.close();
  await second.close();
});
