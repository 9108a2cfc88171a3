// What the requirement screens do (issue 6, docs/requirements-api.md): add, modify, delete (kept
// under a deleted label), progress and comments. Inputs are checked first (input.ts, the spec 5
// messages field by field); every change raises its requirement event in the change's transaction.
import { MESSAGES, type Requirement, type RequirementComment, type RequirementMove, type RequirementRef, type RequirementDetail, type RequirementEventRecord } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { openTaskIdsOf, setTaskFailed } from '../tasks/index';
import { changeContext, completeTask, raiseEventOf, findTaskRecord, type ChangeContext } from '../tasks/service';
import { activeUserOfOrganization as checkUser } from '../users/service';
import { checkOwner } from './people';
import { raiseRecordEvent, raiseRequirementEvent } from './events';
import { notifyProgress } from './notices';
import { parseProgress, parseRequirementInput, refuse, textField, type ParsedInput } from './input';
import {
  ancestorsOf,
  codeTaken,
  countLiveChildren,
  findRequirementView,
  isSelfOrDescendant,
  listRequirements,
  lockRequirement,
  nextCode,
  nextPosition,
  type RequirementState,
  insertRequirement,
  lockProcessForAdd,
  parentState,
  setRequirementProgressAndStatus,
  softDeleteRequirement,
  updateRequirementColumns,
  type RequirementQuery,
} from './repository';
import { commentsOf, findComment, historyOf, insertComment, listProcessComments, recentEvents } from './history.repository';

export type { RequirementQuery, RequirementSort } from './repository';

/** A page of the process's requirements, filtered and sorted as `query` says, with the count of all that match. */
export function requirementPage(db: Queryable, processId: string, query: RequirementQuery): Promise<{ items: Requirement[]; total: number }> {
  return listRequirements(db, processId, query);
}

/** A page of the comments on the process's requirements, with the count of all that match. */
export function processCommentPage(
  db: Queryable,
  processId: string,
  query: { search?: string; author?: string; offset: number; limit: number },
): Promise<{ items: RequirementComment[]; total: number }> {
  return listProcessComments(db, processId, query);
}

/** The requirement's history, oldest first. */
export function requirementHistory(db: Queryable, processId: string, id: string): Promise<RequirementEventRecord[]> {
  return historyOf(db, processId, id);
}

/** The comments on the requirement, oldest first. */
export function requirementComments(db: Queryable, processId: string, id: string): Promise<RequirementComment[]> {
  return commentsOf(db, processId, id);
}

/** The process's latest requirement events, newest first. */
export function recentRequirementEvents(db: Queryable, processId: string, limit: number): Promise<RequirementEventRecord[]> {
  return recentEvents(db, processId, limit);
}

export const DUPLICATE_CODE = 'A requirement with this code already exists.';
export const STALE_VERSION = 'The requirement was changed by someone else. Reload it and try again.';
export const HAS_CHILDREN = 'A requirement with sub-requirements cannot be deleted.';
export const PARENT_CYCLE = 'A requirement cannot be placed under itself or one of its sub-requirements.';
export const DELETED = 'A deleted requirement cannot be changed.';

/** Who changes what, where: the request's caller in the request's process. */


/** A live requirement of the process to hang another under; 404 otherwise (another process's too). */
async function checkParent(tx: Queryable, processId: string, parentId: string): Promise<RequirementRef> {
  const row = await parentState(tx, processId, parentId);
  if (!row) throw new ApiProblem(404);
  if (row.deleted) throw new ApiProblem(400, DELETED, {}, { parent_id: DELETED });
  return { id: row.id, code: row.code, title: row.title };
}

/** The requirement's parent as a reference (null: the top level). */
async function parentRef(tx: Queryable, processId: string, parentId: string | null): Promise<RequirementRef | null> {
  if (parentId === null) return null;
  const row = await parentState(tx, processId, parentId);
  return row ? { id: row.id, code: row.code, title: row.title } : null;
}

/** An active user of the organization; 404 otherwise. */

async function viewOf(tx: Queryable, context: ChangeContext, id: string): Promise<Requirement> {
  const view = await findRequirementView(tx, context.process.id, id);
  if (!view) throw new ApiProblem(404);
  return view;
}

export async function requirementDetail(db: Queryable, processId: string, id: string): Promise<RequirementDetail> {
  const view = await findRequirementView(db, processId, id);
  if (!view) throw new ApiProblem(404);
  return { ...view, ancestors: await ancestorsOf(db, processId, id) };
}

