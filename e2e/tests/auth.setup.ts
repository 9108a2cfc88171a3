import { expect, test as setup } from '@playwright/test';
import { AUTH_FILE, totpCode, USERS } from '../support/users';

// Every state-changing call carries the CSRF header, as the portal's API client does.
const headers = { 'X-Requested-With': 'XMLHttpRequest' };

setup('the navigator signs in and sets up two-factor', async ({ request }) => {
  const { login, password } = USERS.navigator;
  const signIn = await request.post('/api/sessions', { data: { username: login, password }, headers });
  expect(signIn.status()).toBe(200);
  expect((await signIn.json()).authentication_status).toBe('MfaSetup');

  const setupAnswer = await request.post('/api/sessions/mfa', { headers });
  expect(setupAnswer.status()).toBe(200);
  const { secret } = (await setupAnswer.json()) as { secret: string };
  const confirmed = await request.post(`/api/sessions/mfa/setup/${totpCode(secret)}`, { headers });
  expect(confirmed.status()).toBe(200);

  const session = await (await request.get('/api/sessions')).json();
  expect(session.authentication_status).toBe('Authenticated');
  await request.storageState({ path: AUTH_FILE });
});
