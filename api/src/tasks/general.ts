// General tasks (issue 23 item 4): a task a user creates (assign=>Task), edits (its creator or an
// assign=>Task holder) and completes (whom spec 6's task authorization lets act): a title, a
// description, a due date, an assignee, a link to a requirement, application or finding of the
// process, and an optional RFC 5545 recurrence whose next occurrence opens when one is completed
// or falls due (service.ts openNextOccurrence).
import { checkPermission, GENERAL_TASK_LIMITS, MESSAGES, PERMISSIONS, TASK_LINK_KINDS, type InboxTask, type TaskLinkKind } from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { dateField, isUuid, refuse, textField } from '../http/input';
import { ApiProblem } from '../http/problem';
import { activeUserOfOrganization } from '../users/service';
import { checkWorkgroup } from '../workgroups/service';
import { publishTaskRecordEvent } from './events';
import { linkLabel, updateGeneralTask } from './general.repository';
import { notifyTask } from './notices';
import { parseRecurrence, RECURRENCE_MESSAGES } from './recurrence';
import { completeTask, findTaskRecord, openTask, raiseEventOf, type ChangeContext, type TaskRecord } from './service';
import { inboxTaskView } from './view.repository';
import { authorizeCaller, lockTask, open } from './workflow';

export const GENERAL_MESSAGES = {
  body: 'The body must be a JSON object.',
  unknownField: (field: string) => `'${field}' is not a field of a general task.`,
  notGeneral: 'Only a general task is edited or completed this way.',
  linkKind: `Must be one of ${TASK_LINK_KINDS.join(', ')}.`,
  link: "Must be null, '' (no link) or { kind, id }.",
  notEditor: "Only the task's creator or who may assign tasks edits it.",
  linkMissing: (kind: TaskLinkKind) => `No ${kind} of this process has that id.`,
} as const;

const FIELDS = new Set(['title', 'description', 'due_date', 'assigned_to_user_id', 'assigned_to_group_id', 'link', 'recurrence']);

/** A general task's input as read; absent fields are undefined (an edit keeps their value). */
interface GeneralInput {
  title?: string;
  description?: string;
  dueDate?: string | null;
  userId?: string | null;
  groupId?: string | null;
  link?: { kind: TaskLinkKind; id: string } | null;
  recurrence?: string | null;
}

function idField(errors: Record<string, string>, field: string, value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (!isUuid(value)) {
    errors[field] = MESSAGES.invalidInput;
    return undefined;
  }
  return value.toLowerCase();
}

/** The link: `{ kind, id }`; null or '' (what an edit sends, as for the other fields) is none. */
function linkField(errors: Record<string, string>, value: unknown): GeneralInput['link'] {
  if (value === undefined || value === null) return value;
  if (value === '') return null;
  if (typeof value !== 'object' || Array.isArray(value) || Object.keys(value).some((key) => key !== 'kind' && key !== 'id')) {
    errors.link = GENERAL_MESSAGES.link;
    return undefined;
  }
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  if (!(TASK_LINK_KINDS as readonly unknown[]).includes(kind)) errors['link.kind'] = GENERAL_MESSAGES.linkKind;
  else if (!isUuid(id)) errors['link.id'] = MESSAGES.invalidInput;
  else return { kind: kind as TaskLinkKind, id: id.toLowerCase() };
  return undefined;
}

function recurrenceField(errors: Record<string, string>, value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value !== 'string') {
    errors.recurrence = MESSAGES.invalidInput;
    return undefined;
  }
  const parsed = parseRecurrence(value);
  if ('error' in parsed) errors.recurrence = parsed.error;
  return 'rule' in parsed ? parsed.rule : undefined;
}

/** The body of POST tasks (`creating`: the title is required) or PUT tasks/:id; 400 field by field. */
export function parseGeneralInput(body: unknown, creating: boolean): GeneralInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiProblem(400, GENERAL_MESSAGES.body);
  const values = body as Record<string, unknown>;
  const unknown = Object.keys(values).find((field) => !FIELDS.has(field));
  if (unknown !== undefined) throw new ApiProblem(400, GENERAL_MESSAGES.unknownField(unknown.slice(0, 64)), {}, { [unknown.slice(0, 64)]: MESSAGES.invalidInput });
  const errors: Record<string, string> = {};
  const input: GeneralInput = {
    title: textField(errors, 'title', values.title, { required: creating || values.title !== undefined, max: GENERAL_TASK_LIMITS.title }),
    description: textField(errors, 'description', values.description, { max: GENERAL_TASK_LIMITS.description }),
    dueDate: dateField(errors, 'due_date', values.due_date),
    userId: idField(errors, 'assigned_to_user_id', values.assigned_to_user_id),
    groupId: idField(errors, 'assigned_to_group_id', values.assigned_to_group_id),
    link: linkField(errors, values.link),
    recurrence: recurrenceField(errors, values.recurrence),
  };
  refuse(errors);
  return input;
}

/** Checks the assignee, the workgroup (404: not of the organization) and the link (404: not of the process); the link's label. */
async function checkReferences(tx: Queryable, context: ChangeContext, input: GeneralInput): Promise<string | undefined> {
  if (input.userId) await activeUserOfOrganization(tx, context.organizationId, input.userId);
  if (input.groupId) await checkWorkgroup(tx, context.organizationId, input.groupId);
  if (!input.link) return undefined;
  const label = await linkLabel(tx, context.process.id, input.link.kind, input.link.id);
  if (label === undefined) throw new ApiProblem(404, GENERAL_MESSAGES.linkMissing(input.link.kind));
  return label;
}