function event(context: ChangeContext, requirementId: string) {
  return {
    organizationId: context.organizationId,
    processId: context.process.id,
    processCode: context.process.code_name,
    requirementId,
    actor: context.actor,
    sessionId: context.sessionId,
  };
}

/** Locks the process's requirement for a change: 404 when absent, 409 when deleted. */
export async function lockLive(tx: Queryable, context: ChangeContext, id: string): Promise<RequirementState> {
  const state = await lockRequirement(tx, context.process.id, id);
  if (!state) throw new ApiProblem(404);
  if (state.deleted_at !== null) throw new ApiProblem(409, DELETED);
  return state;
}

/** POST requirements: Add. */
export async function createRequirement(context: ChangeContext, body: unknown): Promise<Requirement> {
  const input = parseRequirementInput(body, false);
  return context.db.transaction(async (tx) => {
    // One Add at a time per process: generated codes and positions do not collide.
    await lockProcessForAdd(tx, context.process.id);
    const parentId = input.parent_id ?? null;
    if (parentId) await checkParent(tx, context.process.id, parentId);
    if (input.owner_id) await checkOwner(tx, context.policy, context.organizationId, input.owner_id);
    const code = input.code ?? (await nextCode(tx, context.process.id));
    if (await codeTaken(tx, context.process.id, code)) throw new ApiProblem(409, DUPLICATE_CODE, {}, { code: DUPLICATE_CODE });
    const id = await insertRequirement(tx, {
      organizationId: context.organizationId,
      processId: context.process.id,
      code,
      title: input.title!,
      description: input.description ?? '',
      parentId,
      position: await nextPosition(tx, context.process.id, parentId),
      priority: input.priority ?? 'MEDIUM',
      ownerId: input.owner_id ?? null,
      dueDate: input.due_date ?? null,
      tags: input.tags ?? [],
      source: input.source ?? null,
      createdBy: context.actor.id,
    });
    await raiseRequirementEvent(tx, { ...event(context, id), type: 'Add', data: { code, title: input.title } });
    return viewOf(tx, context, id);
  });
}

const COLUMN_OF: Record<keyof ParsedInput, string> = {
  code: 'code',
  title: 'title',
  description: 'description',
  parent_id: 'parent_id',
  priority: 'priority',
  owner_id: 'owner_id',
  due_date: 'due_date',
  tags: 'tags',
  source: 'source',
};

/** PUT requirements/:id: Modify, at the version the caller read. */
export async function updateRequirement(context: ChangeContext, id: string, body: unknown): Promise<Requirement> {
  const version = (body as { version?: unknown } | null)?.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw new ApiProblem(400, MESSAGES.required, {}, { version: MESSAGES.required });
  }
  const input = parseRequirementInput(body, true);
  return context.db.transaction(async (tx) => {
    // A move takes the process's lock first (as Add does): two moves at once cannot make a cycle
    // that neither alone makes, nor take the same position.
    if (input.parent_id !== undefined) await lockProcessForAdd(tx, context.process.id);
    const state = await lockLive(tx, context, id);
    if (state.version !== version) throw new ApiProblem(409, STALE_VERSION);
    const changes: [string, unknown][] = [];
    let moved: RequirementMove | undefined;
    if (input.parent_id !== undefined && input.parent_id !== state.parent_id) {
      let to: RequirementRef | null = null;
      if (input.parent_id !== null) {
        to = await checkParent(tx, context.process.id, input.parent_id);
        if (await isSelfOrDescendant(tx, id, input.parent_id)) throw new ApiProblem(400, PARENT_CYCLE, {}, { parent_id: PARENT_CYCLE });
      }
      moved = { from: await parentRef(tx, context.process.id, state.parent_id), to };
      changes.push(['parent_id', input.parent_id], ['position', await nextPosition(tx, context.process.id, input.parent_id)]);
    }
    // The owner a requirement keeps need not be checked again (they may have changed roles since).
    if (input.owner_id && input.owner_id !== state.owner_id) await checkOwner(tx, context.policy, context.organizationId, input.owner_id);
    if (input.code !== undefined && input.code.toLowerCase() !== state.code.toLowerCase()) {
      if (await codeTaken(tx, context.process.id, input.code, id)) throw new ApiProblem(409, DUPLICATE_CODE, {}, { code: DUPLICATE_CODE });
    }
    const changed: string[] = [];
    for (const key of Object.keys(COLUMN_OF) as (keyof ParsedInput)[]) {
      if (key === 'parent_id' || input[key] === undefined) continue;
      changes.push([COLUMN_OF[key], input[key]]);
      changed.push(key);
    }
    if (changes.some(([column]) => column === 'parent_id')) changed.push('parent_id');
    await updateRequirementColumns(tx, id, changes);
    // A move is told in the history with where from and where to (its code stays: codes are unique in the process).
    await raiseRequirementEvent(tx, { ...event(context, id), type: 'Update', data: { fields: changed, ...(moved ? { moved } : {}) } });
    return viewOf(tx, context, id);
  });
}

