// How many live events of the current process this remote has received, and when the last one
// came: the root's one subscription records them (app/LiveRoutes.tsx), the LIVE dashboard shows them.
import { useSyncExternalStore } from 'react';

export interface LiveActivity {
  received: number;
  /** ISO time of the last event; null before the first. */
  last: string | null;
}

let activity: LiveActivity = { received: 0, last: null };
const listeners = new Set<() => void>();

/** Counts one event (its own time when it carries one). */
export function recordLiveEvent(time?: unknown): void {
  activity = { received: activity.received + 1, last: typeof time === 'string' ? time : new Date().toISOString() };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => activity;

export function useLiveActivity(): LiveActivity {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