function needsDueDate(recurrence: string | null | undefined, dueDate: string | null | undefined): void {
  if (recurrence && !dueDate) throw new ApiProblem(400, RECURRENCE_MESSAGES.needsDueDate, {}, { due_date: RECURRENCE_MESSAGES.needsDueDate });
}

/** POST tasks: a new general task (raises New and tells its assignees). */
export async function createGeneralTask(context: ChangeContext, today: string, body: unknown): Promise<InboxTask> {
  const input = parseGeneralInput(body, true);
  needsDueDate(input.recurrence, input.dueDate);
  return context.db.transaction(async (tx) => {
    const label = await checkReferences(tx, context, input);
    const id = await openTask(tx, {
      organizationId: context.organizationId,
      processId: context.process.id,
      processCode: context.process.code_name,
      requirementId: null,
      type: 'GENERAL',
      assignedToUser: input.userId ?? null,
      assignedToGroup: input.groupId ?? null,
      dueDate: input.dueDate ?? null,
      createdBy: context.actor.id,
      sessionId: context.sessionId,
      general: {
        title: input.title!,
        description: input.description ?? '',
        linkKind: input.link?.kind ?? null,
        linkId: input.link?.id ?? null,
        linkLabel: label ?? '',
        recurrence: input.recurrence ?? null,
        recurrenceStart: input.recurrence ? input.dueDate! : null,
      },
    });
    return (await inboxTaskView(tx, context.process.id, id, today))!;
  });
}

/** The process's GENERAL task, locked (404 / 409 otherwise). */
async function lockGeneral(tx: Queryable, context: ChangeContext, taskId: string): Promise<TaskRecord> {
  const task = await lockTask(tx, context, taskId);
  if (task.type !== 'GENERAL') throw new ApiProblem(409, GENERAL_MESSAGES.notGeneral);
  return task;
}

const given = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

/** PUT tasks/:id: edits an open general task; a new assignee raises Assign (and is told), other changes 'Task Update'. */
export async function editGeneralTask(context: ChangeContext, caller: Caller, today: string, taskId: string, body: unknown): Promise<InboxTask> {
  return context.db.transaction(async (tx) => {
    const task = await lockGeneral(tx, context, taskId);
    const mayAssign = checkPermission(caller.access, PERMISSIONS.requirements.TASK.ASSIGN, caller.context);
    if (task.created_by !== caller.user.id && !mayAssign) throw new ApiProblem(403, GENERAL_MESSAGES.notEditor);
    open(task);
    const input = parseGeneralInput(body, false);
    const dueDate = given(input.dueDate, task.due_date);
    const recurrence = given(input.recurrence, task.recurrence);
    needsDueDate(recurrence, dueDate);
    const label = await checkReferences(tx, context, input);
    const link = input.link === undefined ? { kind: task.link_kind, id: task.link_id, label: task.link_label } : { kind: input.link?.kind ?? null, id: input.link?.id ?? null, label: label ?? '' };
    const restarts = dueDate !== task.due_date || recurrence !== task.recurrence;
    const assignee = { user: given(input.userId, task.assigned_to_user), group: given(input.groupId, task.assigned_to_group) };
    await updateGeneralTask(tx, task.id, {
      title: given(input.title, task.title),
      description: given(input.description, task.description),
      dueDate,
      assignedToUser: assignee.user,
      assignedToGroup: assignee.group,
      linkKind: link.kind,
      linkId: link.id,
      linkLabel: link.label,
      recurrence,
      recurrenceStart: recurrence ? (restarts ? dueDate : task.recurrence_start) : null,
      dueMoved: dueDate !== task.due_date,
    });
    const reassigned = assignee.user !== task.assigned_to_user || assignee.group !== task.assigned_to_group;
    if (reassigned) {
      await raiseEventOf(tx, task, 'Assign', context.actor, { user_id: assignee.user, workgroup_id: assignee.group }, context.sessionId);
      await notifyTask(tx, (await findTaskRecord(tx, task.id))!, 'Assign', context.actor);
    }
    const { assigned_to_user_id: _user, assigned_to_group_id: _group, ...others } = body as Record<string, unknown>;
    if (!reassigned || Object.keys(others).length > 0) {
      await publishTaskRecordEvent(tx, task, { type: 'Task Update', id: task.id, kind: 'task', time: new Date(), actor: context.actor, sessionId: context.sessionId });
    }
    return (await inboxTaskView(tx, context.process.id, task.id, today))!;
  });
}

/** POST tasks/:id/complete: completes a general task (Complete; a recurring one opens its next occurrence). */
export async function completeGeneralTask(context: ChangeContext, caller: Caller, today: string, taskId: string, body: unknown): Promise<InboxTask> {
  return context.db.transaction(async (tx) => {
    const task = await lockGeneral(tx, context, taskId);
    await authorizeCaller(tx, caller, task);
    open(task);
    const errors: Record<string, string> = {};
    const values = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const comment = textField(errors, 'comment', values.comment, { max: GENERAL_TASK_LIMITS.comment });
    refuse(errors);
    await completeTask(tx, task.id, context.actor, comment || undefined, context.sessionId);
    return (await inboxTaskView(tx, context.process.id, task.id, today))!;
  });
}
