// Standard imports as durable jobs (issue 27, docs/jobs.md): the request stores the import RUNNING
// with what its job needs (its caller and the parsed catalog) and queues a 'standard-imports' job
// before the 202 answers it; whichever process works the kind imports the catalog in one
// transaction, which ends with the row DONE. The job is idempotent by its row: a run holds the
// import (an advisory lock for its transaction) and imports it only while it is RUNNING, so a job
// run twice stores once. A worker that dies in the middle rolls its transaction back and leaves the
// import RUNNING: the job's retry imports it again; an import left RUNNING longer than its job can
// live is FAILED (on read, on ready). A failure of the import itself FAILS it, as before: retries
// are for the runs that never ended.
import type { StandardImportStatus, StandardImportView } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { jobLifetimeSeconds, type Jobs, type RetryPolicy } from '../jobs/index';
import { importCatalog, type ImportTarget } from './import';
import { CatalogError, type ParsedCatalog } from './oscal';
import {
  claimImport,
  failImportJob,
  failStaleImports,
  findImportJob,
  finishImportJob,
  insertImportJob,
  recordImportProgress,
  waitingImports,
  type ImportRow,
} from './repository';
import type { ChangeTracker } from '../http/read-cache';

export type { StandardImportStatus, StandardImportView };

export const IMPORT_JOB = 'standard-imports';

/** Imports take seconds: ten minutes per attempt, two retries of the runs whose worker died. */
export const IMPORT_TIMING: { timeoutSeconds: number; retry: RetryPolicy } = { timeoutSeconds: 600, retry: { limit: 2, delaySeconds: 30, backoff: true } };

export const INTERRUPTED = 'The import was interrupted (the portal stopped); nothing was changed.';
const FAILED = 'The import failed; nothing was changed.';

/** A RUNNING import's progress is written to its row this often at most, for the processes that do not run it. */
const PROGRESS_EVERY_MS = 500;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function view(row: ImportRow, live?: number): StandardImportView {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    processed: row.status === 'RUNNING' && live !== undefined ? live : row.processed,
    total: row.total,
    created: row.created,
    updated: row.updated,
    error: row.error,
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
  };
}

export interface ImportLog {
  error(object: object, message: string): void;
}

export interface ImportRunnerOptions {
  /** The job queue the imports run on (the API's); without it, run() only (the command line). */
  jobs?: Jobs;
  log?: ImportLog;
  /** Runs once an import has committed (the outbox relay is told then; other API processes too). */
  committed?: () => void;
  /** Hears that an import writes requirements in the background, so read caches step aside meanwhile. */
  changes?: Pick<ChangeTracker, 'begin' | 'end'>;
  /** The job's timeout and retries (tests shorten them). */
  timing?: typeof IMPORT_TIMING;
  /** JOB_EXPIRY_CHECK_SECONDS: how long a dead worker's job takes to be retried, part of a job's life. */
  expiryCheckSeconds?: number;
}

export interface ImportRunner {
  /** Records the import and queues its job; resolves to the import as it starts. */
  start(target: ImportTarget, parsed: ParsedCatalog): Promise<StandardImportView>;
  /** Records the import and runs it here, resolving once it is done (command line, demo, benchmark). */
  run(target: ImportTarget, parsed: ParsedCatalog): Promise<StandardImportView>;
  /** The import of that process, or undefined; one RUNNING longer than its job can live is FAILED first. */
  find(db: Queryable, processId: string, id: string): Promise<StandardImportView | undefined>;
  /** On ready: FAILS the imports no job can finish any more, and queues again those whose job may be lost. */
  resume(): Promise<void>;
}

