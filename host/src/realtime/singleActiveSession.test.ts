// Single active session (spec 4.1): a System Sign On of a newer session of the same user signs
// this browser out where only the server publishes (the user's events queue, the sync-user
// exchange); its own or an older sign-on does not, nor one that arrives with an instant message.
import { createRealtimeProxy, sessionStore } from '@portal/shared';
import { bareSession } from '../testing/sessions';
import { watchSingleActiveSession } from './singleActiveSession';

const session = bareSession({ session_id: 's-old', timestamp: 1_000 });

afterEach(() => sessionStore.clearSession());

/**
 * Delivers `body` twice on `destination` to what the watcher subscribed there; `everywhere` also
 * hands it, as from that destination, to every handler it subscribed (a facade that would mix them up).
 */
function deliverTo(destination: string, body: unknown, everywhere = false) {
  const { facade, setImplementation } = createRealtimeProxy();
  const handlers = new Map<string, (body: unknown, destination: string) => void>();
  setImplementation({
    state: 'Connected',
    subscribe: (name, handler) => {
      handlers.set(name, handler as (body: unknown, destination: string) => void);
      return () => handlers.delete(name);
    },
    publish: async () => undefined,
    onStateChange: () => () => undefined,
  });
  const signOut = jest.fn();
  const stop = watchSingleActiveSession('42', signOut, facade);
  const receivers = everywhere ? [...handlers.values()] : [handlers.get(destination)];
  for (const receiver of receivers) {
    receiver?.(body, destination);
    receiver?.(body, destination);
  }
  stop();
  return signOut;
}

it('signs out once for a newer session of the same user', () => {
  sessionStore.setSession(session);
  const event = { type: 'System Sign On', session_id: 's-new', timestamp: 2_000, data: { id: '42' } };
  expect(deliverTo('events#42', event)).toHaveBeenCalledTimes(1);
  expect(deliverTo('sync-user', event)).toHaveBeenCalledTimes(1);
});

it('is not signed out by a System Sign On on the notifications queue, where users send instant messages', () => {
  sessionStore.setSession(session);
  // What a user of another organization could send before the server checked SENDs (issue 20 finding 3).
  const forged = { type: 'System Sign On', session_id: 's-forged', timestamp: 9_999_999_999_999, data: { id: '42', login_id: 'ann' } };
  expect(deliverTo('notifications#42', forged)).not.toHaveBeenCalled();
  expect(deliverTo('notifications#42', forged, true)).not.toHaveBeenCalled();
});

it('ignores its own sign-on, an older one, another user and other events', () => {
  sessionStore.setSession(session);
  expect(deliverTo('events#42', { type: 'System Sign On', session_id: 's-old', timestamp: 2_000, data: {} })).not.toHaveBeenCalled();
  expect(deliverTo('events#42', { type: 'System Sign On', session_id: 's-new', timestamp: 500, data: {} })).not.toHaveBeenCalled();
  expect(deliverTo('sync-user', { type: 'System Sign On', session_id: 's-x', timestamp: 2_000, data: { id: '7' } })).not.toHaveBeenCalled();
  expect(deliverTo('events#42', { type: 'Add', session_id: 's-new', timestamp: 2_000, data: {} })).not.toHaveBeenCalled();
  // On the fanout, a sign-on that does not name the user is not theirs.
  expect(deliverTo('sync-user', { type: 'System Sign On', session_id: 's-x', timestamp: 2_000, data: {} })).not.toHaveBeenCalled();
});
