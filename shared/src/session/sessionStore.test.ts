import { testSession } from '../testing/sessions';
import { createSessionStore, type SessionState } from './sessionStore';

const session = testSession({ timestamp: 1_700_000_000_000, access_control: { policies: [], projects: [{ code_name: 'Alpha' }] }, roles: ['AUTHOR'], features: { msal: false } });

describe('session store', () => {
  it('starts empty', () => {
    expect(createSessionStore().getState()).toEqual({ session: null, process: null, token: null });
  });

  it('holds the session, the process and the token, and notifies subscribers', () => {
    const store = createSessionStore();
    const seen: SessionState[] = [];
    const unsubscribe = store.subscribe((state) => seen.push(state));
    store.setSession(session);
    store.setProcess({ id: 'p1', code_name: 'Alpha' });
    store.setToken('t');
    expect(store.getState()).toEqual({ session, process: { id: 'p1', code_name: 'Alpha' }, token: 't' });
    expect(seen).toHaveLength(3);
    expect(store.currentGraph()).toBe('alpha');
    unsubscribe();
    store.setToken(null);
    expect(seen).toHaveLength(3);
  });

  it('replaces the snapshot on change and keeps it when nothing changed', () => {
    const store = createSessionStore();
    const before = store.getState();
    store.setSession(null);
    expect(store.getState()).toBe(before);
    store.setSession(session);
    expect(store.getState()).not.toBe(before);
    expect(Object.isFrozen(store.getState())).toBe(true);
  });

  it('clearSession forgets session, process and token', () => {
    const store = createSessionStore();
    store.setSession(session);
    store.setProcess({ id: '*', code_name: '*' });
    store.setToken('t');
    store.clearSession();
    expect(store.getState()).toEqual({ session: null, process: null, token: null });
    expect(store.currentGraph()).toBeUndefined();
  });
});
