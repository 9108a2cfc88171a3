// SQL of monitoring runs (migration 044, run-jobs.ts): a run queued, joined by imports while it
// waits, claimed and planned into batches of builds, each build marked done with what its rescan
// found (in the transaction that wrote its findings), and the run finished once none is left.
import type { Queryable } from '../db/database';
import type { MonitoredBuild } from './scan';

export type RunStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

export interface RunRow {
  id: string;
  source: 'advisory-import' | 'rescan';
  organization_id: string | null;
  process_id: string | null;
  application_id: string | null;
  triggered_by: string | null;
  advisories: string[] | null;
  packages: string[] | null;
  status: RunStatus;
  applications: number;
  /** Whether it was planned (its builds written): a failed run that was not is planned by its plan job's retry. */
  started_at: Date | string | null;
}

const RUN_COLUMNS = 'id, source, organization_id, process_id, application_id, triggered_by, advisories, packages, status, applications, started_at';

export async function insertRescanRun(
  db: Queryable,
  scope: { organizationId: string; processId: string; applicationId?: string },
  actorId: string | null,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO monitoring_runs (source, organization_id, process_id, application_id, triggered_by) VALUES ('rescan', $1, $2, $3, $4) RETURNING id`,
    [scope.organizationId, scope.processId, scope.applicationId ?? null, actorId],
  );
  return row!.id;
}

/** The advisories join the import run still queued, or a new one; resolves to its id. */
export async function queueImportRun(db: Queryable, ids: readonly string[]): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO monitoring_runs AS r (source, advisories) VALUES ('advisory-import', $1::text[])
     ON CONFLICT (source) WHERE status = 'QUEUED' AND source = 'advisory-import'
     DO UPDATE SET advisories = ARRAY(SELECT DISTINCT unnest(r.advisories || EXCLUDED.advisories))
     RETURNING id`,
    [ids],
  );
  return row!.id;
}

export async function findRun(db: Queryable, id: string): Promise<RunRow | undefined> {
  const [row] = await db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM monitoring_runs WHERE id = $1`, [id]);
  return row;
}

/** Another import run, running and progressing within `staleSeconds`: a queued import run waits for it. */
export async function runningImportRun(db: Queryable, id: string, staleSeconds: number): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM monitoring_runs WHERE source = 'advisory-import' AND status = 'RUNNING' AND id <> $1
        AND progressed_at > now() - make_interval(secs => $2) LIMIT 1`,
    [id, staleSeconds],
  );
  return row?.id;
}

export async function queuedImportRun(db: Queryable): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>("SELECT id FROM monitoring_runs WHERE source = 'advisory-import' AND status = 'QUEUED'");
  return row?.id;
}

/**
 * Claims the queued run and records its plan, in `tx`: the builds, `batchSize` to a batch, the
 * packages it looks for and the applications in scope. False when the run is no longer queued — or
 * failed before it was planned (its plan job dead, now retried).
 */
export async function planRun(
  tx: Queryable,
  id: string,
  plan: { buildIds: readonly string[]; packages: readonly string[] | null; applications: number; batchSize: number },
): Promise<boolean> {
  const claimed = await tx.query(
    `UPDATE monitoring_runs SET status = 'RUNNING', started_at = now(), progressed_at = now(), packages = $2::text[], applications = $3, error = NULL, finished_at = NULL
      WHERE id = $1 AND (status = 'QUEUED' OR (status = 'FAILED' AND started_at IS NULL)) RETURNING id`,
    [id, plan.packages, plan.applications],
  );
  if (claimed.length === 0) return false;
  if (plan.buildIds.length > 0) {
    await tx.query(
      `INSERT INTO monitoring_run_builds (run_id, build_id, batch)
       SELECT $1, b.id, (b.n - 1) / $3 FROM unnest($2::uuid[]) WITH ORDINALITY AS b(id, n) ON CONFLICT DO NOTHING`,
      [id, plan.buildIds, plan.batchSize],
    );
  }
  return true;
}

