// Browsers de-duplicate broker messages by eventId (issue 4 item 12): a message redelivered after
// a reconnect, or relayed twice around a change of leader, is shown once.

/** Remembers the last `capacity` eventIds; `firstTime` is false for one already seen. */
export function createDeduplicator(capacity = 1000) {
  const seen = new Set<string>();
  return {
    firstTime(body: unknown): boolean {
      if (!body || typeof body !== 'object') return true;
      const eventId = (body as { eventId?: unknown }).eventId;
      if (typeof eventId !== 'string' || eventId === '') return true;
      if (seen.has(eventId)) return false;
      seen.add(eventId);
      if (seen.size > capacity) seen.delete(seen.values().next().value as string);
      return true;
    },
  };
}
