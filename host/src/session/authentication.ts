import {
  apiClient,
  INITIATOR_LOGIN,
  sessionStore,
  SIGN_IN_MESSAGES,
  type Session,
} from '@portal/shared';
import { EARLY_SESSION_URL, takeEarly } from '../early/requests';
import { INITIALIZATION_PATH } from './redirects';

/**
 * GET sessions: the current session, or an unauthenticated one; stored for every root. The first
 * call takes the answer the entry chunk asked for early, when it came back well.
 */
export async function loadSession(): Promise<Session> {
  const session = (await takeEarly<Session>(EARLY_SESSION_URL)) ?? (await apiClient.get<Session>('/sessions', { notices: false }));
  sessionStore.setSession(session);
  return session;
}

/**
 * Spec 4.1 Init: on the global initialization route with a one-time code in the URL, sign in as
 * the Initiator with that code. The code leaves the address bar either way (it is single use).
 */
export async function signInInitiatorFromUrl(location: Pick<Location, 'pathname' | 'search'>): Promise<boolean> {
  if (location.pathname !== INITIALIZATION_PATH) return false;
  const code = new URLSearchParams(location.search).get('code');
  if (!code) return false;
  window.history.replaceState(window.history.state, '', INITIALIZATION_PATH);
  const session = await apiClient.post<Session>(
    '/sessions',
    { username: INITIATOR_LOGIN, password: code },
    { messages: SIGN_IN_MESSAGES, preserveSessionOn401: true, notices: false },
  );
  sessionStore.setSession(session);
  return true;
}
