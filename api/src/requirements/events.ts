// Requirement events (spec 4.5, issue 6): each one is a row of the requirement's history
// (requirement_events) and, in the same transaction, a RequirementChangeEvent in the outbox for
// the process's recipients (realtime/recipients.ts).
import type { RequirementEventName, RequirementRecordEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { publishChange, type EventActor } from '../realtime/recipients';
import { insertRequirementEvent } from './repository';

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
  await publishChange(tx, event.organizationId, event.processId, {
    type: event.type,
    eventId: row.id,
    session_id: event.sessionId ?? '',
    time: new Date(row.time).toISOString(),
    data: {
      graph: event.processCode.toLowerCase(),
      id: event.requirementId,
      requirement_id: event.requirementId,
      ...(event.actor ? { login_id: event.actor.login_id } : {}),
      kind: 'requirement',
    },
  });
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
  await publishChange(tx, event.organizationId, event.processId, {
    type: event.type,
    eventId: event.recordId,
    session_id: event.sessionId ?? '',
    time: new Date(event.time).toISOString(),
    data: {
      graph: event.processCode.toLowerCase(),
      id: event.recordId,
      requirement_id: event.requirementId,
      ...(event.actor ? { login_id: event.actor.login_id } : {}),
      kind: event.kind,
    },
  });
}
