// Requirement events (spec 4.5, issue 6): each one is a row of the requirement's history
// (requirement_events) and, in the same transaction, a RequirementChangeEvent in the outbox for
// every member of the process and every user of the organization holding an organization role.
// The outbox relay delivers them on `events#<userId>`.
import type { RequirementChangeEvent, RequirementEventName, TaskEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { recordEvents } from '../realtime/outbox';

export interface EventActor {
  id: string;
  login_id: string;
}

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

export interface TaskEventInput {
  organizationId: string;
  processId: string;
  processCode: string;
  taskId: string;
  requirementId: string | null;
  type: TaskEventName;
  actor: EventActor | null;
  sessionId?: string;
  data?: Record<string, unknown>;
}

// Per transaction (a tx object lives as long as its transaction): a change raising several events,
// or an import raising thousands, looks the recipients up once.
const recipientsByTransaction = new WeakMap<Queryable, Map<string, Promise<string[]>>>();

/** The users who hear a process's requirement and task events: its members and the organization's role holders. */
export async function eventRecipients(tx: Queryable, organizationId: string, processId: string): Promise<string[]> {
  // A Database (not a transaction) is never cached: memberships change between its statements.
  if ('transaction' in tx) return lookUpRecipients(tx, organizationId, processId);
  let cache = recipientsByTransaction.get(tx);
  if (!cache) recipientsByTransaction.set(tx, (cache = new Map()));
  const key = `${organizationId}/${processId}`;
  let recipients = cache.get(key);
  if (!recipients) cache.set(key, (recipients = lookUpRecipients(tx, organizationId, processId)));
  return recipients;
}

/** eventRecipients as SQL ($1 the organization, $2 the process), for a statement that records its events itself. */
export const EVENT_RECIPIENTS = `SELECT user_id AS id FROM memberships WHERE process_id = $2
     UNION
     SELECT id FROM users WHERE organization_id = $1 AND cardinality(roles) > 0 AND NOT inactive`;

async function lookUpRecipients(tx: Queryable, organizationId: string, processId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(EVENT_RECIPIENTS, [organizationId, processId]);
  return rows.map((row) => row.id);
}

async function publishChange(
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

/** Records a task event (task_events + outbox) in `tx`; resolves to its eventId. */
export async function raiseTaskEvent(tx: Queryable, event: TaskEventInput): Promise<string> {
  const [row] = await tx.query<{ id: string; time: Date | string }>(
    `INSERT INTO task_events (task_id, type, actor_id, data, time)
     VALUES ($1, $2, $3, $4::jsonb, clock_timestamp()) RETURNING id, time`,
    [event.taskId, event.type, event.actor?.id ?? null, JSON.stringify(event.data ?? {})],
  );
  await publishChange(tx, event.organizationId, event.processId, {
    type: event.type,
    eventId: row.id,
    session_id: event.sessionId ?? '',
    time: new Date(row.time).toISOString(),
    data: {
      graph: event.processCode.toLowerCase(),
      id: event.taskId,
      task_id: event.taskId,
      ...(event.requirementId ? { requirement_id: event.requirementId } : {}),
      ...(event.actor ? { login_id: event.actor.login_id } : {}),
      kind: 'task',
    },
  });
  return row.id;
}
