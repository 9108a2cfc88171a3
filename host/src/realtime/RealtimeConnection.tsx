// Starts the broker connection once the session is Authenticated and ends it on logout or when
// another user signs in. The connection code (@stomp/stompjs, election, relay) is a separate
// chunk loaded only then: the host's first load stays within its budget. The chunk also watches
// for a newer sign-on of the user (single active session).
import { useEffect } from 'react';
import { useSession } from '@portal/shared';

function useSignedInUserId(): string | null {
  return useSession((state) =>
    state.session?.authenticated && state.session.authentication_status === 'Authenticated' ? (state.session.user?.id ?? null) : null,
  );
}

export function useRealtimeConnection(): void {
  const userId = useSignedInUserId();
  useEffect(() => {
    if (!userId) return undefined;
    let cancelled = false;
    let stop: (() => Promise<void>) | null = null;
    import(/* webpackChunkName: "realtime" */ './start').then(
      ({ startRealtime }) => {
        if (!cancelled) stop = startRealtime(userId);
      },
      (error: unknown) => console.warn('The realtime connection could not be loaded.', error),
    );
    return () => {
      cancelled = true;
      void stop?.();
    };
  }, [userId]);
}

/** Mounted once inside the signed-in portal: the realtime connection and its rules. */
export function RealtimeConnection() {
  useRealtimeConnection();
  return null;
}
