import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { E2EUser } from './users';

export const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };

export async function signInThroughScreen(page: Page, user: Pick<E2EUser, 'login' | 'password'>): Promise<void> {
  await page.getByLabel('Username').fill(user.login);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs a user in through the API and sets up two-factor; answers the secret and recovery codes. */
export async function signInWithNewTwoFactor(
  request: APIRequestContext,
  user: Pick<E2EUser, 'login' | 'password'>,
  code: (secret: string) => string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const signIn = await request.post('/api/sessions', { data: { username: user.login, password: user.password }, headers: CSRF });
  expect(signIn.status()).toBe(200);
  const { secret } = (await (await request.post('/api/sessions/mfa', { headers: CSRF })).json()) as { secret: string };
  const confirmed = await request.post(`/api/sessions/mfa/setup/${code(secret)}`, { headers: CSRF });
  expect(confirmed.status()).toBe(200);
  const { recovery_codes: recoveryCodes } = (await confirmed.json()) as { recovery_codes: string[] };
  return { secret, recoveryCodes };
}

export const mainHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** The newest one-time code mailed to `email` (the suite runs the portal with MAIL_OUTBOX_API). */
export async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/testing/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
      code = mails[0]?.text.match(/\b(\d{6,})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * The mandatory two-factor setup through the wizard's screens (after the password step): the
 * authenticator's code from the shown secret, the recovery codes downloaded, Finish.
 */
export async function setUpTwoFactorThroughScreen(page: Page, code: (secret: string) => string): Promise<void> {
  await expect(page.getByText('Setup authenticator app').first()).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Verification code').fill(code(secret));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
  await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
}

/** The newest mail's invitation link to `email`. */
export async function mailedInvitationLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/testing/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
      link = mails[0]?.text.match(/https?:\/\/\S+\/user-invitation\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}
