// Short-lived in-process caches of reads (the guard's caller, the requirement list). Correct
// because every change through the API is tracked: a change in flight (a mutating request, a
// background import) turns every cache off until it ends, and its end moves the generation, so
// nothing read before it is served after it. The one process of an embedded database sees every
// change; API processes sharing a Postgres server announce theirs to each other (the guard's
// pg_notify), which moves the generation too. Entries also expire after `ttlMs`, which bounds what
// a process cannot see (time passing: session expiry; changes made outside the API).

export interface ChangeTracker {
  /** A change starts: caches are bypassed until every started change has ended. */
  begin(): void;
  /** A change ended (committed or not): what was cached before it is stale. */
  end(): void;
  /** Moves on with nothing in flight: whatever was cached is stale (e.g. a change not seen start). */
  invalidate(): void;
  generation(): number;
  /** No change in flight: a read may be served from a cache and stored in one. */
  quiet(): boolean;
}

export function createChangeTracker(): ChangeTracker {
  let inFlight = 0;
  let generation = 0;
  return {
    begin() {
      inFlight += 1;
      generation += 1;
    },
    end() {
      inFlight = Math.max(0, inFlight - 1);
      generation += 1;
    },
    invalidate() {
      generation += 1;
    },
    generation: () => generation,
    quiet: () => inFlight === 0,
  };
}

interface Entry<V> {
  generation: number;
  expires: number;
  value: V;
}

export interface ReadCache<V> {
  /**
   * The cached value of `key`, or `load()`'s, stored when no change was in flight from before the
   * load until after it.
   */
  read(key: string, load: () => Promise<V>): Promise<V>;
  size(): number;
}

export function createReadCache<V>(tracker: ChangeTracker, options: { ttlMs: number; maxEntries: number; now?: () => number }): ReadCache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  // Loads under way, by key: callers that miss while one runs (and nothing changed since it
  // started) share its answer instead of each running the same query — when an entry expires
  // under load, a hundred waiting requests cost one read, not a hundred.
  const loading = new Map<string, { generation: number; value: Promise<V> }>();
  return {
    async read(key, load) {
      const startedAt = tracker.generation();
      if (tracker.quiet()) {
        const entry = entries.get(key);
        if (entry && entry.generation === startedAt && entry.expires > now()) return entry.value;
        const shared = loading.get(key);
        if (shared && shared.generation === startedAt) return shared.value;
      }
      const value = load();
      if (tracker.quiet()) loading.set(key, { generation: startedAt, value });
      try {
        const result = await value;
        if (tracker.quiet() && tracker.generation() === startedAt) {
          // A bounded map: when full, start over rather than track recency.
          if (entries.size >= options.maxEntries) entries.clear();
          entries.set(key, { generation: startedAt, expires: now() + options.ttlMs, value: result });
        }
        return result;
      } finally {
        if (loading.get(key)?.value === value) loading.delete(key);
      }
    },
    size: () => entries.size,
  };
}
