// Requirement events (spec 4.5, issue 6): each one is a row of the requirement's history
// (requirement_events) and, in the same transaction, a RequirementChangeEvent in the outbox for
// the process's recipients (realtime/recipients.ts).
import type { RequirementEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { publishChange, type EventActor } from '../realtime/recipients';

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
  const [row] = await tx.query<{ id: string; time: Date | string }>(
    `INSERT INTO requirement_events (process_id, requirement_id, type, actor_id, data, time)
     VALUES ($1, $2, $3, $4, $5::jsonb, clock_timestamp()) RETURNING id, time`,
    [event.processId, event.requirementId, event.type, event.actor?.id ?? null, JSON.stringify(event.data ?? {})],
  );
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
