// Gap analysis and risk assessment (issue 6 items 7 and 8): the work of the assessment routes.
// A gap opens a HAS_GAP ('close gap') task and raises Identify Gap; closing it completes that task.
// A risk (likelihood × impact, 1–5 each) opens a RESOLVE_RISK task and raises Identify Risk.
import { MESSAGES, UPDATE_GAP_ANALYSIS } from '@portal/shared/server';
import { findRequirement, isUuid, liveRequirement, organizationUser, raiseInScope, refuse, text, type Scope } from '../analysis/service';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { checkUserMay } from '../requirements/index';
import { completeTask, findTaskRecord, openTask } from '../tasks/service';
import {
  closeGapRow,
  gapById,
  gapTaskOf,
  insertGap,
  insertRisk,
  listGaps,
  listRisks,
  lockGap,
  riskById,
  setGapTask,
  setRiskTask,
  type Gap,
  type Risk,
} from './repository';

export type { Gap, Risk };

export const GAP_ALREADY_CLOSED = 'The gap is already closed.';
export const INVALID_DATE = 'Enter a date as YYYY-MM-DD.';
export const NOT_A_GAP_ASSIGNEE = 'This user may not close gaps in this process.';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function likeText(search: unknown): string | null {
  if (typeof search !== 'string' || search.trim() === '') return null;
  return `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function validDate(fields: Record<string, string>, name: string, value: unknown): string {
  const valid = typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
  if (!valid || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    fields[name] = value === undefined || value === null || value === '' ? MESSAGES.required : INVALID_DATE;
    return '';
  }
  return value;
}

/** The assignee named by the body (null: nobody; absent: the requirement's owner). */
async function assignee(db: Queryable, scope: Scope, body: Record<string, unknown>, owner: string | null): Promise<string | null> {
  if (!('assignee_id' in body) || body.assignee_id === undefined) return owner;
  if (body.assignee_id === null || body.assignee_id === '') return null;
  return organizationUser(db, scope, body.assignee_id);
}

type Body = Record<string, unknown>;

/** POST requirements/:id/gaps. */
export async function identifyGap(db: Database, scope: Scope, requirementId: string, body: Body): Promise<Gap | undefined> {
  const fields: Record<string, string> = {};
  const description = text(fields, 'description', body.description, 10000);
  const plan = text(fields, 'remediation_plan', body.remediation_plan, 10000);
  const targetDate = validDate(fields, 'target_date', body.target_date);
  await findRequirement(db, scope, requirementId);
  refuse(fields);
  const gapId = await db.transaction(async (tx) => {
    const requirement = await liveRequirement(tx, scope, requirementId);
    const assignedTo = await assignee(tx, scope, body, requirement.owner_id);
    // Who is named must be able to close it (spec 6: a close-gap task needs UPDATE_GAP_ANALYSIS).
    if (assignedTo !== null && assignedTo !== requirement.owner_id) {
      await checkUserMay(tx, scope.policy, scope.organizationId, assignedTo, UPDATE_GAP_ANALYSIS, 'assignee_id', NOT_A_GAP_ASSIGNEE);
    }
    const id = await insertGap(tx, scope, { requirementId: requirement.id, description, remediationPlan: plan, targetDate });
    const taskId = await openTask(tx, {
      organizationId: scope.organizationId,
      processId: scope.processId,
      processCode: scope.processCode,
      requirementId: requirement.id,
      type: 'HAS_GAP',
      assignedToUser: assignedTo,
      dueDate: targetDate,
      comment: plan,
      relatedId: id,
      createdBy: scope.actor.id,
      sessionId: scope.sessionId,
    });
    await setGapTask(tx, id, taskId);
    await raiseInScope(tx, scope, requirement.id, 'Identify Gap', { gap_id: id, task_id: taskId, description, target_date: targetDate });
    return id;
  });
  return gapById(db, scope, gapId);
}

/** Where a gap the portal raises belongs: its process. */
export interface GapTarget {
  organizationId: string;
  processId: string;
  processCode: string;
}

/**
 * A gap the portal raises on a requirement (live compliance, issue 28): like identifyGap's, a gap
 * with its close-gap task (assigned to `assignee`, who is told) and no actor; the caller raises the
 * requirement's event. Resolves to the gap and its task.
 */
export async function raiseGap(
  tx: Queryable,
  target: GapTarget,
  gap: { requirementId: string; description: string; remediationPlan: string; targetDate: string; assignee: string | null },
): Promise<{ gapId: string; taskId: string }> {
  const gapId = await insertGap(tx, { ...target, actor: null }, gap);
  const taskId = await openTask(tx, {
    organizationId: target.organizationId,
    processId: target.processId,
    processCode: target.processCode,
    requirementId: gap.requirementId,
    type: 'HAS_GAP',
    assignedToUser: gap.assignee,
    dueDate: gap.targetDate,
    comment: gap.remediationPlan,
    relatedId: gapId,
    createdBy: null,
  });
  await setGapTask(tx, gapId, taskId);
  return { gapId, taskId };
}

/** Closes a gap the portal raised once its cause is gone: its open close-gap task completes (which closes the gap). */
export async function resolveGap(tx: Queryable, gapId: string, comment: string): Promise<void> {
  const [gap] = await gapTaskOf(tx, gapId);
  if (!gap || gap.status !== 'OPEN') return;
  if (gap.task_id) {
    const task = await findTaskRecord(tx, gap.task_id);
    if (task?.status === 'OPEN') {
      await completeTask(tx, gap.task_id, null, comment);
      return;
    }
  }
  await closeGapRow(tx, gapId, null);
}

/** GET assessments/gaps. */
export async function gapsOf(db: Queryable, scope: Scope, query: { status?: string; search?: string; requirement?: string }): Promise<Gap[]> {
  if (query.requirement !== undefined && !isUuid(query.requirement)) return [];
  return listGaps(db, scope, { status: query.status ?? null, like: likeText(query.search), requirementId: query.requirement ?? null });
}

/** POST assessments/gaps/:id/close: its close-gap task completes. */
export async function closeGap(db: Database, scope: Scope, id: string, body: Body): Promise<Gap | undefined> {
  const fields: Record<string, string> = {};
  const comment = text(fields, 'comment', body.comment, 10000, true);
  refuse(fields);
  if (!isUuid(id)) throw new ApiProblem(404);
  await db.transaction(async (tx) => {
    const gap = await lockGap(tx, scope, id);
    if (!gap) throw new ApiProblem(404);
    if (gap.status !== 'OPEN') throw new ApiProblem(409, GAP_ALREADY_CLOSED);
    await closeGapRow(tx, id, scope.actor.id);
    if (gap.task_id) {
      const task = await findTaskRecord(tx, gap.task_id);
      if (task?.status === 'OPEN') await completeTask(tx, gap.task_id, scope.actor, comment || undefined, scope.sessionId);
    }
  });
  return gapById(db, scope, id);
}

/** POST requirements/:id/risks. */
export async function assessRisk(db: Database, scope: Scope, requirementId: string, body: Body): Promise<Risk> {
  const fields: Record<string, string> = {};
  const description = text(fields, 'description', body.description, 10000);
  const likelihood = body.likelihood as number;
  const impact = body.impact as number;
  await findRequirement(db, scope, requirementId);
  refuse(fields);
  const riskId = await db.transaction(async (tx) => {
    const requirement = await liveRequirement(tx, scope, requirementId);
    const assignedTo = await assignee(tx, scope, body, requirement.owner_id);
    const risk = await insertRisk(tx, scope, { requirementId: requirement.id, likelihood, impact, description });
    const taskId = await openTask(tx, {
      organizationId: scope.organizationId,
      processId: scope.processId,
      processCode: scope.processCode,
      requirementId: requirement.id,
      type: 'RESOLVE_RISK',
      assignedToUser: assignedTo,
      comment: description,
      relatedId: risk.id,
      createdBy: scope.actor.id,
      sessionId: scope.sessionId,
    });
    await setRiskTask(tx, risk.id, taskId);
    await raiseInScope(tx, scope, requirement.id, 'Identify Risk', { risk_id: risk.id, task_id: taskId, likelihood, impact, score: risk.score, description });
    return risk.id;
  });
  return riskById(db, riskId);
}

/** GET assessments/risks. */
export async function risksOf(db: Queryable, scope: Scope, query: { status?: string; requirement?: string }): Promise<Risk[]> {
  if (query.requirement !== undefined && !isUuid(query.requirement)) return [];
  return listRisks(db, scope, { status: query.status ?? null, requirementId: query.requirement ?? null });
}