/** The run's batches with a build left to rescan. */
export async function pendingBatches(db: Queryable, runId: string): Promise<number[]> {
  const rows = await db.query<{ batch: number }>('SELECT DISTINCT batch FROM monitoring_run_builds WHERE run_id = $1 AND NOT done ORDER BY batch', [runId]);
  return rows.map((row) => row.batch);
}

/** The batch's builds left to rescan, with what their events say of them. */
export async function batchBuilds(db: Queryable, runId: string, batch: number): Promise<MonitoredBuild[]> {
  return db.query<MonitoredBuild>(
    `SELECT a.organization_id, o.name AS organization_name, a.process_id, p.code_name AS process_code,
            a.id AS application_id, a.app_key, b.id AS build_id, b.number AS build_number
       FROM monitoring_run_builds r JOIN application_builds b ON b.id = r.build_id JOIN applications a ON a.id = b.application_id
       JOIN processes p ON p.id = a.process_id JOIN organizations o ON o.id = a.organization_id
      WHERE r.run_id = $1 AND r.batch = $2 AND NOT r.done`,
    [runId, batch],
  );
}

/**
 * Claims the batch's builds left to rescan for a job: those unclaimed, or claimed longer than
 * `timeoutSeconds` ago (their job's process died). Resolves to whether any was claimed — none: the
 * batch is done, or another live job has it.
 */
export async function claimBatch(db: Queryable, runId: string, batch: number, timeoutSeconds: number): Promise<boolean> {
  const claimed = await db.query(
    `UPDATE monitoring_run_builds SET claimed_at = now()
      WHERE run_id = $1 AND batch = $2 AND NOT done AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => $3)) RETURNING build_id`,
    [runId, batch, timeoutSeconds],
  );
  return claimed.length > 0;
}

/** The batch's claim, given up by a job that failed: its retry claims it again. */
export async function releaseBatch(db: Queryable, runId: string, batch: number): Promise<void> {
  await db.query('UPDATE monitoring_run_builds SET claimed_at = NULL WHERE run_id = $1 AND batch = $2 AND NOT done', [runId, batch]);
}

/** The claims of a process that stopped (the embedded database's one process, starting again). */
export async function releaseClaims(db: Queryable): Promise<void> {
  await db.query('UPDATE monitoring_run_builds SET claimed_at = NULL WHERE NOT done AND claimed_at IS NOT NULL');
}

/** Locks the run's builds in `tx`; resolves to those not yet done (a batch run twice finds its builds done). */
export async function lockRunBuilds(tx: Queryable, runId: string, buildIds: readonly string[]): Promise<Set<string>> {
  const rows = await tx.query<{ build_id: string; done: boolean }>(
    'SELECT build_id, done FROM monitoring_run_builds WHERE run_id = $1 AND build_id = ANY($2::uuid[]) ORDER BY build_id FOR UPDATE',
    [runId, buildIds],
  );
  return new Set(rows.filter((row) => !row.done).map((row) => row.build_id));
}

export interface BuildOutcome {
  buildId: string;
  scanned: boolean;
  newVulnerabilities: number;
  newActiveExploits: number;
}

export async function markBuildsDone(tx: Queryable, runId: string, outcomes: readonly BuildOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await tx.query(
    `UPDATE monitoring_run_builds r SET done = true, scanned = u.scanned, new_vulnerabilities = u.new_vulnerabilities, new_active_exploits = u.new_active_exploits
       FROM unnest($2::uuid[], $3::boolean[], $4::int[], $5::int[]) AS u(build_id, scanned, new_vulnerabilities, new_active_exploits)
      WHERE r.run_id = $1 AND r.build_id = u.build_id`,
    [
      runId,
      outcomes.map((outcome) => outcome.buildId),
      outcomes.map((outcome) => outcome.scanned),
      outcomes.map((outcome) => outcome.newVulnerabilities),
      outcomes.map((outcome) => outcome.newActiveExploits),
    ],
  );
}

