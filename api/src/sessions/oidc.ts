// OpenID Connect sign-in (spec 2.2 identity-platform popup, 7 GET sessions/msal/signin): the
// authorization code flow with PKCE and a nonce, at Microsoft Entra ID or any issuer with discovery.
import { SIGN_IN_MESSAGES, messageForStatus } from '@portal/shared/server';
import * as client from 'openid-client';
import type { OidcConfig } from '../config';
import type { Queryable } from '../db/database';
import { newToken, sha256 } from '../identity/tokens';
import { IdentityProblem } from '../http/answer';
import { advanceSession, openSession, type IdentityContext, type IssuedSession } from './service';
import { deleteExpiredOidcSignIns, insertOidcSignIn, takeOidcSignIn, type PendingSignIn } from './repository';

/** How long the browser has between GET sessions/msal/signin and the provider's answer. */
export const OIDC_REQUEST_MS = 10 * 60_000;
/** What the sign-in screen shows for any failure: the catalogue's sign-in 'other' message (spec 8). */
export const OIDC_FAILURE_MESSAGE = SIGN_IN_MESSAGES.other ?? messageForStatus(500);
const SCOPE = 'openid profile email';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The provider's configuration, discovered once; a failed discovery is tried again at the next sign-in. */
export interface OidcClient {
  configuration(): Promise<client.Configuration>;
}

export function createOidcClient(settings: OidcConfig): OidcClient {
  let discovered: Promise<client.Configuration> | undefined;
  const discover = async (): Promise<client.Configuration> => {
    const issuer = new URL(settings.issuer);
    // Plain http only for a provider on this machine (development, tests); anywhere else it is refused.
    const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
    return client.discovery(
      issuer,
      settings.clientId,
      settings.clientSecret,
      settings.clientSecret ? undefined : client.None(),
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
  };
  return {
    configuration() {
      discovered ??= discover().catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
      return discovered;
    },
  };
}

/**
 * The origin inside the client's state, `base64(JSON {id, origin})` (spec 7): the callback page
 * posts its result to that origin only. Undefined when the state is not of that form.
 */
export function stateOrigin(state: string | null | undefined): string | undefined {
  if (!state || state.length > 2048) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(state, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { id, origin } = parsed as { id?: unknown; origin?: unknown };
    if (typeof id !== 'string' || typeof origin !== 'string') return undefined;
    const url = new URL(origin);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}


export interface StartedSignIn {
  /** The provider's authorization URL, for the popup. */
  url: string;
  /** The secret of the cookie that binds the request to this browser. */
  binding: string;
}

/** GET sessions/msal/signin: a stored, browser-bound authorization request and its URL. */
export async function startOidcSignIn(
  context: IdentityContext,
  oidc: OidcClient,
  request: { state: string; redirectUri: string },
): Promise<StartedSignIn> {
  const origin = stateOrigin(request.state);
  if (!origin) throw new IdentityProblem(400, messageForStatus(400));
  // A discovery failure propagates as is: the route logs it and answers the failure message.
  const configuration = await oidc.configuration();
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const binding = newToken();
  const now = context.now();
  await deleteExpiredOidcSignIns(context.db, now);
  await insertOidcSignIn(context.db, {
    bindingHash: sha256(binding),
    state: request.state,
    origin,
    codeVerifier,
    nonce,
    redirectUri: request.redirectUri,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OIDC_REQUEST_MS),
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: request.redirectUri,
    scope: SCOPE,
    state: request.state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, binding };
}

/** Takes the request of a binding cookie out of the store: each is answered once at most. */
async function takePendingSignIn(db: Queryable, binding: string | undefined): Promise<PendingSignIn | undefined> {
  if (!binding) return undefined;
  return takeOidcSignIn(db, sha256(binding));
}

/** The one active user of that address; an address several accounts share names none of them. */
async function findActiveUserByEmail(context: IdentityContext, email: string) {
  const { db } = context;
  const ids = await context.users.activeUserIdsByEmail(db, email, 2);
  return ids.length === 1 && ids[0] ? context.users.findUserById(db, ids[0]) : undefined;
}

export type OidcSignInResult =
  | { ok: true; origin: string; issued: IssuedSession }
  | { ok: false; origin: string | undefined; reason: string; error?: unknown };

/**
 * GET sessions/msal/callback: checks the answer against the stored request (state, PKCE, nonce),
 * exchanges the code and signs in the active user whose email is the id token's `email` (or
 * `preferred_username`). The provider is trusted for the second factor: the session is
 * Authenticated at once, issued like a two-factor verification (new secret, other sessions of the
 * user ended).
 */
export async function completeOidcSignIn(
  context: IdentityContext,
  oidc: OidcClient,
  answer: { binding: string | undefined; query: string },
): Promise<OidcSignInResult> {
  const pending = await takePendingSignIn(context.db, answer.binding);
  if (!pending) {
    // Without its request the answer proves nothing; the page still tells the window that asked.
    return { ok: false, origin: stateOrigin(new URLSearchParams(answer.query).get('state')), reason: 'no pending request' };
  }
  const fail = (reason: string, error?: unknown): OidcSignInResult => ({ ok: false, origin: pending.origin, reason, error });
  if (context.now() >= new Date(pending.expires_at)) return fail('request expired');
  let email: unknown;
  try {
    const configuration = await oidc.configuration();
    const currentUrl = new URL(pending.redirect_uri);
    currentUrl.search = answer.query;
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: pending.code_verifier,
      expectedNonce: pending.nonce,
      expectedState: pending.state,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    email = claims?.email ?? claims?.preferred_username;
  } catch (error) {
    return fail('authorization answer refused', error);
  }
  if (typeof email !== 'string' || !email.includes('@')) return fail('no email claim');
  const user = await findActiveUserByEmail(context, email);
  if (!user) return fail('no active user of that email');
  const issued = await openSession(context, user, 'MfaVerification');
  return { ok: true, origin: pending.origin, issued: await advanceSession(context, issued, 'Authenticated') };
}
