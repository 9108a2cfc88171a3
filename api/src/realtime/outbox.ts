// An event raised on its own, outside a domain change (the e2e testing route raises one as domain
// code would): recorded through the outbox in a transaction of its own, which wakes the relay.
import type { Database } from '../db/database';
import { recordEvents, type OutboxEvent } from './outbox.repository';

/** Records the one event in its own transaction; the relay publishes it once committed. */
export async function raiseEvent(database: Database, event: OutboxEvent): Promise<void> {
  await database.transaction((tx) => recordEvents(tx, [event]));
}
