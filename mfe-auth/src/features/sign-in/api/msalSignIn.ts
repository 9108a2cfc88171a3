import { apiClient, SIGN_IN_MESSAGES, type MsalSignInUrl, type Session } from '@portal/shared';

/** The `type` of the message the API's callback page posts to this window (see api/src/sessions/oidc-routes.ts). */
export const MSAL_MESSAGE_TYPE = 'portal:msal';
/** The popup's window name: a second click reuses the open popup instead of stacking another. */
export const SIGN_IN_POPUP_NAME = 'portal-sign-in';

/** What the callback page posts when the identity platform has answered. */
export interface MsalResult {
  type: typeof MSAL_MESSAGE_TYPE;
  ok: boolean;
  message?: string;
}

export function isMsalResult(data: unknown): data is MsalResult {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === MSAL_MESSAGE_TYPE;
}

/** Spec 7: a generated uuid and the window's origin, which the callback page posts back to. */
export function createMsalState(): string {
  return btoa(JSON.stringify({ id: crypto.randomUUID(), origin: window.location.origin }));
}

/** GET sessions/msal/signin: the identity platform's authorization URL for `state`. */
export async function getMsalSignInUrl(state: string): Promise<string> {
  const { url } = await apiClient.get<MsalSignInUrl>('sessions/msal/signin', {
    params: { state },
    messages: SIGN_IN_MESSAGES,
    preserveSessionOn401: true,
    notices: false,
  });
  return url;
}

/** GET sessions once the popup has signed the user in. */
export function getSession(): Promise<Session> {
  return apiClient.get<Session>('sessions', { notices: false });
}
