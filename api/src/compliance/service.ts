// What the compliance routes ask (docs/compliance.md, "Routes"): a requirement's checks listed,
// added, replaced and deleted — each change evaluated at once, in the request — its compliance
// (status, checks with their results, history), an evaluation on demand, and the process's statuses.
// The requirement is the caller's process's (another's, or none: 404); a deleted one is read, never
// changed (409).
import {
  COMPLIANCE_LIMITS,
  COMPLIANCE_MESSAGES,
  type ComplianceCheck,
  type ComplianceHistoryEntry,
  type ComplianceStatusItem,
  type RequirementCompliance,
} from '@portal/shared/server';
import { findRequirement, liveRequirement, type Scope } from '../analysis/service';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { describeCheck } from './describe';
import { evaluateAndRecord, type ComplianceContext } from './evaluate';
import { parseCheckInput, type CheckDefinition } from './input';
import {
  checksOfRequirement,
  countChecks,
  deleteCheck,
  findCheck,
  historyOf,
  insertCheck,
  recurringTaskOfProcess,
  statusesOfProcess,
  updateCheck,
  type CheckRow,
} from './repository';
import { requirementStatusOf } from './results.repository';
import type { ReasonFilter } from './visibility';

export { reasonFilter, type ReasonFilter } from './visibility';
export type { ComplianceContext };

const HISTORY_SHOWN = 100;
const iso = (value: Date | string) => new Date(value).toISOString();

/** A check as the API answers it, its reasons those the caller may see. */
export function checkView(row: CheckRow, visible: ReasonFilter): ComplianceCheck {
  const shown = row.reasons.filter(visible);
  return {
    id: row.id,
    requirement_id: row.requirement_id,
    kind: row.kind,
    scope: row.scope,
    params: row.params,
    description: describeCheck(row),
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    result: {
      status: row.status,
      summary: row.summary,
      reasons: shown.map(({ kind, id, label, link }) => ({ kind, id, label, link })),
      reason_total: row.reason_total,
      hidden_reasons: row.reasons.length - shown.length,
      evaluated_at: row.evaluated_at === null ? null : iso(row.evaluated_at),
      since: iso(row.status_since),
    },
  };
}

const processOfScope = (scope: Scope) => ({ organizationId: scope.organizationId, processId: scope.processId, processCode: scope.processCode });

/** The requirement's checks evaluated now, with its status; what its checks conclude is recorded. */
async function evaluateRequirement(context: ComplianceContext, scope: Scope, requirementId: string): Promise<void> {
  await evaluateAndRecord(context, processOfScope(scope), await checksOfRequirement(context.db, scope.processId, requirementId), [requirementId]);
}

export async function listChecks(context: ComplianceContext, scope: Scope, requirementId: string, visible: ReasonFilter): Promise<ComplianceCheck[]> {
  await findRequirement(context.db, scope, requirementId);
  return (await checksOfRequirement(context.db, scope.processId, requirementId)).map((row) => checkView(row, visible));
}

/** A task_id names a recurring task of the process (a 400 naming the field otherwise, whoever's it is). */
async function checkReferences(context: ComplianceContext, scope: Scope, check: CheckDefinition): Promise<void> {
  if (check.kind !== 'recurring-task') return;
  const taskId = (check as CheckDefinition<'recurring-task'>).params.task_id;
  if (taskId !== null && !(await recurringTaskOfProcess(context.db, scope.processId, taskId))) {
    throw new ApiProblem(400, COMPLIANCE_MESSAGES.task, {}, { 'params.task_id': COMPLIANCE_MESSAGES.task });
  }
}

/** 409 for a deleted requirement: its checks are kept but not changed. */
async function changeableRequirement(context: ComplianceContext, scope: Scope, requirementId: string): Promise<void> {
  const requirement = await findRequirement(context.db, scope, requirementId);
  if (requirement.deleted_at) throw new ApiProblem(409, COMPLIANCE_MESSAGES.deleted);
}

