// The helpers built on the facade: user events by type, instant messages, single active session.
import type { Session } from '../entities/session';
import { sessionStore } from '../session/sessionStore';
import {
  createRealtimeProxy,
  isNewerSignOn,
  realtime,
  sendInstantMessage,
  setRealtimeImplementation,
  subscribeEvents,
  type RealtimeFacade,
  type RealtimeHandler,
} from './realtime';

const session = (id = '42', sessionId = 's1', timestamp = 1_000) =>
  ({
    session_id: sessionId,
    timestamp,
    authenticated: true,
    authentication_status: 'Authenticated',
    user: { id, login_id: `login-${id}`, name: `User ${id}` },
  }) as unknown as Session;

function fakeFacade(publish: RealtimeFacade['publish'] = async () => undefined) {
  const handlers = new Map<string, Set<RealtimeHandler<unknown>>>();
  const impl: RealtimeFacade = {
    state: 'Connected',
    subscribe(destination, handler) {
      const set = handlers.get(destination) ?? new Set();
      set.add(handler as RealtimeHandler<unknown>);
      handlers.set(destination, set);
      return () => set.delete(handler as RealtimeHandler<unknown>);
    },
    publish,
    onStateChange: () => () => undefined,
  };
  const deliver = (destination: string, body: unknown) => handlers.get(destination)?.forEach((h) => h(body, destination));
  return { impl, deliver };
}

afterEach(() => {
  sessionStore.clearSession();
  setRealtimeImplementation(null);
});

it("subscribeEvents delivers the signed-in user's events of one type and follows the user", () => {
  const fake = fakeFacade();
  setRealtimeImplementation(fake.impl);
  sessionStore.setSession(session('42'));
  const received: unknown[] = [];
  const stop = subscribeEvents('Import SBOM', (event) => received.push(event.data));
  fake.deliver('events#42', { type: 'Import SBOM', session_id: 's', data: { id: 'a' } });
  fake.deliver('events#42', { type: 'Add', session_id: 's', data: { id: 'b' } });
  sessionStore.setSession(session('7'));
  fake.deliver('events#42', { type: 'Import SBOM', session_id: 's', data: { id: 'c' } });
  fake.deliver('events#7', { type: 'Import SBOM', session_id: 's', data: { id: 'd' } });
  stop();
  fake.deliver('events#7', { type: 'Import SBOM', session_id: 's', data: { id: 'e' } });
  expect(received).toEqual([{ id: 'a' }, { id: 'd' }]);
});

it("sendInstantMessage publishes the spec 3 payload to the user's notifications queue", async () => {
  const publish = jest.fn(async () => undefined);
  sessionStore.setSession(session('42'));
  sessionStore.setProcess({ id: 'p1', code_name: 'Acme' });
  const { facade, setImplementation } = createRealtimeProxy();
  setImplementation(fakeFacade(publish).impl);
  await expect(sendInstantMessage('7', 'Hello', facade)).resolves.toBe(true);
  expect(publish).toHaveBeenCalledWith('notifications#7', {
    type: 'instant-message',
    project: 'acme',
    sender: 'User 42',
    eventId: expect.any(String),
    message: 'Hello',
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
});

it('a failed instant message is only logged', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  sessionStore.setSession(session('42'));
  await expect(sendInstantMessage('7', 'Hello', realtime)).resolves.toBe(false);
  expect(warn).toHaveBeenCalled();
  warn.mockRestore();
});

it('isNewerSignOn: a different, newer session of the same user', () => {
  const current = session('42', 's1', 1_000);
  const signOn = (fields: object) => ({ type: 'System Sign On', session_id: 's2', timestamp: 2_000, data: {}, ...fields });
  expect(isNewerSignOn(signOn({}), current)).toBe(true);
  expect(isNewerSignOn(signOn({ timestamp: undefined, time: new Date(5_000).toISOString() }), current)).toBe(true);
  expect(isNewerSignOn(signOn({ session_id: 's1' }), current)).toBe(false);
  expect(isNewerSignOn(signOn({ timestamp: 500 }), current)).toBe(false);
  expect(isNewerSignOn(signOn({ timestamp: undefined }), current)).toBe(false);
  expect(isNewerSignOn(signOn({ data: { id: '9' } }), current)).toBe(false);
  expect(isNewerSignOn(signOn({ data: { login_id: 'login-42' } }), current)).toBe(true);
  expect(isNewerSignOn(signOn({ type: 'Add' }), current)).toBe(false);
  expect(isNewerSignOn(signOn({}), null)).toBe(false);
});
