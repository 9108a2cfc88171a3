// @backend-agnostic: the OIDC sign-in against a local provider; the SQL is the same engine on PGlite.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SIGN_IN_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import type { OidcConfig } from '../config';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, PASSWORD, sessionCookie, withCookie, type SessionCookie } from '../testing/identity';
import { signInAtProvider, startTestProvider, type TestProvider } from '../testing/oidc';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { CALLBACK_SCRIPT } from './oidc-routes';

const REDIRECT = 'http://127.0.0.1:8181/api/sessions/msal/callback';
const WINDOW_ORIGIN = 'http://127.0.0.1:8181';
const FAILURE = 'Unable to process your login request. Please try again later.';
const clock = manualClock(new Date());
let provider: TestProvider;
const environments: TestEnvironment[] = [];
const apps: FastifyInstance[] = [];

async function startApp(oidc: OidcConfig | undefined): Promise<FastifyInstance> {
  const environment = await createTestEnvironment();
  environments.push(environment);
  const app = likeTheApiClient(await buildApp({ config: { ...environment.config, oidc }, now: clock.now }));
  apps.push(app);
  return app;
}

let app: FastifyInstance;

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT);
  app = await startApp({
    issuer: provider.issuer,
    clientId: 'portal-api-test',
    clientSecret: 'portal-api-test-secret',
    redirectUrl: REDIRECT,
  });
  for (const login of ['anna', 'ben', 'cleo', 'dan']) await createTestUser(app, login, clock.now);
}, 60_000);

afterAll(async () => {
  for (const each of apps) await each.close();
  for (const environment of environments) await environment.cleanup();
  await provider?.stop();
});

function clientState(origin = WINDOW_ORIGIN): string {
  return Buffer.from(JSON.stringify({ id: crypto.randomUUID(), origin })).toString('base64');
}

function bindingCookie(response: LightMyRequestResponse): SessionCookie {
  const cookie = (response.cookies as SessionCookie[]).find((candidate) => candidate.name === 'portal_msal');
  if (!cookie) throw new Error(`no binding cookie in: ${response.statusCode} ${response.body}`);
  return cookie;
}

async function startSignIn(on = app, state = clientState()) {
  const response = await on.inject({ method: 'GET', url: `/api/sessions/msal/signin?state=${encodeURIComponent(state)}` });
  expect(response.statusCode).toBe(200);
  return { url: response.json().url as string, binding: bindingCookie(response), state };
}

function callback(returned: URL, binding?: SessionCookie, on = app) {
  return on.inject({
    method: 'GET',
    url: `/api/sessions/msal/callback${returned.search}`,
    headers: binding ? { cookie: `${binding.name}=${binding.value}` } : {},
  });
}

/** What the page hands to callback.js: the data attributes of #portal-msal. */
function pageResult(response: LightMyRequestResponse) {
  const element = /<p id="portal-msal"([^>]*)>/.exec(response.body)?.[1] ?? '';
  const attribute = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(element)?.[1]?.replace(/&#39;/g, "'");
  return { origin: attribute('origin'), ok: attribute('ok') === 'true', message: attribute('message') };
}

function hasSessionCookie(response: LightMyRequestResponse): boolean {
  return (response.cookies as SessionCookie[]).some((cookie) => cookie.name.endsWith('portal_session') && cookie.value !== '');
}

async function current(cookie: SessionCookie) {
  return (await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(cookie) })).json();
}

