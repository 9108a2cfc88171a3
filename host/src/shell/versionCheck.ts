// The app-version check (spec 7 "GET the app-version file every 15 minutes", spec 9 900000 ms):
// the version first answered is the one this page runs; a later, different answer is a new
// deployment, which the banner announces. The interval can be shortened for tests with
// `window.__PORTAL_VERSION_INTERVAL__` or localStorage 'portal.versionCheckIntervalMs' (ms).
import { useSyncExternalStore } from 'react';
import { apiClient, VERSION_CHECK_MS } from '@portal/shared';

export const VERSION_PATH = 'misc/version';
export const VERSION_INTERVAL_STORAGE_KEY = 'portal.versionCheckIntervalMs';

declare global {
  interface Window {
    __PORTAL_VERSION_INTERVAL__?: number;
  }
}

export interface VersionState {
  /** The version this page was loaded with (the first answer), null until known. */
  loaded: string | null;
  /** The newest version the server answered, null until known. */
  latest: string | null;
}

let state: VersionState = { loaded: null, latest: null };
const listeners = new Set<() => void>();

function set(next: VersionState): void {
  if (next.loaded === state.loaded && next.latest === state.latest) return;
  state = next;
  // A copy: a listener called here may subscribe or unsubscribe; this round calls those present now.
  for (const listener of Array.from(listeners)) listener();
}

export function versionState(): VersionState {
  return state;
}

/** Forgets what was learned (tests). */
export function resetVersionState(): void {
  set({ loaded: null, latest: null });
}

export function useVersionState(): VersionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    versionState,
    versionState,
  );
}

function positive(value: unknown): number | undefined {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** The check interval: the test override if one is set, else spec 9's 15 minutes. */
export function versionCheckInterval(): number {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(VERSION_INTERVAL_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (privacy mode): the default applies.
  }
  return positive(window.__PORTAL_VERSION_INTERVAL__) ?? positive(stored) ?? VERSION_CHECK_MS;
}

/** Asks the server once; a failed or malformed answer changes nothing (the next check retries). */
export async function checkVersion(): Promise<void> {
  let answer: unknown;
  try {
    answer = await apiClient.get<unknown>(VERSION_PATH, { notices: false });
  } catch {
    return;
  }
  const version = typeof answer === 'object' && answer !== null && 'version' in answer ? answer.version : undefined;
  if (typeof version !== 'string' || version === '') return;
  set({ loaded: state.loaded ?? version, latest: version });
}

/** Checks now and then every interval; returns the stop function. */
export function startVersionCheck(): () => void {
  void checkVersion();
  const timer = window.setInterval(() => void checkVersion(), versionCheckInterval());
  return () => window.clearInterval(timer);
}
