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

/**
 * A query key made stale with every query below it, or (`exact`) that one query only: an app's
 * detail without the components of each of its builds.
 */
export type LiveTarget = QueryKey | ExactTarget;

interface ExactTarget {
  readonly queryKey: QueryKey;
  readonly exact: true;
}

/** For each event kind (spec 4.5 names and the portal's own), the queries it makes stale. */
export type LiveRules = Readonly<Record<string, (event: LiveEvent, graph: string) => readonly LiveTarget[]>>;

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

const isExact = (target: LiveTarget): target is ExactTarget => !Array.isArray(target);
const keyId = (target: LiveTarget): string => (isExact(target) ? `=${JSON.stringify(target.queryKey)}` : JSON.stringify(target));

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
    const pending = new Map<string, LiveTarget>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const keys = [...pending.values()];
      pending.clear();
      for (const target of keys) void queryClient.invalidateQueries(isExact(target) ? target : { queryKey: target as QueryKey });
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
