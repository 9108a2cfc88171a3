import { SIGN_IN_MESSAGES, SIGN_IN_POPUP_HEIGHT, SIGN_IN_POPUP_WIDTH, sessionStore } from '@portal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createMsalState, getMsalSignInUrl, getSession, isMsalResult, SIGN_IN_POPUP_NAME } from '../api/msalSignIn';

const FAILURE = SIGN_IN_MESSAGES.other ?? 'Unable to process your login request. Please try again later.';

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : FAILURE;
}

/**
 * The identity-platform sign-in (spec 2.2): the authorization URL opens in a 483×600 popup; the
 * API's callback page there posts `{ type: 'portal:msal', ok, message? }` back to this window,
 * and on success the session is fetched again. A later click replaces the listener of an earlier one.
 */
export function useMsalSignIn() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stopListening = useRef<() => void>(() => undefined);

  useEffect(() => () => stopListening.current(), []);

  const finish = useCallback(async (ok: boolean, message: string | undefined) => {
    setPending(true);
    try {
      if (!ok) throw new Error(message || FAILURE);
      sessionStore.setSession(await getSession());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }, []);

  const start = useCallback(async () => {
    stopListening.current();
    setError(null);
    setPending(true);
    const listener = (event: MessageEvent) => {
      // Only the callback page of this origin speaks for the API; anything else is ignored.
      if (event.origin !== window.location.origin || !isMsalResult(event.data)) return;
      stopListening.current();
      void finish(event.data.ok, event.data.message);
    };
    window.addEventListener('message', listener);
    stopListening.current = () => window.removeEventListener('message', listener);
    try {
      const url = await getMsalSignInUrl(createMsalState());
      const popup = window.open(url, SIGN_IN_POPUP_NAME, `width=${SIGN_IN_POPUP_WIDTH},height=${SIGN_IN_POPUP_HEIGHT}`);
      if (!popup) throw new Error(FAILURE);
    } catch (failure) {
      stopListening.current();
      setError(errorMessage(failure));
    } finally {
      // Not pending while the popup is open: the user may close it and try again.
      setPending(false);
    }
  }, [finish]);

  const reset = useCallback(() => setError(null), []);

  return { start, pending, error, reset };
}