/** DELETE requirements/:id: kept with deleted_at; refused while it has live sub-requirements. */
export async function deleteRequirement(context: ChangeContext, id: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const state = await lockRequirement(tx, context.process.id, id);
    if (!state || state.deleted_at !== null) throw new ApiProblem(404);
    if ((await countLiveChildren(tx, id)) > 0) throw new ApiProblem(409, HAS_CHILDREN);
    await softDeleteRequirement(tx, id, context.actor.id);
    // Its open tasks end with it.
    for (const taskId of await openTaskIdsOf(tx, id)) {
      const record = await findTaskRecord(tx, taskId, true);
      await setTaskFailed(tx, taskId);
      if (record) await raiseEventOf(tx, record, 'Fail', context.actor, { reason: 'requirement deleted' }, context.sessionId);
    }
    await raiseRequirementEvent(tx, { ...event(context, id), type: 'Delete', data: { code: state.code, title: state.title } });
  });
}

/**
 * Sets a requirement's progress in `tx` (Update Progress); at 100 it is COMPLETED (Complete) and
 * its open DELEGATE tasks complete with it, unless `exceptTask` (the task that drove it) is one.
 */
export async function setRequirementProgress(
  tx: Queryable,
  context: ChangeContext,
  state: RequirementState,
  progress: number,
  exceptTask?: string,
): Promise<void> {
  const completes = progress === 100 && state.status !== 'COMPLETED';
  const status = completes ? 'COMPLETED' : state.status === 'COMPLETED' && progress < 100 ? 'IN_PROGRESS' : state.status;
  await setRequirementProgressAndStatus(tx, state.id, progress, status);
  await raiseRequirementEvent(tx, { ...event(context, state.id), type: 'Update Progress', data: { progress, previous: state.progress } });
  // Progress through a task is told by the task's notification (tasks/notices.ts).
  if (exceptTask === undefined && (progress < 100 || completes)) await notifyProgress(tx, context, state, progress);
  if (!completes) return;
  const open = await openTaskIdsOf(tx, state.id, { type: 'DELEGATE', except: exceptTask ?? null });
  for (const taskId of open) await completeTask(tx, taskId, context.actor, undefined, context.sessionId, exceptTask === undefined);
  await raiseRequirementEvent(tx, { ...event(context, state.id), type: 'Complete', data: {} });
}

/** PATCH requirements/:id/progress. */
export async function updateProgress(context: ChangeContext, id: string, body: unknown): Promise<Requirement> {
  const progress = parseProgress(body);
  return context.db.transaction(async (tx) => {
    const state = await lockLive(tx, context, id);
    await setRequirementProgress(tx, context, state, progress);
    return viewOf(tx, context, id);
  });
}

/** POST requirements/:id/comments. */
export async function addComment(context: ChangeContext, id: string, body: unknown): Promise<RequirementComment> {
  const errors: Record<string, string> = {};
  const value = textField(errors, 'text', (body as { text?: unknown } | null)?.text, { required: true, max: 10000 });
  refuse(errors);
  return context.db.transaction(async (tx) => {
    await lockLive(tx, context, id);
    const commentId = await insertComment(tx, { processId: context.process.id, requirementId: id, authorId: context.actor.id, text: value! });
    const comment = (await findComment(tx, commentId))!;
    // The requirement's open pages and the comment search of other members show it live.
    await raiseRecordEvent(tx, { ...event(context, id), type: 'Comment', recordId: commentId, kind: 'comment', time: comment.created_at });
    return comment;
  });
}

export { event as eventBase };
export { changeContext, checkUser, type ChangeContext };
