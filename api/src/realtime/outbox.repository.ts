// The outbox (issue 4 item 12): domain code records the events a change raises in the change's
// own transaction; the outbox relay publishes them to the broker with confirmation afterwards.
import type { Queryable } from '../db/database';

export interface OutboxEvent {
  /** A spec 7 destination: 'events#<userId>', 'notifications#<userId>' or a fanout exchange. */
  destination: string;
  /** The JSON body browsers receive; must carry a unique `eventId` (browsers de-duplicate by it). */
  body: { eventId: string } & Record<string, unknown>;
}

/** The channel recordEvents notifies (on commit) and the outbox relay listens to. */
export const OUTBOX_CHANNEL = 'portal_outbox';

/**
 * Records events in `tx` — the transaction of the change that raised them. The relay publishes
 * them after the commit, which wakes it (a NOTIFY is delivered on commit, with PGlite as with a
 * Postgres server; a rolled-back change notifies nobody).
 */
export async function recordEvents(tx: Queryable, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO outbox (destination, body)
     SELECT destination, body FROM unnest($1::text[], $2::jsonb[]) AS e(destination, body)`,
    [events.map((event) => event.destination), events.map((event) => JSON.stringify(event.body))],
  );
  // Delivered to the relay when (and only if) the change commits: it then finds the rows.
  await tx.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
}
