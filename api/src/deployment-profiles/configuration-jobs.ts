// Computing a profile's RBOM as a durable job (issue 27, docs/jobs.md): a request of the
// configuration sends a 'rbom-configurations' job for the profile's version, which whichever
// process works the kind runs, and waits a moment for the stored row — woken at once when its own
// process ran the job, reading the row again meanwhile when another may have.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { Jobs } from '../jobs/index';
import { COMPUTE_FAILED, computeConfiguration, type ConfigurationJobs } from './configuration';
import { failConfiguration, findConfiguration, findProfileById } from './repository';

export const CONFIGURATION_JOB = 'rbom-configurations';
/** A computation of tens of thousands of components takes seconds: one past this has failed. */
export const CONFIGURATION_TIMEOUT_SECONDS = 10 * 60;
/** How often a request reads the row while a job may run in another process. */
const POLL_MS = 100;

export interface ConfigurationJobPayload {
  profileId: string;
  version: number;
}

const keyOf = (profileId: string, version: number) => `${profileId}@${version}`;

export function defineConfigurationJobs(jobs: Jobs, database: Database, log: FastifyBaseLogger): ConfigurationJobs {
  /** The requests of this process waiting for a job, by profile and version. */
  const waiting = new Map<string, Set<() => void>>();

  const settle = (key: string) => {
    const wakes = waiting.get(key);
    waiting.delete(key);
    for (const wake of wakes ?? []) wake();
  };

  /** A wait that ends when this process's job of `key` ends, after `ms`, or when ended by the waiter. */
  const waitFor = (key: string, ms: number) => {
    const wakes = waiting.get(key) ?? new Set<() => void>();
    waiting.set(key, wakes);
    let timer: NodeJS.Timeout | undefined;
    let resolve = () => undefined as void;
    const ended = new Promise<void>((settled) => (resolve = settled));
    const end = () => {
      clearTimeout(timer);
      wakes.delete(end);
      if (wakes.size === 0 && waiting.get(key) === wakes) waiting.delete(key);
      resolve();
    };
    timer = setTimeout(end, ms);
    wakes.add(end);
    return { ended, end };
  };

  async function run({ profileId, version }: ConfigurationJobPayload, signal: AbortSignal): Promise<void> {
    const profile = await findProfileById(database, profileId);
    const current = await findConfiguration(database, profileId);
    // Idempotent: only the version still asked for, still pending, of a processed build (a job run
    // again, or for a version changed since, does nothing).
    if (!profile || profile.version !== version || profile.build_status !== 'DONE') return;
    if (!current || current.profile_version !== version || current.status !== 'PENDING' || current.message !== null || current.build_id !== profile.build_id) return;
    const fail = async (error: unknown) => {
      log.error({ err: error, profile: profileId }, 'RBOM not computed');
      await failConfiguration(database, profileId, version, COMPUTE_FAILED);
    };
    // Past the timeout the job has failed: so does the configuration (a late result is not stored).
    const onAbort = () => void fail(signal.reason).catch((error: unknown) => log.error({ err: error, profile: profileId }, 'RBOM failure not recorded'));
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await computeConfiguration(database, profile);
    } catch (error) {
      if (!signal.aborted) await fail(error);
      throw error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  jobs.define<ConfigurationJobPayload>({
    name: CONFIGURATION_JOB,
    handler: async (payload, { signal }) => {
      try {
        await run(payload, signal);
      } finally {
        settle(keyOf(payload.profileId, payload.version));
      }
    },
    timeoutSeconds: CONFIGURATION_TIMEOUT_SECONDS,
    // No retry: a failure is recorded for the user (COMPUTE_FAILED) as it was; a job lost with its
    // process is sent again by the next request (the UI asks every 15 s).
    retry: { limit: 0, delaySeconds: 30, backoff: false },
  });

  return {
    async request(profile, waitMs) {
      const key = keyOf(profile.id, profile.version);
      await jobs.send(CONFIGURATION_JOB, { profileId: profile.id, version: profile.version } satisfies ConfigurationJobPayload, { singletonKey: key });
      // On the embedded database the job runs in this process or not at all: its end wakes the request.
      const interval = jobs.backend === 'in-process' ? waitMs : POLL_MS;
      const deadline = Date.now() + waitMs;
      for (let left = waitMs; left > 0; left = deadline - Date.now()) {
        // Waiting before the row is read: a job that ends meanwhile is not missed.
        const wait = waitFor(key, Math.min(interval, left));
        const row = await findConfiguration(database, profile.id);
        if (!row || row.profile_version !== profile.version || row.status !== 'PENDING') {
          wait.end();
          return;
        }
        await wait.ended;
      }
    },
  };
}
