// Screens that stay live (issue 22): one subscription per remote. The remote's root names, per
// event kind, the queries an event of the current process makes stale; every event of that kind
// on the user's `events#<userId>` queue marks them stale, and the screens showing them read again
// — no polling, no reload. Invalidations of a burst of events (an import raises thousands) are
// gathered and applied once per `batchMs`.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { UserEvent } from '../../entities/notification';

/** What a remote's live events carry: the process (`graph`, its code name in lower case) and what changed. */
export interface LiveEvent extends UserEvent {
  eventId?: string;
  data: UserEvent['data'] & Record<string, unknown>;
}

/** For each event kind (spec 4.5 names and the portal's own), the query keys it makes stale. */
export type LiveRules = Readonly<Record<string, (event: LiveEvent, graph: string) => readonly QueryKey[]>>;

/** `subscribeEvents` of '@portal/shared' (passed in: this entry may not hold the facade's state). */
export type SubscribeEvents = (types: readonly string[], handler: (event: LiveEvent) => void) => () => void;

export interface LiveQueriesOptions {
  /** The current process's code name; no subscription without one. */
  graph: string | undefined;
  rules: LiveRules;
  subscribe: SubscribeEvents;
  /** Gathering window of invalidations (ms). */
  batchMs?: number;
}

const keyId = (key: QueryKey): string => JSON.stringify(key);

/** Keeps the remote's queries live: call once, at the remote's root. */
export function useLiveQueries({ graph, rules, subscribe, batchMs = 50 }: LiveQueriesOptions): void {
  const queryClient = useQueryClient();
  // The rules object may be rebuilt on each render: the subscription follows the latest without resubscribing.
  const latest = useRef(rules);
  latest.current = rules;
  const types = Object.keys(rules).sort().join('\n');
  useEffect(() => {
    if (!graph) return undefined;
    const current = graph.toLowerCase();
    const pending = new Map<string, QueryKey>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const keys = [...pending.values()];
      pending.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const stop = subscribe(types.split('\n'), (event) => {
      const eventGraph = typeof event.data?.graph === 'string' ? event.data.graph.toLowerCase() : undefined;
      if (eventGraph !== undefined && eventGraph !== current) return;
      const keysOf = latest.current[event.type];
      if (!keysOf) return;
      for (const key of keysOf(event, current)) pending.set(keyId(key), key);
      timer ??= setTimeout(flush, batchMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [graph, types, subscribe, batchMs, queryClient]);
}
