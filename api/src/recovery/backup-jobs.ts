// Backups as durable jobs (issue 27, docs/recovery.md, docs/jobs.md): a backup — asked for, or
// started by the schedule — is stored running and a 'backups' job queued; whichever process works
// the kind writes the archive. The job is idempotent by the backup's row: a run claims it (only an
// unclaimed one, or on a shared server one whose run has been silent for BACKUP_STALE_SECONDS) and
// stores its outcome under that claim only, so a job run twice backs up once. While it runs, the
// run writes its progress to the row every second and says it is alive every BEAT_MS, so that every
// API process answers the progress, and a backup whose worker died is failed within minutes
// (sweep(), at each recovery pass and before a new backup of the process) instead of blocking the
// process's next backup.
import type { Database } from '../db/database';
import type { Clock } from '../identity/clock';
import { jobLifetimeSeconds, type Jobs, type RetryPolicy } from '../jobs/index';
import type { WrittenArchive } from './archive';
import { beatBackup, claimBackup, failStaleBackups, finishBackup, orphanedBackups, runningOf, type ClaimedBackup } from './repository';

export const BACKUP_JOB = 'backups';

/** An hour per attempt (a large process backs up in seconds to minutes); one retry of a run that never ended. */
export const BACKUP_TIMING: { timeoutSeconds: number; retry: RetryPolicy } = { timeoutSeconds: 3600, retry: { limit: 1, delaySeconds: 60, backoff: false } };

/** A run silent this long has died: its backup may be failed or claimed again. */
export const BACKUP_STALE_SECONDS = 120;
const BEAT_MS = 20_000;
/** How long idle() waits before it says nobody works the kind. */
const IDLE_LIMIT_MS = 120_000;

export interface BackupWork {
  /** Writes the archive of the claimed backup, telling its progress (0-99); stops when `signal` aborts. */
  write(backup: ClaimedBackup, onProgress: (percent: number) => void, signal: AbortSignal): Promise<WrittenArchive>;
  /** After the backup's success was stored: the retention, the metrics. */
  succeeded(backup: ClaimedBackup): Promise<void>;
}

export interface BackupJobsSettings {
  /** The job's timeout and retries. */
  timing?: typeof BACKUP_TIMING;
  /** A run writes its progress to the row this often at most (default a second; tests: every step). */
  progressEveryMs?: number;
  /** JOB_EXPIRY_CHECK_SECONDS: part of how long a backup's job can live. */
  expiryCheckSeconds?: number;
}

export interface BackupJobsOptions extends BackupJobsSettings {
  db: Database;
  now: Clock;
  work: BackupWork;
  log?: { warn(object: object, message: string): void };
}

export interface BackupJobs {
  /** Queues the job of the stored backup `id`. */
  send(id: string): Promise<void>;
  /** 0-100 while the backup runs in this process; null otherwise (the row tells the others'). */
  progress(id: string): number | null;
  /** Resolves when every backup queued or run here finished, the retention included (tests, bench). */
  idle(): Promise<void>;
  /** Fails the backups no run will finish: of one process (before a new backup of it), or all. */
  sweep(processId?: string): Promise<void>;
  /** On ready: the sweep, then the jobs of the backups whose job may be lost queued again. */
  resume(): Promise<void>;
}

export function defineBackupJobs(jobs: Jobs, options: BackupJobsOptions): BackupJobs {
  const { db, now, work, log } = options;
  const timing = options.timing ?? BACKUP_TIMING;
  const progressEveryMs = options.progressEveryMs ?? 1000;
  // On a shared server a run writes its progress and beats beside the export's transaction; the
  // embedded database's one connection is the export's until it ends (its one process reads the
  // progress from memory, and a restart queues every running backup again).
  const shared = db.kind === 'postgres';
  const unclaimedSeconds = jobLifetimeSeconds(timing, options.expiryCheckSeconds) + 600;
  const progress = new Map<string, number>();
  const queued = new Set<string>();
  const running = new Set<Promise<void>>();

  async function run(id: string, signal: AbortSignal): Promise<void> {
    const backup = await claimBackup(db, id, shared ? BACKUP_STALE_SECONDS : undefined);
    // Ended, or another run works it.
    if (!backup) return;
    const claim = backup.claimed_at;
    progress.set(id, 0);
    let writing = false;
    let lastWrite = Date.now();
    const write = () => {
      if (writing) return;
      writing = true;
      lastWrite = Date.now();
      beatBackup(db, id, claim, progress.get(id) ?? 0)
        .catch(() => undefined)
        .finally(() => {
          writing = false;
        });
    };
    const beat = shared ? setInterval(write, BEAT_MS) : undefined;
    beat?.unref();
    try {
      const written = await work.write(
        backup,
        (percent) => {
          progress.set(id, percent);
          if (shared && Date.now() - lastWrite >= progressEveryMs) write();
        },
        signal,
      );
      clearInterval(beat);
      if (await finishBackup(db, id, { status: 'succeeded', size: written.size, sha256: written.sha256, counts: written.counts }, now(), claim)) {
        progress.delete(id);
        await work.succeeded(backup);
      }
    } catch (error) {
      log?.warn({ err: error, backupId: id }, 'backup failed');
      await finishBackup(db, id, { status: 'failed', error: error instanceof Error ? error.message : String(error) }, now(), claim).catch(() => undefined);
    } finally {
      clearInterval(beat);
      progress.delete(id);
    }
  }

  jobs.define<{ backupId: string }>({
    name: BACKUP_JOB,
    ...timing,
    handler: async ({ backupId }, { signal }) => {
      const ran = run(backupId, signal);
      running.add(ran);
      try {
        await ran;
      } finally {
        running.delete(ran);
      }
    },
  });

  const sendJob = async (id: string) => {
    await jobs.send(BACKUP_JOB, { backupId: id }, { singletonKey: id });
  };

  const backups: BackupJobs = {
    async send(id) {
      queued.add(id);
      try {
        await sendJob(id);
      } catch (error) {
        queued.delete(id);
        throw error;
      }
    },
    progress: (id) => progress.get(id) ?? null,
    async idle() {
      const limit = Date.now() + IDLE_LIMIT_MS;
      for (;;) {
        await Promise.allSettled(running);
        const open = new Set(queued.size > 0 ? await runningOf(db, [...queued]) : []);
        for (const id of queued) if (!open.has(id)) queued.delete(id);
        if (queued.size === 0 && running.size === 0) return;
        if (Date.now() > limit) throw new Error(`backups still running after ${IDLE_LIMIT_MS / 1000} s: does a process work the '${BACKUP_JOB}' jobs?`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async sweep(processId) {
      await failStaleBackups(db, now(), shared ? BACKUP_STALE_SECONDS : null, unclaimedSeconds, processId);
    },
    async resume() {
      await backups.sweep();
      for (const id of await orphanedBackups(db, jobs.backend === 'in-process', now())) await sendJob(id);
    },
  };
  return backups;
}
