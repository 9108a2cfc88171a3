import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionState } from './sessionStore';

const identity = (state: SessionState): SessionState => state;

/**
 * Reads the session store and re-renders on change. A selector must return a value that is
 * stable for the same state (a field, not a new object), as useSyncExternalStore requires.
 */
export function useSession(): SessionState;
export function useSession<T>(selector: (state: SessionState) => T): T;
export function useSession<T>(selector?: (state: SessionState) => T): T | SessionState {
  const select = selector ?? identity;
  return useSyncExternalStore(
    sessionStore.subscribe,
    () => select(sessionStore.getState()),
    () => select(sessionStore.getState()),
  );
}
