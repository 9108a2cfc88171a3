// What the requirement screens do (issue 6, docs/requirements-api.md): add, modify, delete (kept
// under a deleted label), progress and comments. Inputs are checked with the spec 5 messages,
// field by field; every change raises its requirement event in the change's transaction.
import {
  hasInjectionMarker,
  MESSAGES,
  REQUIREMENT_PRIORITIES,
  type Requirement,
  type RequirementComment,
  type RequirementDetail,
  type RequirementPriority,
} from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { completeTask, raiseEventOf, findTaskRecord } from '../tasks/service';
import { raiseRequirementEvent, type EventActor } from './events';
import {
  ancestorsOf,
  codeTaken,
  countLiveChildren,
  findComment,
  findRequirementView,
  isSelfOrDescendant,
  lockRequirement,
  nextCode,
  nextPosition,
  type RequirementState,
} from './repository';

export const DUPLICATE_CODE = 'A requirement with this code already exists.';
export const STALE_VERSION = 'The requirement was changed by someone else. Reload it and try again.';
export const HAS_CHILDREN = 'A requirement with sub-requirements cannot be deleted.';
export const PARENT_CYCLE = 'A requirement cannot be placed under itself or one of its sub-requirements.';
export const DELETED = 'A deleted requirement cannot be changed.';
export const NOT_A_PRIORITY = `Must be one of ${REQUIREMENT_PRIORITIES.join(', ')}.`;
export const NOT_A_DATE = 'Must be a date (YYYY-MM-DD).';
export const NOT_A_PROGRESS = 'Must be a whole number from 0 to 100.';
export const MAX_TAGS = 20;

/** Who changes what, where: the request's caller in the request's process. */
export interface ChangeContext {
  db: Database;
  organizationId: string;
  process: { id: string; code_name: string };
  actor: EventActor;
  sessionId: string;
}

