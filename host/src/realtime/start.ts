// The lazily loaded part of the realtime connection (dynamic import after sign-in): builds the
// hub for the signed-in user (tab election over a BroadcastChannel named after the user, the
// broker connection with @stomp/stompjs), registers it as the portal's realtime facade, and
// signs out on a newer sign-on of the same user (single active session).
import {
  apiClient,
  logout,
  type BrokerToken,
  notificationsQueue,
  setRealtimeImplementation,
  SYNC_ADMIN_EXCHANGE,
  SYNC_USER_EXCHANGE,
  userEventsQueue,
} from '@portal/shared';
import { brokerUrl } from './brokerUrl';
import { createBrokerConnection } from './connection';
import { createRealtimeHub } from './hub';
import { watchSingleActiveSession } from './singleActiveSession';
import { broadcastTabChannel, browserTimers, type TabChannel, type TabMessage } from './protocol';
import { createStompClient } from './stompClient';

/** The shell's subscriptions (spec 7) plus the user's events. */
export function shellDestinations(userId: string): string[] {
  return [SYNC_USER_EXCHANGE, SYNC_ADMIN_EXCHANGE, notificationsQueue(userId), userEventsQueue(userId)];
}

async function fetchBrokerToken(): Promise<string | null> {
  const answer = await apiClient.post<BrokerToken>('iam/rabbitmq/token', undefined, { notices: false });
  return answer?.token ?? null;
}

/** A tab id: higher for a later tab, unique across tabs opened in the same millisecond. */
function newTabId(): number {
  return Date.now() * 1000 + Math.floor(Math.random() * 1000);
}

/** Without BroadcastChannel, the tab is alone: it elects itself. */
function loneChannel(): TabChannel {
  return { post: (_message: TabMessage) => undefined, listen: () => () => undefined, close: () => undefined };
}

/** Starts the realtime connection of `userId`; the returned function ends it (logout). */
export function startRealtime(userId: string): () => Promise<void> {
  const channel = typeof BroadcastChannel === 'function' ? broadcastTabChannel(`portal-realtime-${userId}`) : loneChannel();
  const hub = createRealtimeHub({
    id: newTabId(),
    channel,
    timers: browserTimers,
    createConnection: ({ onMessage, onState }) =>
      createBrokerConnection({
        url: brokerUrl(),
        destinations: shellDestinations(userId),
        createClient: createStompClient,
        fetchToken: fetchBrokerToken,
        onMessage,
        onState,
        timers: browserTimers,
      }),
  });
  // The leader resigns when the tab goes, so another takes over without waiting for heartbeats.
  const leave = () => void hub.stop();
  // A page restored from the back-forward cache joins the election again.
  const back = (event: PageTransitionEvent) => {
    if (event.persisted) hub.start();
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pageshow', back);
  setRealtimeImplementation(hub);
  const stopWatching = watchSingleActiveSession(userId, () => void logout());
  hub.start();
  return async () => {
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('beforeunload', leave);
    window.removeEventListener('pageshow', back);
    stopWatching();
    setRealtimeImplementation(null);
    await hub.stop();
    channel.close();
  };
}
