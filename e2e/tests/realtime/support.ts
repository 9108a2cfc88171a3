// Helpers of the real-time e2e tests (issue 4): signed-in browsers, the embedded broker's
// connection count (GET /api/testing/realtime/connections), events raised through the outbox
// (POST /api/testing/realtime/events), a played broker restart, and the header's bell.
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CSRF, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, type E2EUser } from '../../support/users';

export interface SignedIn {
  context: BrowserContext;
  recoveryCodes: string[];
}

/** A fresh browser with the user signed in (two-factor set up on the way). */
export async function signedInBrowser(browser: Browser, user: E2EUser): Promise<SignedIn> {
  const context = await browser.newContext();
  const { recoveryCodes } = await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return { context, recoveryCodes };
}

/** Another browser of a user whose two-factor is set up: password, then a recovery code. */
export async function signInAgain(browser: Browser, user: E2EUser, recoveryCode: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  expect((await context.request.post('/api/sessions', { data: { username: user.login, password: user.password }, headers: CSRF })).status()).toBe(200);
  const verified = await context.request.post(`/api/sessions/mfa/verify/${recoveryCode}`, { headers: CSRF });
  expect((await verified.json()).authentication_status).toBe('Authenticated');
  return context;
}

/** The embedded broker's open connections of one user, as the server counts them. */
export async function brokerConnections(request: APIRequestContext, login: string): Promise<number> {
  const answer = await request.get('/api/testing/realtime/connections');
  expect(answer.status()).toBe(200);
  const { users } = (await answer.json()) as { users: Array<{ loginId: string; connections: number }> };
  return users.find((user) => user.loginId === login)?.connections ?? 0;
}

/** A notification for `login`, recorded in the outbox as domain code records one. */
export async function raiseNotification(request: APIRequestContext, login: string, body: Record<string, unknown>): Promise<string> {
  const answer = await request.post('/api/testing/realtime/events', {
    data: { login, body: { time: new Date().toISOString(), title: 'Notification', ...body } },
    headers: CSRF,
  });
  expect(answer.status()).toBe(202);
  return ((await answer.json()) as { eventId: string }).eventId;
}

/** The broker drops every connection and refuses connections and publishes for `seconds`. */
export async function restartBroker(request: APIRequestContext, seconds: number): Promise<void> {
  expect((await request.post('/api/testing/realtime/outage', { data: { seconds }, headers: CSRF })).status()).toBe(204);
}

export const bell = (page: Page) => page.getByTestId('notifications-bell');

/** The bell's accessible name: 'Notifications' or 'Notifications, N unread'. */
export const unreadLabel = (count: number) => (count > 0 ? `Notifications, ${count} unread` : 'Notifications');

/** Which pages hold an open broker WebSocket (the leading tab's). */
export function watchBrokerSockets(pages: Page[]): () => Page[] {
  const open = new Map<Page, number>();
  for (const page of pages) {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/events/ws/amqp')) return;
      open.set(page, (open.get(page) ?? 0) + 1);
      socket.on('close', () => open.set(page, (open.get(page) ?? 1) - 1));
    });
  }
  return () => pages.filter((page) => (open.get(page) ?? 0) > 0 && !page.isClosed());
}
