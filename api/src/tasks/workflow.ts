// Acting on tasks (spec 4.5, 6; issue 6): the reviewer accepts (and delegates to an implementer)
// or rejects back to the author; the implementer reports progress until the requirement is
// complete, or fails it. Who may act is spec 6's task authorization, judged on the server with
// the caller's own access and workgroups.
import { authorizeTask, checkPermission, messageForStatus, MESSAGES, type RequirementTask } from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { activeUserOfOrganization } from '../users/service';
import { checkWorkgroup, workgroupsOfUser } from '../workgroups/service';
import { dateField, isUuid, parseProgress, refuse, textField } from '../http/input';
import { assignTaskRow, listTaskViews, loginsOf, setTaskProgress } from './repository';
import { completeTask, failTask, findTaskRecord, raiseEventOf, taskView, type ChangeContext, type TaskRecord } from './service';
import { notifyTask } from './notices';

export const NOT_A_REVIEW_TASK = 'Only a review task can be accepted or rejected.';
export const TASK_CLOSED = 'The task is already closed.';
export const REVIEW_HAS_NO_PROGRESS = 'A review task is accepted or rejected; it has no progress.';

/** The process's task, locked; 404 when it is another process's or organization's. */
export async function lockTask(tx: Queryable, context: ChangeContext, taskId: string): Promise<TaskRecord> {
  if (!isUuid(taskId)) throw new ApiProblem(404);
  const task = await findTaskRecord(tx, taskId, true);
  if (!task || task.process_id !== context.process.id || task.organization_id !== context.organizationId) throw new ApiProblem(404);
  return task;
}

/** Spec 6 task authorization for the caller; 403 when they may not act on the task. */
export async function authorizeCaller(db: Queryable, caller: Caller, task: TaskRecord): Promise<void> {
  const organizationId = caller.organization?.id;
  const groups = organizationId ? (await workgroupsOfUser(db, organizationId, caller.user.id)).map((group) => group.id) : [];
  const ids = [task.assigned_to_user, task.delegated_to].filter((id): id is string => id !== null);
  const logins = await loginsOf(db, ids);
  const loginOf = (id: string | null) => (id && logins.has(id) ? { id: logins.get(id)! } : null);
  const verdict = authorizeTask(
    {
      id: task.id,
      type: task.type,
      assigned_to_user: loginOf(task.assigned_to_user),
      delegated_to: loginOf(task.delegated_to),
      assigned_to_group: task.assigned_to_group,
    },
    { login_id: caller.user.login_id },
    { groups, permissions: (permission) => checkPermission(caller.access, permission, caller.context) },
  );
  if (!verdict.allowed) throw new ApiProblem(403, messageForStatus(403));
}

export function open(task: TaskRecord): void {
  if (task.status !== 'OPEN') throw new ApiProblem(409, TASK_CLOSED);
}

