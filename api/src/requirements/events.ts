// Requirement events (spec 4.5, issue 6): each one is a row of the requirement's history
// (requirement_events) and, in the same transaction, a RequirementChangeEvent in the outbox for
// the process's recipients (realtime/recipients.ts).
import type { RequirementChangeEvent, RequirementEventName, RequirementRecordEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { publishChange, type EventActor } from '../realtime/recipients';
import { insertRequirementEvent } from './history.repository';

export type { EventActor };

export interface RequirementEventInput {
  organizationId: string;
  processId: string;
  processCode: string;
  requirementId: string;
  type: RequirementEventName;
  actor: EventActor | null;
  /** The session that made the change (browsers skip their own events); '' for the system. */
  sessionId?: string;
  data?: Record<string, unknown>;
}

/** Records a requirement event (history + outbox) in `tx`; resolves to its eventId. */
export async function raiseRequirementEvent(tx: Queryable, event: RequirementEventInput): Promise<string> {
  const row = await insertRequirementEvent(tx, event.processId, event.requirementId, event.type, event.actor?.id ?? null, event.data ?? {});
  await publish(tx, event, { type: event.type, eventId: row.id, id: event.requirementId, kind: 'requirement', time: row.time });
  return row.id;
}

/**
 * A live event of one of the requirement's records (REQUIREMENT_RECORD_EVENTS: a comment added),
 * for the process's recipients in `tx`. Not a row of the requirement's history.
 */
export async function raiseRecordEvent(
  tx: Queryable,
  event: Omit<RequirementEventInput, 'type' | 'data'> & { type: RequirementRecordEventName; recordId: string; kind: 'comment'; time: Date | string },
): Promise<void> {
  await publish(tx, event, { type: event.type, eventId: event.recordId, id: event.recordId, kind: event.kind, time: event.time });
}

/** The outbox rows of a change of the requirement for the process's recipients: `id` is what changed. */
function publish(
  tx: Queryable,
  event: Omit<RequirementEventInput, 'type' | 'data'>,
  change: { type: string; eventId: string; id: string; kind: RequirementChangeEvent['data']['kind']; time: Date | string },
): Promise<void> {
  return publishChange(tx, event.organizationId, event.processId, {
    type: change.type,
    eventId: change.eventId,
    session_id: event.sessionId ?? '',
    time: new Date(change.time).toISOString(),
    data: {
      graph: event.processCode.toLowerCase(),
      id: change.id,
      requirement_id: event.requirementId,
      ...(event.actor ? { login_id: event.actor.login_id } : {}),
      kind: change.kind,
    },
  });
}
