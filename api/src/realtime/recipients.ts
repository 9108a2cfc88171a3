// Who hears a process's requirement and task events (spec 4.5): its members and the users of the
// organization holding an organization role. The outbox relay delivers them on `events#<userId>`.
import type { RequirementChangeEvent } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { recordEvents } from './outbox.repository';

/** Who made a change, as events name them. */
export interface EventActor {
  id: string;
  login_id: string;
}

// Per transaction (a tx object lives as long as its transaction): a change raising several events,
// or an import raising thousands, looks the recipients up once.
const recipientsByTransaction = new WeakMap<Queryable, Map<string, Promise<string[]>>>();

/** `lookUp`'s answer, looked up once per transaction and key (a Database, not a transaction, every time). */
export function oncePerTransaction(tx: Queryable, key: string, lookUp: () => Promise<string[]>): Promise<string[]> {
  // A Database (not a transaction) is never cached: memberships change between its statements.
  if ('transaction' in tx) return lookUp();
  let cache = recipientsByTransaction.get(tx);
  if (!cache) recipientsByTransaction.set(tx, (cache = new Map()));
  let recipients = cache.get(key);
  if (!recipients) cache.set(key, (recipients = lookUp()));
  return recipients;
}

/** The users who hear a process's requirement and task events: its members and the organization's role holders. */
export function eventRecipients(tx: Queryable, organizationId: string, processId: string): Promise<string[]> {
  return oncePerTransaction(tx, `${organizationId}/${processId}`, () => lookUpRecipients(tx, organizationId, processId));
}

/** eventRecipients as SQL ($1 the organization, $2 the process), for a statement that records its events itself. */
export const EVENT_RECIPIENTS = `SELECT user_id AS id FROM memberships WHERE process_id = $2
     UNION
     SELECT id FROM users WHERE organization_id = $1 AND cardinality(roles) > 0 AND NOT inactive`;

async function lookUpRecipients(tx: Queryable, organizationId: string, processId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(EVENT_RECIPIENTS, [organizationId, processId]);
  return rows.map((row) => row.id);
}

/** Records `event` in the outbox for every recipient of the process, in `tx`. */
export async function publishChange(
  tx: Queryable,
  organizationId: string,
  processId: string,
  event: RequirementChangeEvent,
): Promise<void> {
  const recipients = await eventRecipients(tx, organizationId, processId);
  await recordEvents(
    tx,
    recipients.map((userId) => ({ destination: `events#${userId}`, body: { ...event } })),
  );
}

