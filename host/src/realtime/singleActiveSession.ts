// Single active session, immediate (spec 4.1; issue 4 item 11): a System Sign On of a newer
// session of the same user signs this browser out. It is heard only where the server alone
// publishes: the user's events queue and the sync-user exchange (then data names the user) —
// never the notifications queue, where instant messages arrive (issue 20). Started with the
// realtime connection (lazily loaded chunk).
import {
  isNewerSignOn,
  realtime,
  sessionStore,
  SYNC_USER_EXCHANGE,
  userEventsQueue,
  type RealtimeFacade,
  type Unsubscribe,
} from '@portal/shared';

function namesUser(body: unknown, userId: string): boolean {
  const data = (body as { data?: { id?: unknown; login_id?: unknown } }).data;
  const user = sessionStore.getState().session?.user;
  return data?.id === userId || (user !== null && user !== undefined && data?.login_id === user.login_id);
}

/** Watches the user's destinations and calls `signOut` once for a newer sign-on. */
export function watchSingleActiveSession(userId: string, signOut: () => void, facade: RealtimeFacade = realtime): Unsubscribe {
  // Destinations only the server publishes to.
  const destinations = [userEventsQueue(userId), SYNC_USER_EXCHANGE];
  let done = false;
  const check = (body: unknown, destination: string) => {
    if (done || !destinations.includes(destination) || !isNewerSignOn(body, sessionStore.getState().session)) return;
    // On the fanout every user's browser hears it: it must name this user.
    if (destination === SYNC_USER_EXCHANGE && !namesUser(body, userId)) return;
    done = true;
    signOut();
  };
  const stops = destinations.map((destination) => facade.subscribe(destination, check));
  return () => stops.forEach((stop) => stop());
}