describe('GET sessions/msal/signin', () => {
  it('offers the sign-in in every session answer, the one of a caller without a session too', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/sessions' })).json()).toEqual({
      authenticated: false,
      authentication_status: '',
      features: { msal: true },
    });
    const signedIn = await app.inject({ method: 'POST', url: '/api/sessions', payload: { username: 'dan', password: PASSWORD } });
    expect(signedIn.json().features).toEqual({ msal: true });
  });

  it('answers the authorization URL with PKCE, a nonce and the client state, bound by a short HttpOnly cookie', async () => {
    const { url, binding, state } = await startSignIn();
    const authorization = new URL(url);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: 'portal-api-test',
      response_type: 'code',
      redirect_uri: REDIRECT,
      state,
      code_challenge_method: 'S256',
    });
    expect(authorization.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(authorization.searchParams.get('nonce')).toMatch(/^.{20,}$/);
    expect(authorization.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 600 });
  });

  it('refuses a state that does not carry an id and an origin', async () => {
    const bad = Buffer.from(JSON.stringify({ id: 'x', origin: 'javascript:alert(1)' })).toString('base64');
    for (const state of ['not-base64-json', bad]) {
      const response = await app.inject({ method: 'GET', url: `/api/sessions/msal/signin?state=${encodeURIComponent(state)}` });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('GET sessions/msal/callback', () => {
  it('signs the user of the id token email in, Authenticated, ending their older session', async () => {
    const older = sessionCookie(await app.inject({ method: 'POST', url: '/api/sessions', payload: { username: 'anna', password: PASSWORD } }));
    const { url, binding } = await startSignIn();
    const response = await callback(await signInAtProvider(url, 'anna'), binding);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(pageResult(response)).toEqual({ origin: WINDOW_ORIGIN, ok: true, message: '' });
    // The page runs under the API's policy: its script is a file of this origin, nothing inline.
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self'(;| )/);
    expect(response.body).toContain('<script src="callback.js" defer></script>');
    expect(response.body).not.toMatch(/<script>/);
    const cookie = sessionCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await current(cookie)).toMatchObject({
      authenticated: true,
      authentication_status: 'Authenticated',
      user: { login_id: 'anna' },
      features: { msal: true },
    });
    expect(await current(older)).toMatchObject({ authenticated: false, authentication_status: '' });
  }, 30_000);

  it('matches the email case-insensitively and works for a public client (PKCE only)', async () => {
    const publicApp = await startApp({ issuer: provider.issuer, clientId: 'portal-api-test-public', redirectUrl: REDIRECT });
    await createTestUser(publicApp, 'erin', clock.now);
    const { url, binding } = await startSignIn(publicApp);
    const response = await callback(await signInAtProvider(url, 'ERIN'), binding, publicApp);
    expect(pageResult(response).ok).toBe(true);
    const session = await publicApp.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(sessionCookie(response)) });
    expect(session.json()).toMatchObject({ authentication_status: 'Authenticated', user: { login_id: 'erin' } });
  }, 60_000);

  it.each([
    ['nobody', 'an unknown user'],
    ['nomail', 'an id token without email'],
  ])('refuses %s (%s) without a session', async (login) => {
    const { url, binding } = await startSignIn();
    const response = await callback(await signInAtProvider(url, login), binding);
    expect(pageResult(response)).toEqual({ origin: WINDOW_ORIGIN, ok: false, message: FAILURE });
    expect(SIGN_IN_MESSAGES.other).toBe(FAILURE);
    expect(response.body).toContain(`>${FAILURE.replace(/'/g, '&#39;')}</p>`);
    expect(hasSessionCookie(response)).toBe(false);
  }, 30_000);

  it('answers each request once: a replayed answer signs nobody in', async () => {
    const { url, binding } = await startSignIn();
    const returned = await signInAtProvider(url, 'ben');
    expect(pageResult(await callback(returned, binding)).ok).toBe(true);
    const replay = await callback(returned, binding);
    expect(pageResult(replay)).toMatchObject({ ok: false, message: FAILURE });
    expect(hasSessionCookie(replay)).toBe(false);
  }, 30_000);

  it('refuses an answer without the binding cookie, still telling the window of the state', async () => {
    const origin = 'https://portal.example.com';
    const { url } = await startSignIn(app, clientState(origin));
    const response = await callback(await signInAtProvider(url, 'cleo'));
    expect(pageResult(response)).toEqual({ origin, ok: false, message: FAILURE });
    expect(hasSessionCookie(response)).toBe(false);
  }, 30_000);

  it('refuses an answer whose state is not the one of the request', async () => {
    const { url, binding } = await startSignIn();
    const returned = await signInAtProvider(url, 'cleo');
    returned.searchParams.set('state', clientState());
    const response = await callback(returned, binding);
    expect(pageResult(response)).toMatchObject({ ok: false, origin: WINDOW_ORIGIN });
    expect(hasSessionCookie(response)).toBe(false);
  }, 30_000);

  it('refuses an answer after 10 minutes', async () => {
    const { url, binding } = await startSignIn();
    const returned = await signInAtProvider(url, 'cleo');
    clock.advance(10 * 60_000 + 1000);
    const response = await callback(returned, binding);
    expect(pageResult(response)).toMatchObject({ ok: false, message: FAILURE });
    expect(hasSessionCookie(response)).toBe(false);
  }, 30_000);

  it('serves the script that posts the result to the opener at the origin of the state, then closes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/sessions/msal/callback.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.body).toBe(CALLBACK_SCRIPT);
    const posted: Array<{ message: unknown; origin: string }> = [];
    let closed = false;
    const element = { getAttribute: (name: string) => ({ 'data-origin': WINDOW_ORIGIN, 'data-ok': 'false', 'data-message': FAILURE })[name] ?? null };
    new Function('document', 'window', response.body)(
      { getElementById: (id: string) => (id === 'portal-msal' ? element : null) },
      {
        opener: { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) },
        close: () => {
          closed = true;
        },
      },
    );
    expect(posted).toEqual([{ message: { type: 'portal:msal', ok: false, message: FAILURE }, origin: WINDOW_ORIGIN }]);
    expect(closed).toBe(true);
  });
});

describe('without OIDC_ISSUER', () => {
  it('offers no third-party sign-in', async () => {
    const plain = await startApp(undefined);
    expect((await plain.inject({ method: 'GET', url: '/api/sessions' })).json().features).toEqual({ msal: false });
    expect((await plain.inject({ method: 'GET', url: `/api/sessions/msal/signin?state=${clientState()}` })).statusCode).toBe(404);
  }, 30_000);
});