export function changeContext(db: Database, caller: Caller): ChangeContext {
  if (!caller.organization || !caller.process) throw new ApiProblem(404);
  return {
    db,
    organizationId: caller.organization.id,
    process: { id: caller.process.id, code_name: caller.process.code_name },
    actor: { id: caller.user.id, login_id: caller.user.login_id },
    sessionId: caller.session.record.id,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

function refuse(errors: Record<string, string>): void {
  const [first] = Object.values(errors);
  if (first !== undefined) throw new ApiProblem(400, first, {}, errors);
}

/** A text field: trimmed (when asked), within bounds, without script-injection markers. */
function text(
  errors: Record<string, string>,
  field: string,
  value: unknown,
  { required = false, max, trim = true }: { required?: boolean; max: number; trim?: boolean },
): string | undefined {
  if (value === undefined || value === null) {
    if (required) errors[field] = MESSAGES.required;
    return undefined;
  }
  if (typeof value !== 'string') {
    errors[field] = MESSAGES.invalidInput;
    return undefined;
  }
  const result = trim ? value.trim() : value;
  if (required && result.trim() === '') errors[field] = MESSAGES.required;
  else if (hasInjectionMarker(result)) errors[field] = MESSAGES.invalidInput;
  else if ([...result].length > max) errors[field] = MESSAGES.maxLength(max);
  else return result;
  return undefined;
}

export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A 'YYYY-MM-DD' date field; null clears it. */
export function dateField(errors: Record<string, string>, field: string, value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (!isDate(value)) {
    errors[field] = NOT_A_DATE;
    return undefined;
  }
  return value;
}

export interface ParsedInput {
  code?: string;
  title?: string;
  description?: string;
  parent_id?: string | null;
  priority?: RequirementPriority;
  owner_id?: string | null;
  due_date?: string | null;
  tags?: string[];
  source?: string | null;
}

/** Checks a RequirementInput; `partial` (Modify) leaves absent fields as they are. */
export function parseRequirementInput(body: unknown, partial: boolean): ParsedInput {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const parsed: ParsedInput = {};
  if (input.code !== undefined && input.code !== null && input.code !== '') {
    const code = text(errors, 'code', input.code, { max: 64 });
    if (code !== undefined) {
      if (code === '') errors.code = MESSAGES.required;
      else if (/[\u0000-\u001f\u007f]/.test(code)) errors.code = MESSAGES.invalidInput;
      else parsed.code = code;
    }
  } else if (partial && (input.code === null || input.code === '')) errors.code = MESSAGES.required;
  if (!partial || input.title !== undefined) parsed.title = text(errors, 'title', input.title, { required: true, max: 500 });
  if (input.description !== undefined) {
    parsed.description = text(errors, 'description', input.description ?? '', { max: 100000, trim: false });
  }
  if (input.parent_id !== undefined) {
    if (input.parent_id === null || input.parent_id === '') parsed.parent_id = null;
    else if (isUuid(input.parent_id)) parsed.parent_id = input.parent_id;
    else errors.parent_id = MESSAGES.invalidInput;
  }
  if (input.priority !== undefined) {
    if (typeof input.priority === 'string' && (REQUIREMENT_PRIORITIES as readonly string[]).includes(input.priority)) {
      parsed.priority = input.priority as RequirementPriority;
    } else errors.priority = NOT_A_PRIORITY;
  }
  if (input.owner_id !== undefined) {
    if (input.owner_id === null || input.owner_id === '') parsed.owner_id = null;
    else if (isUuid(input.owner_id)) parsed.owner_id = input.owner_id;
    else errors.owner_id = MESSAGES.invalidInput;
  }
  const due = dateField(errors, 'due_date', input.due_date);
  if (due !== undefined) parsed.due_date = due;
  if (input.tags !== undefined && input.tags !== null) {
    if (!Array.isArray(input.tags)) errors.tags = MESSAGES.invalidInput;
    else {
      const tags: string[] = [];
      for (const [index, tag] of input.tags.entries()) {
        const value = text(errors, `tags.${index}`, tag, { required: true, max: 50 });
        if (value !== undefined && !tags.includes(value)) tags.push(value);
      }
      if (tags.length > MAX_TAGS) errors.tags = `At most ${MAX_TAGS} tags.`;
      parsed.tags = tags;
    }
  } else if (input.tags === null) parsed.tags = [];
  if (input.source !== undefined) {
    const source = input.source === null ? null : text(errors, 'source', input.source, { max: 255 });
    if (source !== undefined) parsed.source = source === '' ? null : source;
  }
  refuse(errors);
  return parsed;
}

/** A live requirement of the process to hang another under; 404 otherwise. */
async function checkParent(tx: Queryable, processId: string, parentId: string): Promise<void> {
  const [row] = await tx.query<{ deleted: boolean }>(
    'SELECT deleted_at IS NOT NULL AS deleted FROM requirements WHERE process_id = $1 AND id = $2',
    [processId, parentId],
  );
  if (!row) throw new ApiProblem(404);
  if (row.deleted) throw new ApiProblem(400, DELETED, {}, { parent_id: DELETED });
}

/** An active user of the organization; 404 otherwise. */
export async function checkUser(tx: Queryable, organizationId: string, userId: string): Promise<EventActor & { name: string }> {
  const [row] = await tx.query<EventActor & { name: string }>(
    'SELECT id, login_id, name FROM users WHERE organization_id = $1 AND id = $2 AND NOT inactive',
    [organizationId, userId],
  );
  if (!row) throw new ApiProblem(404);
  return row;
}

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
    await tx.query('SELECT id FROM processes WHERE id = $1 FOR UPDATE', [context.process.id]);
    const parentId = input.parent_id ?? null;
    if (parentId) await checkParent(tx, context.process.id, parentId);
    if (input.owner_id) await checkUser(tx, context.organizationId, input.owner_id);
    const code = input.code ?? (await nextCode(tx, context.process.id));
    if (await codeTaken(tx, context.process.id, code)) throw new ApiProblem(409, DUPLICATE_CODE, {}, { code: DUPLICATE_CODE });
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO requirements (organization_id, process_id, code, title, description, parent_id, position, priority,
         owner_id, due_date, tags, source, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11::text[], $12, $13) RETURNING id`,
      [
        context.organizationId,
        context.process.id,
        code,
        input.title,
        input.description ?? '',
        parentId,
        await nextPosition(tx, context.process.id, parentId),
        input.priority ?? 'MEDIUM',
        input.owner_id ?? null,
        input.due_date ?? null,
        input.tags ?? [],
        input.source ?? null,
        context.actor.id,
      ],
    );
    await raiseRequirementEvent(tx, { ...event(context, row.id), type: 'Add', data: { code, title: input.title } });
    return viewOf(tx, context, row.id);
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
    const state = await lockLive(tx, context, id);
    if (state.version !== version) throw new ApiProblem(409, STALE_VERSION);
    const changes: [string, unknown][] = [];
    if (input.parent_id !== undefined && input.parent_id !== state.parent_id) {
      if (input.parent_id !== null) {
        await checkParent(tx, context.process.id, input.parent_id);
        if (await isSelfOrDescendant(tx, id, input.parent_id)) throw new ApiProblem(400, PARENT_CYCLE, {}, { parent_id: PARENT_CYCLE });
      }
      changes.push(['parent_id', input.parent_id], ['position', await nextPosition(tx, context.process.id, input.parent_id)]);
    }
    if (input.owner_id) await checkUser(tx, context.organizationId, input.owner_id);
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
    const params: unknown[] = [id];
    const sets = changes.map(([column, value]) => {
      params.push(value);
      const cast = column === 'due_date' ? '::date' : column === 'tags' ? '::text[]' : '';
      return `${column} = $${params.length}${cast}`;
    });
    await tx.query(
      `UPDATE requirements SET ${[...sets, 'updated_at = now()', 'version = version + 1'].join(', ')} WHERE id = $1`,
      params,
    );
    await raiseRequirementEvent(tx, { ...event(context, id), type: 'Update', data: { fields: changed } });
    return viewOf(tx, context, id);
  });
}

/** DELETE requirements/:id: kept with deleted_at; refused while it has live sub-requirements. */
export async function deleteRequirement(context: ChangeContext, id: string): Promise<void> {
  await context.db.transaction(async (tx) => {
    const state = await lockRequirement(tx, context.process.id, id);
    if (!state || state.deleted_at !== null) throw new ApiProblem(404);
    if ((await countLiveChildren(tx, id)) > 0) throw new ApiProblem(409, HAS_CHILDREN);
    await tx.query('UPDATE requirements SET deleted_at = now(), deleted_by = $2, updated_at = now(), version = version + 1 WHERE id = $1', [
      id,
      context.actor.id,
    ]);
    // Its open tasks end with it.
    const open = await tx.query<{ id: string }>(`SELECT id FROM tasks WHERE requirement_id = $1 AND status = 'OPEN'`, [id]);
    for (const task of open) {
      const record = await findTaskRecord(tx, task.id, true);
      await tx.query(`UPDATE tasks SET status = 'FAILED', updated_at = now() WHERE id = $1`, [task.id]);
      if (record) await raiseEventOf(tx, record, 'Fail', context.actor, { reason: 'requirement deleted' }, context.sessionId);
    }
    await raiseRequirementEvent(tx, { ...event(context, id), type: 'Delete', data: { code: state.code, title: state.title } });
  });
}

export function parseProgress(body: unknown): number {
  const progress = (body as { progress?: unknown } | null)?.progress;
  if (progress === undefined || progress === null) throw new ApiProblem(400, MESSAGES.required, {}, { progress: MESSAGES.required });
  if (typeof progress !== 'number' || !Number.isInteger(progress) || progress < 0 || progress > 100) {
    throw new ApiProblem(400, NOT_A_PROGRESS, {}, { progress: NOT_A_PROGRESS });
  }
  return progress;
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
  await tx.query('UPDATE requirements SET progress = $2, status = $3, updated_at = now(), version = version + 1 WHERE id = $1', [
    state.id,
    progress,
    status,
  ]);
  await raiseRequirementEvent(tx, { ...event(context, state.id), type: 'Update Progress', data: { progress, previous: state.progress } });
  if (!completes) return;
  const open = await tx.query<{ id: string }>(
    `SELECT id FROM tasks WHERE requirement_id = $1 AND type = 'DELEGATE' AND status = 'OPEN' AND id <> coalesce($2::uuid, '00000000-0000-0000-0000-000000000000'::uuid)`,
    [state.id, exceptTask ?? null],
  );
  for (const task of open) await completeTask(tx, task.id, context.actor, undefined, context.sessionId);
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
  const value = text(errors, 'text', (body as { text?: unknown } | null)?.text, { required: true, max: 10000 });
  refuse(errors);
  return context.db.transaction(async (tx) => {
    await lockLive(tx, context, id);
    const [row] = await tx.query<{ id: string }>(
      'INSERT INTO requirement_comments (process_id, requirement_id, author_id, text) VALUES ($1, $2, $3, $4) RETURNING id',
      [context.process.id, id, context.actor.id, value],
    );
    return (await findComment(tx, row.id))!;
  });
}

export { event as eventBase, refuse, text as textField };
