// SBOM processing as a durable job (issue 27, docs/jobs.md): an upload sends a 'sbom-builds' job
// for its build, which whichever process works the kind runs. The job is idempotent by the
// build's claim (processing.repository.ts): a job for a build DONE, FAILED or being processed
// elsewhere stores nothing, and a job retried after its process died claims the build again once
// the ingestion timeout has passed.
import type { Jobs } from '../jobs/index';
import { INGESTION_TIMEOUT_MS, processBuild, type ProcessingContext } from './processing';
import { requeueUnfinishedBuilds, waitingBuilds } from './processing.repository';
import type { StoredComponents } from './store.repository';

export const BUILD_JOB = 'sbom-builds';

/**
 * What an upload knows of its components is kept this long for a job run in its process: the
 * job usually starts at once; one that waited longer (a queue behind a burst of uploads) reads
 * them back, and the memory is not held for builds another process runs.
 */
export const HANDED_OVER_MS = 60_000;

export interface BuildJobPayload {
  buildId: string;
}

export interface BuildJobs {
  /** Sends the build's job; `known`, what its upload knows of the components, is kept for a job run here. */
  send(buildId: string, known?: StoredComponents): Promise<void>;
  /** On ready: sends the jobs of the builds left waiting (docs/jobs.md says which, per back end). */
  resume(): Promise<void>;
}

/**
 * The kind's timeout and retries, from the ingestion timeout: processing fails a build at that
 * timeout itself, so the job is given as long again (at most a minute more) before it is failed
 * and retried; a retry waits as long as the timeout (at most 30 s), doubling.
 */
export function buildJobTiming(timeoutMs: number): { timeoutSeconds: number; retry: { limit: number; delaySeconds: number; backoff: boolean } } {
  const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
  return { timeoutSeconds: seconds + Math.min(60, seconds), retry: { limit: 2, delaySeconds: Math.min(30, seconds), backoff: true } };
}

/** Defines the kind on `jobs`: processing of `context` (its database, follow-ups, notify and timeout). */
export function defineBuildJobs(jobs: Jobs, context: ProcessingContext): BuildJobs {
  const timeoutMs = context.timeoutMs ?? INGESTION_TIMEOUT_MS;
  /** What uploads of this process handed over, by build, until their job takes it or it expires. */
  const handed = new Map<string, { known: StoredComponents; timer: NodeJS.Timeout }>();

  const take = (buildId: string): StoredComponents | undefined => {
    const entry = handed.get(buildId);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    handed.delete(buildId);
    return entry.known;
  };

  jobs.define<BuildJobPayload>({
    name: BUILD_JOB,
    handler: async ({ buildId }) => processBuild(context, buildId, take(buildId)),
    ...buildJobTiming(timeoutMs),
  });

  const sendJob = (buildId: string) => jobs.send(BUILD_JOB, { buildId } satisfies BuildJobPayload, { singletonKey: buildId });

  return {
    async send(buildId, known) {
      if (known && jobs.works(BUILD_JOB) && !handed.has(buildId)) {
        const timer = setTimeout(() => handed.delete(buildId), HANDED_OVER_MS);
        timer.unref();
        handed.set(buildId, { known, timer });
      }
      try {
        await sendJob(buildId);
      } catch (error) {
        // Not queued: the build stays PENDING until a process's ready sends its job.
        take(buildId);
        throw error;
      }
    },
    async resume() {
      // The embedded database is one process's: what it left unfinished is its own, started again.
      // On a shared server a build PROCESSING within its time is another live process's: only the
      // builds without a process are sent (a job still waiting absorbs the new one by its key).
      const builds = jobs.backend === 'in-process' ? await requeueUnfinishedBuilds(context.database) : await waitingBuilds(context.database, timeoutMs);
      for (const build of builds) await sendJob(build.id);
    },
  };
}
