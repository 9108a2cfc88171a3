import { useCallback, useEffect, useState } from 'react';
import { showSnackbar, useSession, type Session } from '@portal/shared';
import { loadSession, signInInitiatorFromUrl } from './authentication';

export type AuthenticationPhase = 'Init' | 'Error' | 'SignIn' | 'Authenticated';

function phaseOf(session: Session | null): AuthenticationPhase {
  if (!session) return 'SignIn';
  return session.authenticated && session.authentication_status === 'Authenticated' ? 'Authenticated' : 'SignIn';
}

/**
 * The host's session state machine (spec 4.1): Init fetches the session (or signs the Initiator
 * in); Error offers Try Again; afterwards the session store decides, so a sign-in in mfe-auth, a
 * logout or a 401 from any call moves the whole portal.
 */
export function useAuthentication(): { phase: AuthenticationPhase; retry: () => void } {
  const session = useSession((state) => state.session);
  const [status, setStatus] = useState<'Init' | 'Error' | 'Loaded'>('Init');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setStatus('Init');
    signInInitiatorFromUrl(window.location)
      .catch(() => {
        showSnackbar('The initialization link is invalid or has expired.', 'error');
        return false;
      })
      .then((signedIn) => (signedIn ? undefined : loadSession()))
      .then(
        () => !cancelled && setStatus('Loaded'),
        () => !cancelled && setStatus('Error'),
      );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (status !== 'Loaded') return { phase: status, retry };
  return { phase: phaseOf(session), retry };
}
