// Re-evaluation (docs/compliance.md, "Re-evaluation"; docs/jobs.md): the job kind
// `compliance-evaluations`, one waiting job per process (its id as singleton key), evaluates the
// checks the process's recorded changes concern and then forgets those changes. The changes are
// recorded by triggers in the transactions of the evidence's own families (migration 040), which
// notify the channel `portal_compliance` on commit; a relay here, in each process that works the
// kind, sends the job of each process with new changes. The kind's schedule (COMPLIANCE_TICK_MS,
// default hourly) records a full evaluation of every process with checks: what changes with time
// alone (an SBOM growing old, a review date or a due date passing) is judged then.
import type { Database } from '../db/database';
import { startRelayLoop, type RelayLoop } from '../db/relay-loop';
import { cronEvery, PASS_TIMEOUT_SECONDS, type Jobs } from '../jobs/index';
import { affectedChecks, isFull, kindsOf } from './affected';
import { dropChanges, pendingChanges, processesWithChanges, processScopeOf, recordFullEvaluations } from './changes.repository';
import { evaluateAndRecord, type ComplianceContext, type RunSummary } from './evaluate';
import { applicationFacts } from './facts.repository';
import { checksOfProcess } from './repository';

export const COMPLIANCE_JOB = 'compliance-evaluations';
export const COMPLIANCE_CHANNEL = 'portal_compliance';
export const DEFAULT_COMPLIANCE_TICK_MS = 3_600_000;
/** Changes read per run (a process with more runs again at once). */
const CHANGES_PER_RUN = 5000;
/** A process whose changes still wait this long after its job was sent is sent again (its job failed, or its worker died). */
const RESEND_MS = 120_000;

export interface EvaluationJobPayload {
  /** The process whose changes to evaluate; absent: the scheduled pass (every process with checks). */
  processId?: string;
}

/** Evaluates what the process's recorded changes concern, until none is left; what the runs did. */
export async function evaluatePending(context: ComplianceContext, processId: string): Promise<RunSummary> {
  const total: RunSummary = { evaluated: 0, changedChecks: 0, changedRequirements: 0 };
  for (;;) {
    const changes = await pendingChanges(context.db, processId, CHANGES_PER_RUN);
    if (changes.length === 0) return total;
    const newest = changes[changes.length - 1].seq;
    const process = await processScopeOf(context.db, processId);
    if (process) {
      const full = isFull(changes);
      const candidates = await checksOfProcess(context.db, processId, full ? undefined : kindsOf(changes));
      const applications = full ? undefined : await applicationFacts(context.db, process);
      const checks = applications ? affectedChecks(candidates, changes, applications) : candidates;
      const summary = await evaluateAndRecord(context, process, checks, [], applications);
      total.evaluated += summary.evaluated;
      total.changedChecks += summary.changedChecks;
      total.changedRequirements += summary.changedRequirements;
    }
    // Changes recorded while this run read stay for the next (their seq is higher).
    await dropChanges(context.db, processId, newest);
  }
}

export interface ComplianceJobs {
  /** Sends the job of each process with changes not yet sent (the relay's pass; tests call it). */
  dispatch(): Promise<void>;
  /** The scheduled pass: a full evaluation of every process with checks, each as its process's job. */
  tick(): Promise<void>;
  readonly tickMs: number;
  /** Starts the relay (in a process that works the kind). */
  startRelay(db: Database, log?: { warn(object: object, message: string): void }): void;
  /** Resolves once the relay found nothing left to send (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

function milliseconds(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Defines the kind on `jobs` and schedules its pass (every `tickMs`, rounded to the queue's minutes; 0: none). */
export function defineComplianceJobs(
  jobs: Jobs,
  context: ComplianceContext,
  options: { tickMs?: number; published?: () => void; log?: { warn(object: object, message: string): void } } = {},
): ComplianceJobs {
  const tickMs = options.tickMs ?? milliseconds(process.env.COMPLIANCE_TICK_MS, DEFAULT_COMPLIANCE_TICK_MS);
  /** What this process sent per process: the newest change it covered, and when. */
  const sent = new Map<string, { seq: bigint; at: number }>();
  let relay: RelayLoop | undefined;

  const send = (processId: string) => jobs.send(COMPLIANCE_JOB, { processId } satisfies EvaluationJobPayload, { singletonKey: processId });

  const complianceJobs: ComplianceJobs = {
    async dispatch() {
      const now = Date.now();
      for (const row of await processesWithChanges(context.db)) {
        const previous = sent.get(row.process_id);
        const newest = BigInt(row.newest);
        if (previous && previous.seq >= newest && now - previous.at < RESEND_MS) continue;
        await send(row.process_id);
        sent.set(row.process_id, { seq: newest, at: now });
      }
    },
    async tick() {
      for (const processId of await recordFullEvaluations(context.db)) await send(processId);
    },
    tickMs,
    startRelay(db, log) {
      relay = startRelayLoop({
        db,
        channel: COMPLIANCE_CHANNEL,
        name: 'compliance relay',
        log,
        pollMs: 10_000,
        retryBaseMs: 1000,
        retryMaxMs: 60_000,
        pass: async () => {
          await complianceJobs.dispatch();
          return 'drained';
        },
      });
    },
    idle: () => relay?.idle() ?? Promise.resolve(),
    stop: async () => relay?.stop(),
  };

  jobs.define<EvaluationJobPayload>({
    name: COMPLIANCE_JOB,
    handler: async ({ processId }) => {
      if (processId === undefined) return complianceJobs.tick();
      const summary = await evaluatePending(context, processId);
      if (summary.changedChecks > 0 || summary.changedRequirements > 0) options.published?.();
    },
    timeoutSeconds: PASS_TIMEOUT_SECONDS,
    retry: { limit: 2, delaySeconds: 10, backoff: true },
  });
  if (tickMs > 0) jobs.schedule(COMPLIANCE_JOB, cronEvery(tickMs)).catch((error: unknown) => options.log?.warn({ err: error, kind: COMPLIANCE_JOB }, 'schedule not recorded'));
  return complianceJobs;
}
