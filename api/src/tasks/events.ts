// Task events (spec 4.5, issue 6): a row of the task's history (task_events) and, in the same
// transaction, a change event in the outbox for the process's recipients (realtime/recipients.ts).
import { randomUUID } from 'node:crypto';
import type { TaskEventName, TaskRecordEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { publishChange, type EventActor } from '../realtime/recipients';
import { insertTaskEvent } from './repository';

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

/** Records a task event (task_events + outbox) in `tx`; resolves to its eventId. */
export async function raiseTaskEvent(tx: Queryable, event: TaskEventInput): Promise<string> {
  const row = await insertTaskEvent(tx, event.taskId, event.type, event.actor?.id ?? null, event.data ?? {});
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

/**
 * A live event of the task's records (TASK_RECORD_EVENTS: a comment added, a general task edited),
 * not in its history: the outbox for the process's recipients, in `tx`. `id` is what changed.
 */
export async function publishTaskRecordEvent(
  tx: Queryable,
  task: { organization_id: string; process_id: string; process_code: string; id: string; requirement_id: string | null },
  change: { type: TaskRecordEventName; id: string; kind: 'comment' | 'task' | 'attachment'; time: Date | string; actor: EventActor; sessionId?: string },
): Promise<void> {
  await publishChange(tx, task.organization_id, task.process_id, {
    type: change.type,
    eventId: change.kind === 'comment' ? change.id : randomUUID(),
    session_id: change.sessionId ?? '',
    time: new Date(change.time).toISOString(),
    data: {
      graph: task.process_code.toLowerCase(),
      id: change.id,
      task_id: task.id,
      ...(task.requirement_id ? { requirement_id: task.requirement_id } : {}),
      login_id: change.actor.login_id,
      kind: change.kind,
    },
  });
}