const body = (value: unknown) => (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;

/**
 * What acting on a task does to the requirement it is about. The requirements family registers
 * its implementation at app start (tasksRoutes' option): tasks know nothing of requirements.
 * Each runs in the task's transaction, after the task was locked, authorized and found open.
 */
export interface TaskOutcomes {
  /** A review accepted: completes the task and delegates the requirement; the delegation task's id. */
  reviewAccepted(tx: Queryable, context: ChangeContext, task: TaskRecord, input: AcceptedReview): Promise<string>;
  /** A review rejected: completes the task and sends the requirement back; the author's task's id. */
  reviewRejected(tx: Queryable, context: ChangeContext, task: TaskRecord, comment: string): Promise<string>;
  /**
   * A task is given to the user `userId`, before the change is recorded: a DELEGATE task's new
   * delegate is checked (a refusal ends the change) and becomes its requirement's owner.
   */
  delegated(tx: Queryable, context: ChangeContext, task: TaskRecord, userId: string): Promise<void>;
  /** A task's progress changed (already recorded on the task). */
  progressed(tx: Queryable, context: ChangeContext, task: TaskRecord, progress: number): Promise<void>;
  /** A task failed (already recorded on the task). */
  failed(tx: Queryable, context: ChangeContext, task: TaskRecord, comment: string): Promise<void>;
}

export interface AcceptedReview {
  delegateToId: string;
  dueDate: string | null;
  comment: string;
}

/** POST tasks/:id/accept: the review completes, the requirement is ACCEPTED then delegated (IN_PROGRESS). */
export async function acceptReview(outcomes: TaskOutcomes, context: ChangeContext, caller: Caller, taskId: string, input: unknown): Promise<RequirementTask> {
  const values = body(input);
  const errors: Record<string, string> = {};
  if (values.delegate_to_id === undefined || values.delegate_to_id === null || values.delegate_to_id === '') errors.delegate_to_id = MESSAGES.required;
  else if (!isUuid(values.delegate_to_id)) errors.delegate_to_id = MESSAGES.invalidInput;
  const dueDate = dateField(errors, 'due_date', values.due_date);
  const comment = textField(errors, 'comment', values.comment ?? '', { max: 10000 }) ?? '';
  refuse(errors);
  return context.db.transaction(async (tx) => {
    const task = await lockTask(tx, context, taskId);
    await authorizeCaller(tx, caller, task);
    if (task.type !== 'REVIEW') throw new ApiProblem(409, NOT_A_REVIEW_TASK);
    open(task);
    const delegated = await outcomes.reviewAccepted(tx, context, task, { delegateToId: values.delegate_to_id as string, dueDate: dueDate ?? null, comment });
    return (await taskView(tx, delegated))!;
  });
}

/** POST tasks/:id/reject: the review completes, the requirement is REJECTED, the author resolves it. */
export async function rejectReview(outcomes: TaskOutcomes, context: ChangeContext, caller: Caller, taskId: string, input: unknown): Promise<RequirementTask> {
  const values = body(input);
  const errors: Record<string, string> = {};
  const comment = textField(errors, 'comment', values.comment, { required: true, max: 10000 });
  refuse(errors);
  return context.db.transaction(async (tx) => {
    const task = await lockTask(tx, context, taskId);
    await authorizeCaller(tx, caller, task);
    if (task.type !== 'REVIEW') throw new ApiProblem(409, NOT_A_REVIEW_TASK);
    open(task);
    const resolve = await outcomes.reviewRejected(tx, context, task, comment!);
    return (await taskView(tx, resolve))!;
  });
}

/** PATCH tasks/:id/progress: on a DELEGATE task the requirement follows; at 100 both complete. */
export async function updateTaskProgress(outcomes: TaskOutcomes, context: ChangeContext, caller: Caller, taskId: string, input: unknown): Promise<RequirementTask> {
  const progress = parseProgress(input);
  return context.db.transaction(async (tx) => {
    const task = await lockTask(tx, context, taskId);
    await authorizeCaller(tx, caller, task);
    open(task);
    if (task.type === 'REVIEW') throw new ApiProblem(409, REVIEW_HAS_NO_PROGRESS);
    await setTaskProgress(tx, task.id, progress);
    await raiseEventOf(tx, task, 'Update Progress', context.actor, { progress, previous: task.progress }, context.sessionId);
    if (progress === 100) await completeTask(tx, task.id, context.actor, undefined, context.sessionId);
    else await notifyTask(tx, task, 'Update Progress', context.actor, { progress });
    await outcomes.progressed(tx, context, task, progress);
    return (await taskView(tx, task.id))!;
  });
}

/** POST tasks/:id/fail: the task FAILED; a DELEGATE task's requirement FAILED too (Fail). */
export async function failTaskOf(outcomes: TaskOutcomes, context: ChangeContext, caller: Caller, taskId: string, input: unknown): Promise<RequirementTask> {
  const values = body(input);
  const errors: Record<string, string> = {};
  const comment = textField(errors, 'comment', values.comment, { required: true, max: 10000 });
  refuse(errors);
  return context.db.transaction(async (tx) => {
    const task = await lockTask(tx, context, taskId);
    await authorizeCaller(tx, caller, task);
    open(task);
    await failTask(tx, task.id, context.actor, comment, context.sessionId);
    await outcomes.failed(tx, context, task, comment!);
    return (await taskView(tx, task.id))!;
  });
}

/** POST tasks/:id/assign: a user (the delegate of a DELEGATE task, else the assignee) and/or a workgroup. */
export async function assignTask(outcomes: TaskOutcomes, context: ChangeContext, taskId: string, input: unknown): Promise<RequirementTask> {
  const values = body(input);
  const errors: Record<string, string> = {};
  const hasUser = 'user_id' in values;
  const hasGroup = 'workgroup_id' in values;
  if (!hasUser && !hasGroup) errors.user_id = MESSAGES.required;
  const userId = values.user_id === '' ? null : (values.user_id ?? null);
  const groupId = values.workgroup_id === '' ? null : (values.workgroup_id ?? null);
  if (userId !== null && !isUuid(userId)) errors.user_id = MESSAGES.invalidInput;
  if (groupId !== null && !isUuid(groupId)) errors.workgroup_id = MESSAGES.invalidInput;
  refuse(errors);
  return context.db.transaction(async (tx) => {
    const task = await lockTask(tx, context, taskId);
    open(task);
    if (userId) await activeUserOfOrganization(tx, context.organizationId, userId as string);
    if (groupId) await checkWorkgroup(tx, context.organizationId, groupId as string);
    if (userId) await outcomes.delegated(tx, context, task, userId as string);
    const userColumn = task.type === 'DELEGATE' ? 'delegated_to' : 'assigned_to_user';
    await assignTaskRow(tx, task.id, userColumn, { ...(hasUser ? { userId } : {}), ...(hasGroup ? { groupId } : {}) });
    await raiseEventOf(
      tx,
      task,
      'Assign',
      context.actor,
      { ...(hasUser ? { user_id: userId } : {}), ...(hasGroup ? { workgroup_id: groupId } : {}) },
      context.sessionId,
    );
    await notifyTask(tx, (await findTaskRecord(tx, task.id))!, 'Assign', context.actor);
    return (await taskView(tx, task.id))!;
  });
}

/** GET tasks' filters as the service reads them (the wire's TaskQuery, parsed). */
export interface TaskListQuery {
  mine?: boolean;
  type?: string;
  status?: string;
  requirement?: string;
  limit: number;
}

/** GET tasks: the process's tasks, open first, then by due date and newest. */
export async function listTasks(db: Queryable, caller: Caller, processId: string, query: TaskListQuery): Promise<RequirementTask[]> {
  let mine: { userId: string; groups: string[] } | undefined;
  if (query.mine) {
    const groups = caller.organization ? (await workgroupsOfUser(db, caller.organization.id, caller.user.id)).map((group) => group.id) : [];
    mine = { userId: caller.user.id, groups };
  }
  return listTaskViews(db, processId, { mine, type: query.type, status: query.status, requirement: query.requirement, limit: query.limit });
}
