// The session store: what the host learned from GET sessions, the process the user works in and
// the optional bearer token. The host writes it; remotes and the API client read it. Module
// federation loads @portal/shared once, so every React root sees the same store.
import type { Session } from '../entities/session';
import type { Process } from '../entities/process';
import { graphOf } from '../entities/process';

/** The selected process; only id and code name are needed to scope calls. */
export type CurrentProcess = Pick<Process, 'id' | 'code_name'> & Partial<Process>;

export interface SessionState {
  session: Session | null;
  process: CurrentProcess | null;
  /** Sent as `Authorization: Bearer <token>` when present. */
  token: string | null;
}

export type SessionListener = (state: SessionState) => void;

const EMPTY: SessionState = Object.freeze({ session: null, process: null, token: null });

/**
 * A tiny external store: every change replaces the state object, so `getState()` is a stable
 * snapshot for useSyncExternalStore and listeners can compare by identity.
 */
export function createSessionStore() {
  let state: SessionState = EMPTY;
  const listeners = new Set<SessionListener>();

  function update(patch: Partial<SessionState>): void {
    const next: SessionState = { ...state, ...patch };
    if (next.session === state.session && next.process === state.process && next.token === state.token) return;
    state = Object.freeze(next);
    for (const listener of Array.from(listeners)) listener(state);
  }

  return {
    getState(): SessionState {
      return state;
    },
    setSession(session: Session | null): void {
      update({ session });
    },
    setProcess(process: CurrentProcess | null): void {
      update({ process });
    },
    setToken(token: string | null): void {
      update({ token });
    },
    /** Logout or 401: forget the session, the token and the selected process. */
    clearSession(): void {
      update(EMPTY);
    },
    /** The `graph` parameter of project-scoped calls, or undefined when no process is selected. */
    currentGraph(): string | undefined {
      return state.process ? graphOf(state.process) : undefined;
    },
    subscribe(listener: SessionListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore: SessionStore = createSessionStore();