export async function createCheck(context: ComplianceContext, scope: Scope, requirementId: string, body: unknown, visible: ReasonFilter): Promise<ComplianceCheck> {
  await changeableRequirement(context, scope, requirementId);
  const check = parseCheckInput(body);
  await checkReferences(context, scope, check);
  const id = await context.db.transaction(async (tx) => {
    await liveRequirement(tx, scope, requirementId);
    if ((await countChecks(tx, requirementId)) >= COMPLIANCE_LIMITS.checks) throw new ApiProblem(409, COMPLIANCE_MESSAGES.tooManyChecks);
    return insertCheck(tx, { organizationId: scope.organizationId, processId: scope.processId, requirementId }, check, scope.actor.id, context.now());
  });
  await evaluateRequirement(context, scope, requirementId);
  return checkView((await findCheck(context.db, scope.processId, requirementId, id))!, visible);
}

/** The requirement's check `id`, or 404. */
async function existingCheck(context: ComplianceContext, scope: Scope, requirementId: string, id: string): Promise<CheckRow> {
  const row = isUuid(id) ? await findCheck(context.db, scope.processId, requirementId, id) : undefined;
  if (!row) throw new ApiProblem(404);
  return row;
}

export async function replaceCheck(context: ComplianceContext, scope: Scope, requirementId: string, id: string, body: unknown, visible: ReasonFilter): Promise<ComplianceCheck> {
  await changeableRequirement(context, scope, requirementId);
  await existingCheck(context, scope, requirementId, id);
  const check = parseCheckInput(body);
  await checkReferences(context, scope, check);
  await context.db.transaction(async (tx) => {
    await liveRequirement(tx, scope, requirementId);
    await updateCheck(tx, id, check, scope.actor.id, context.now());
  });
  await evaluateRequirement(context, scope, requirementId);
  return checkView((await findCheck(context.db, scope.processId, requirementId, id))!, visible);
}

export async function removeCheck(context: ComplianceContext, scope: Scope, requirementId: string, id: string): Promise<void> {
  await changeableRequirement(context, scope, requirementId);
  await existingCheck(context, scope, requirementId, id);
  await context.db.transaction((tx) => deleteCheck(tx, id));
  // Its requirement's status is what the other checks say (none left: no status).
  await evaluateRequirement(context, scope, requirementId);
}

export async function requirementCompliance(context: ComplianceContext, scope: Scope, requirementId: string, visible: ReasonFilter): Promise<RequirementCompliance> {
  await findRequirement(context.db, scope, requirementId);
  const [checks, status, history] = [
    await checksOfRequirement(context.db, scope.processId, requirementId),
    await requirementStatusOf(context.db, requirementId),
    await historyOf(context.db, requirementId, HISTORY_SHOWN),
  ];
  return {
    requirement_id: requirementId,
    status: status?.status ?? null,
    since: status ? iso(status.status_since) : null,
    evaluated_at: status ? iso(status.evaluated_at) : null,
    checks: checks.map((row) => checkView(row, visible)),
    history: history.map(
      (row): ComplianceHistoryEntry => ({ at: iso(row.at), check_id: row.check_id, kind: row.kind, from: row.from_status, to: row.to_status, summary: row.summary }),
    ),
  };
}

/** POST …/compliance/evaluate: evaluated now, then answered as GET …/compliance. */
export async function evaluateNow(context: ComplianceContext, scope: Scope, requirementId: string, visible: ReasonFilter): Promise<RequirementCompliance> {
  await findRequirement(context.db, scope, requirementId);
  await evaluateRequirement(context, scope, requirementId);
  return requirementCompliance(context, scope, requirementId, visible);
}

export async function processStatuses(context: ComplianceContext, scope: Scope): Promise<ComplianceStatusItem[]> {
  return (await statusesOfProcess(context.db, scope.processId)).map((row) => ({ requirement_id: row.requirement_id, status: row.status, since: iso(row.status_since) }));
}
