// An evaluation run (docs/compliance.md, "Evaluation"): checks of one process evaluated against its
// facts (read once for the run), then recorded requirement by requirement — each check's result,
// the requirement's status from all its checks, the history of what changed, and what a change
// tells (notices.ts). The reads happen outside any transaction (on the embedded database a long
// transaction would hold every request up); each batch of requirements is written in one short
// transaction holding the process's compliance lock, and a result is written only if no later
// evaluation wrote one and the check did not change since the run started.
import { createHash } from 'node:crypto';
import { COMPLIANCE_LIMITS, type ComplianceStatus } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { yieldToIo } from '../db/relay-loop';
import type { Clock } from '../identity/clock';
import type { EventScope } from '../realtime/audience';
import { describeCheck } from './describe';
import { evaluateCheck } from './evaluators/index';
import { createFacts, type ApplicationFact, type RbomPositions } from './facts';
import { announceCompliance, requirementFailing, requirementPassing, type FailingCheck } from './notices';
import type { Evaluation, StoredReason } from './reasons';
import { insertHistory, type CheckDefinitionRow, type HistoryInsert } from './repository';
import { checkStatusesOf, lockProcessCompliance, lockRequirementStatuses, lockResults, setRequirementStatuses, writeResults, type ResultWrite } from './results.repository';

/** What evaluation needs of the app (plugin.ts wires it). */
export interface ComplianceContext {
  db: Database;
  now: Clock;
  rbomPositions: RbomPositions;
}

/** The process a run is of (EventScope: its organization, id and code name). */
export type ProcessScope = EventScope;

/** What a run did: checks evaluated, and results and requirement statuses that changed. */
export interface RunSummary {
  evaluated: number;
  changedChecks: number;
  changedRequirements: number;
}

/** The summary of a check never evaluated (migration 040's default). */
export const NOT_YET = 'Not evaluated yet.';

const DELETED: Evaluation = { status: 'not_evaluated', summary: 'The requirement is deleted.', reasons: [] };

/** Requirements written per transaction. */
const BATCH_CHECKS = 200;

/** A requirement's status from its checks' (null: it has none). */
export function requirementStatus(statuses: readonly ComplianceStatus[]): ComplianceStatus | null {
  if (statuses.length === 0) return null;
  if (statuses.includes('failing')) return 'failing';
  if (statuses.includes('not_evaluated')) return 'not_evaluated';
  return 'passing';
}

interface Outcome {
  check: CheckDefinitionRow;
  evaluation: Evaluation;
}

/**
 * Evaluates the checks (of `process`) and records what they conclude; `requirementIds` also get their
 * status recomputed (a deleted check's). `applications`: the process's applications as the caller
 * already read them for this run (not read again).
 */
export async function evaluateAndRecord(
  context: ComplianceContext,
  process: ProcessScope,
  checks: readonly CheckDefinitionRow[],
  requirementIds: readonly string[] = [],
  applications?: ApplicationFact[],
): Promise<RunSummary> {
  const started = context.now();
  const facts = createFacts(context.db, process, started, context.rbomPositions, applications);
  const byRequirement = new Map<string, Outcome[]>(requirementIds.map((id) => [id, []]));
  for (const [index, check] of checks.entries()) {
    const evaluation = check.requirement_deleted ? DELETED : await evaluateCheck(check, facts);
    byRequirement.set(check.requirement_id, [...(byRequirement.get(check.requirement_id) ?? []), { check, evaluation }]);
    if (index % 50 === 49) await yieldToIo();
  }
  const summary: RunSummary = { evaluated: checks.length, changedChecks: 0, changedRequirements: 0 };
  let batch: Array<[string, Outcome[]]> = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const written = batch;
    batch = [];
    size = 0;
    const changed = await context.db.transaction((tx) => recordBatch(tx, process, written, started));
    summary.changedChecks += changed.checks;
    summary.changedRequirements += changed.requirements;
    await yieldToIo();
  };
  for (const entry of byRequirement) {
    batch.push(entry);
    size += Math.max(1, entry[1].length);
    if (size >= BATCH_CHECKS) await flush();
  }
  await flush();
  return summary;
}

/** What tells the reasons written apart (reasons_digest). */
const digestOf = (reasons: readonly StoredReason[]) => createHash('sha1').update(JSON.stringify(reasons)).digest('base64');