export function createImportRunner(database: Database, options: ImportRunnerOptions = {}): ImportRunner {
  const { jobs, log, changes } = options;
  const timing = options.timing ?? IMPORT_TIMING;
  /** An import RUNNING longer than this has no attempt left (ten minutes more for its wait in the queue). */
  const staleSeconds = jobLifetimeSeconds(timing, options.expiryCheckSeconds) + 600;
  /** Progress of the imports running in this process (their transaction's writes are invisible until it commits). */
  const live = new Map<string, number>();
  // On a shared server the other API processes read the progress from the row; the embedded
  // database's one process reads it here (a write beside the transaction would wait for it there).
  const shared = database.kind === 'postgres';

  /** Progress written to the row at most every PROGRESS_EVERY_MS, one write at a time, the latest value. */
  function progressWriter(id: string): (processed: number) => void {
    let last = 0;
    let writing = false;
    return (processed) => {
      live.set(id, processed);
      if (!shared || writing || Date.now() - last < PROGRESS_EVERY_MS) return;
      writing = true;
      last = Date.now();
      recordImportProgress(database, id, processed)
        .catch(() => undefined)
        .finally(() => {
          writing = false;
        });
    };
  }

  /** Imports `id` if it is RUNNING and no other run holds it; true when this run imported it. */
  async function execute(id: string, signal?: AbortSignal, direct?: { target: ImportTarget; parsed: ParsedCatalog }): Promise<boolean> {
    changes?.begin();
    let changing = true;
    const ended = () => {
      if (changing) changes?.end();
      changing = false;
    };
    const progress = progressWriter(id);
    try {
      const imported = await database.transaction(async (tx) => {
        const claimed = await claimImport(tx, id);
        if (!claimed) return false;
        const source = direct ?? (claimed.pending ? { target: { ...claimed.pending.target, organizationId: claimed.organization_id, processId: claimed.process_id }, parsed: claimed.pending.catalog } : undefined);
        if (!source) return false;
        const outcome = await importCatalog(tx, { ...source.target, importId: id }, source.parsed, (processed) => {
          // Over its timeout: the job has failed already, the transaction rolls back.
          signal?.throwIfAborted();
          progress(processed);
        });
        await finishImportJob(tx, id, outcome);
        return true;
      });
      ended();
      if (imported) options.committed?.();
      return imported;
    } catch (error) {
      const message = error instanceof CatalogError ? error.message : FAILED;
      if (!(error instanceof CatalogError)) log?.error({ err: error, importId: id }, 'standard import failed');
      await failImportJob(database, id, message.slice(0, 2000));
      return true;
    } finally {
      ended();
      live.delete(id);
    }
  }

  jobs?.define<{ importId: string }>({
    name: IMPORT_JOB,
    ...timing,
    handler: async ({ importId }, { signal }) => {
      await execute(importId, signal);
    },
  });

  const sendJob = (id: string) => {
    if (!jobs) throw new Error('standard imports need the job queue');
    return jobs.send(IMPORT_JOB, { importId: id }, { singletonKey: id });
  };

  const runner: ImportRunner = {
    async start(target, parsed) {
      const pending = { target: { processCode: target.processCode, actor: target.actor, ...(target.sessionId ? { sessionId: target.sessionId } : {}) }, catalog: parsed };
      const row = await insertImportJob(database, target, parsed.title, parsed.nodes.length, pending);
      try {
        await sendJob(row.id);
      } catch (error) {
        // Not queued: nothing will run it.
        await failImportJob(database, row.id, FAILED);
        throw error;
      }
      return view(row, 0);
    },
    async run(target, parsed) {
      const row = await insertImportJob(database, target, parsed.title, parsed.nodes.length);
      await execute(row.id, undefined, { target, parsed });
      return (await runner.find(database, target.processId, row.id))!;
    },
    async find(db, processId, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      if (!live.has(id)) await failStaleImports(db, staleSeconds, INTERRUPTED, id);
      const row = await findImportJob(db, processId, id);
      return row ? view(row, live.get(row.id)) : undefined;
    },
    async resume() {
      await failStaleImports(database, staleSeconds, INTERRUPTED);
      // The embedded database's one process lost its queue when it stopped: each import RUNNING is
      // its own. On a shared server one stored a minute ago without a run may have lost its job with
      // its process (a job still waiting absorbs the new one by its key; a run finds it held or done).
      const ids = await waitingImports(database, jobs?.backend === 'in-process' ? 0 : 60);
      for (const id of ids) await sendJob(id);
    },
  };
  return runner;
}