/** The batch's builds left (none held a package the run looks for, or they were cleared): done, not rescanned. */
export async function markBatchSkipped(db: Queryable, runId: string, batch: number): Promise<void> {
  await db.query('UPDATE monitoring_run_builds SET done = true WHERE run_id = $1 AND batch = $2 AND NOT done', [runId, batch]);
}

/**
 * Marks the run DONE once no build is left — a failed one too, whose dead batch a retry finished
 * (its error cleared); resolves to whether this call did. Otherwise notes its progress.
 */
export async function finishRun(db: Queryable, runId: string): Promise<boolean> {
  const finished = await db.query(
    `UPDATE monitoring_runs SET status = 'DONE', finished_at = now(), progressed_at = now(), error = NULL
      WHERE id = $1 AND status IN ('RUNNING', 'FAILED') AND started_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM monitoring_run_builds WHERE run_id = $1 AND NOT done) RETURNING id`,
    [runId],
  );
  if (finished.length > 0) return true;
  await db.query("UPDATE monitoring_runs SET progressed_at = now() WHERE id = $1 AND status IN ('RUNNING', 'FAILED')", [runId]);
  return false;
}

/** Errors kept on a failed run are cut to this (a job's error may be long; the run says what went wrong). */
export const RUN_ERROR_MAX = 1_000;

/**
 * Marks the run FAILED with `error` — one of its jobs failed its last attempt: no job is left to
 * finish it — unless it is done; the first error stays. Resolves to whether this call failed it.
 */
export async function failRun(db: Queryable, runId: string, error: string): Promise<boolean> {
  const failed = await db.query(
    `UPDATE monitoring_runs SET status = 'FAILED', error = $2, finished_at = now(), progressed_at = now()
      WHERE id = $1 AND status IN ('QUEUED', 'RUNNING') RETURNING id`,
    [runId, error.slice(0, RUN_ERROR_MAX)],
  );
  return failed.length > 0;
}

/** The runs queued or running: what a process's ready sends again (a failed one waits for its dead job's retry). */
export async function unfinishedRuns(db: Queryable): Promise<Array<{ id: string; status: RunStatus }>> {
  return db.query<{ id: string; status: RunStatus }>("SELECT id, status FROM monitoring_runs WHERE status IN ('QUEUED', 'RUNNING') ORDER BY created_at");
}

/** Runs done over a day ago go, failed ones once their dead jobs can no longer be retried (pg-boss keeps them a week); their events stay. */
export async function purgeRuns(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM monitoring_runs WHERE (status = 'DONE' AND finished_at < now() - interval '1 day')
        OR (status = 'FAILED' AND finished_at < now() - interval '8 days')`,
  );
}

export interface RunTotals {
  status: RunStatus;
  /** Why it failed (the dead job's error); null otherwise. */
  error: string | null;
  applications: number;
  builds: number;
  pending: number;
  new_vulnerabilities: number;
  new_active_exploits: number;
}

/** The run of the process (a rescan's) with what it found so far; undefined for another's. */
export async function runTotals(db: Queryable, id: string, processId: string): Promise<RunTotals | undefined> {
  const [row] = await db.query<RunTotals>(
    `SELECT r.status, r.error, r.applications,
            count(*) FILTER (WHERE b.scanned)::int AS builds,
            count(*) FILTER (WHERE b.build_id IS NOT NULL AND NOT b.done)::int AS pending,
            coalesce(sum(b.new_vulnerabilities), 0)::int AS new_vulnerabilities,
            coalesce(sum(b.new_active_exploits), 0)::int AS new_active_exploits
       FROM monitoring_runs r LEFT JOIN monitoring_run_builds b ON b.run_id = r.id
      WHERE r.id = $1 AND r.process_id = $2
      GROUP BY r.id`,
    [id, processId],
  );
  return row;
}