/** Records a batch of requirements' outcomes in `tx`: results, statuses, history, and what changes tell. */
async function recordBatch(tx: Queryable, process: ProcessScope, batch: ReadonlyArray<[string, Outcome[]]>, at: Date): Promise<{ checks: number; requirements: number }> {
  await lockProcessCompliance(tx, process.processId);
  const outcomes = batch.flatMap(([, each]) => each);
  const stored = await lockResults(tx, outcomes.map(({ check }) => check.id), at);
  const writes: ResultWrite[] = [];
  const history: HistoryInsert[] = [];
  /** Requirements whose checks' results changed (status or summary): their screens read them again. */
  const touched = new Set<string>();
  let changedChecks = 0;
  for (const { check, evaluation } of outcomes) {
    const previous = stored.get(check.id);
    if (!previous) continue;
    const reasons = evaluation.reasons.slice(0, COMPLIANCE_LIMITS.reasons);
    const same = previous.status === evaluation.status && previous.summary === evaluation.summary;
    const digest = digestOf(reasons);
    writes.push({ id: check.id, status: evaluation.status, summary: evaluation.summary, reasons: digest === previous.reasons_digest ? null : reasons, digest, reasonTotal: evaluation.reasonTotal ?? evaluation.reasons.length });
    if (!same) touched.add(check.requirement_id);
    // A check's first evaluation is history too (from no status).
    const first = previous.evaluated_at === null && previous.summary === NOT_YET;
    if (!first && previous.status === evaluation.status) continue;
    changedChecks += 1;
    const entry = { processId: process.processId, requirementId: check.requirement_id, checkId: check.id, kind: check.kind, at };
    history.push({ ...entry, from: first ? null : previous.status, to: evaluation.status, summary: evaluation.summary, reasons: reasons.slice(0, 20) });
  }
  await writeResults(tx, writes, at);

  const requirementIds = batch.map(([id]) => id);
  const checkStatuses = await checkStatusesOf(tx, requirementIds);
  const before = await lockRequirementStatuses(tx, requirementIds);
  const statuses = requirementIds.map((requirementId) => ({ requirementId, status: requirementStatus(checkStatuses.get(requirementId) ?? []) }));
  await setRequirementStatuses(tx, process, statuses, at);
  let changedRequirements = 0;
  const outcomesOf = new Map(batch);
  for (const { requirementId, status } of statuses) {
    const previous = before.get(requirementId);
    const was = previous?.status ?? null;
    const turned = was !== status;
    if (turned) {
      changedRequirements += 1;
      // No check left is history too (to no status): the trend stops counting the requirement then.
      const summary = status === null ? NO_CHECK_LEFT : statusSummary(status, checkStatuses.get(requirementId)!);
      history.push({ processId: process.processId, requirementId, checkId: null, kind: null, from: was, to: status, summary, reasons: [], at });
    }
    if (turned || touched.has(requirementId)) await announceCompliance(tx, process, requirementId, status, was, at);
    if (turned && status === 'failing') {
      const failing: FailingCheck[] = (outcomesOf.get(requirementId) ?? [])
        .filter(({ evaluation }) => evaluation.status === 'failing')
        .map(({ check, evaluation }) => ({ id: check.id, kind: check.kind, description: describeCheck(check), summary: evaluation.summary, reasons: evaluation.reasons }));
      await requirementFailing(tx, process, requirementId, failing, previous?.gap_id ?? null, at);
    }
    // Passing again, or no check left to fail: the gap of the failure is closed.
    if (turned && (status === 'passing' || status === null)) await requirementPassing(tx, requirementId, previous?.gap_id ?? null);
  }
  await insertHistory(tx, history);
  return { checks: changedChecks, requirements: changedRequirements };
}

/** The summary of a requirement's history row when its last check was deleted. */
export const NO_CHECK_LEFT = 'No check left: the requirement has no compliance status.';

function statusSummary(status: ComplianceStatus, statuses: readonly ComplianceStatus[]): string {
  const count = (wanted: ComplianceStatus) => statuses.filter((each) => each === wanted).length;
  if (status === 'failing') return `${count('failing')} of ${statuses.length} checks fail.`;
  if (status === 'not_evaluated') return `${count('not_evaluated')} of ${statuses.length} checks could not be evaluated.`;
  return `All ${statuses.length} checks pass.`;
}
