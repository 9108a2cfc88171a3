// Cloud syncs (issue 24 item 4): an AWS or Azure service module's findings pulled from the cloud
// into a process — on demand (the route; it also chooses the process the module syncs into) and
// on the module's schedule (`sync_interval_minutes`, default CLOUD_SYNC_DEFAULT_MINUTES; looked at
// by the scheduled job `cloud-syncs`, like the due-date scheduler). Everything is read from the cloud before
// anything is written, then each scope is recorded in one transaction with the module's last
// sync: a failed sync stores no finding, only its cause on the module (`last_sync_attempt`).
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../identity/clock';
import type { SecretBox } from '../../identity/secret-box';
import { ApiProblem } from '../../http/problem';
import { processWithId } from '../../processes/service';
import type { EventScope } from '../../realtime/audience';
import {
  cloudModulesWithProcess,
  cloudSettingsOf,
  CLOUD_MODULE_TYPES,
  moduleOf,
  recordCloudSyncAttempt,
  type ServiceModuleRecord,
  type StoredSyncAttempt,
} from '../../service-modules/service';
import { recordCloudFindings } from '../service';
import { fetchSecurityHub, type CloudBatch } from './aws';
import { fetchDefender, type AzureTransport, type SecureScore } from './azure';
import { serialPass } from '../../jobs/index';
import { CloudSyncError, syncFailure } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cloud modules' syncs (tests: `app.cloudSync.tick()`). */
    cloudSync: CloudSync;
  }
}

export const DEFAULT_SYNC_MINUTES = 60;
export const DEFAULT_TICK_MS = 60_000;

export const NOT_A_CLOUD_MODULE = (type: string) => `A ${type} module has nothing to sync: only aws and azure modules sync findings from their cloud.`;

export interface CloudSync {
  /** Syncs the organization's module into the process now; the attempt, failed or not (404 for another organization's module). */
  syncNow(organizationId: string, moduleId: string, process: EventScope, userId: string | null): Promise<StoredSyncAttempt>;
  /** One pass of the schedule: the modules due synced; resolves to how many were tried. */
  tick(): Promise<number>;
  /** How often the pass is scheduled, the job `cloud-syncs` (app.ts; 0: never). */
  readonly tickMs: number;
  /** Waits for a running pass and the syncs in flight. */
  stop(): Promise<void>;
}

export interface CloudSyncOptions {
  db: Database;
  box: SecretBox;
  now: Clock;
  log?: FastifyBaseLogger;
  /** How often the schedule looks for modules due (0: not scheduled). */
  tickMs?: number;
  /** Minutes between syncs of a module that sets none. */
  defaultMinutes?: number;
  /** How the Azure SDK reaches its endpoints (tests: an agent trusting the local server). */
  azure?: AzureTransport;
}

function count(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** CLOUD_SYNC_TICK_MS (0: not scheduled) and CLOUD_SYNC_DEFAULT_MINUTES from the environment. */
export function cloudSyncSettings(env: Partial<Record<string, string | undefined>> = process.env): { tickMs: number; defaultMinutes: number } {
  return { tickMs: count(env.CLOUD_SYNC_TICK_MS, DEFAULT_TICK_MS), defaultMinutes: count(env.CLOUD_SYNC_DEFAULT_MINUTES, DEFAULT_SYNC_MINUTES) };
}

/** The scopes the module's last good sync recorded (kept on the failed attempts after it). */
function syncedScopes(module: ServiceModuleRecord): string[] {
  const last = module.last_sync_attempt;
  if (!last) return [];
  return last.synced_scopes ?? (last.status === 'ok' ? last.scopes : []);
}

export function createCloudSync(options: CloudSyncOptions): CloudSync {
  const { db, box, now } = options;
  const settings = cloudSyncSettings();
  const tickMs = options.tickMs ?? settings.tickMs;
  const defaultMinutes = options.defaultMinutes ?? settings.defaultMinutes;
  /** One sync per module at a time: a second request waits for the first. */
  const inFlight = new Map<string, Promise<StoredSyncAttempt>>();

  async function fetch(module: ServiceModuleRecord): Promise<{ batches: CloudBatch[]; secureScore: SecureScore | null }> {
    const configs = cloudSettingsOf(box, module);
    if (module.type === 'aws') return { batches: await fetchSecurityHub(configs, syncedScopes(module)), secureScore: null };
    return fetchDefender(configs, options.azure);
  }

  async function run(module: ServiceModuleRecord, process: EventScope, userId: string | null, chooseProcess: boolean): Promise<StoredSyncAttempt> {
    const started = now();
    const at = started.toISOString();
    let fetched: { batches: CloudBatch[]; secureScore: SecureScore | null };
    try {
      fetched = await fetch(module);
    } catch (error) {
      const failure = error instanceof CloudSyncError ? error : syncFailure(`The ${module.type === 'aws' ? 'Security Hub' : 'Defender for Cloud'} sync`, error);
      const attempt: StoredSyncAttempt = {
        at,
        status: 'failed',
        http_status: failure.httpStatus,
        message: failure.message,
        findings: null,
        scopes: [],
        secure_score: null,
        synced_scopes: syncedScopes(module),
      };
      options.log?.warn({ module: module.id, cause: failure.message }, 'cloud sync failed');
      await recordCloudSyncAttempt(db, module, attempt, chooseProcess ? process.processId : null);
      return attempt;
    }
    const { batches, secureScore } = fetched;
    const attempt: StoredSyncAttempt = {
      at,
      status: 'ok',
      http_status: null,
      message: null,
      findings: batches.reduce((sum, batch) => sum + batch.result.findings.length, 0),
      scopes: batches.map((batch) => batch.scope),
      secure_score: secureScore,
      synced_scopes: batches.map((batch) => batch.scope),
    };
    await db.transaction(async (tx) => {
      await recordCloudFindings(
        tx,
        process,
        batches.map((batch) => ({
          target: { organizationId: process.organizationId, processId: process.processId, scope: batch.scope, userId, now: started },
          result: batch.result,
        })),
      );
      await recordCloudSyncAttempt(tx, module, attempt, chooseProcess ? process.processId : null);
    });
    return attempt;
  }

  function once(module: ServiceModuleRecord, process: EventScope, userId: string | null, chooseProcess: boolean): Promise<StoredSyncAttempt> {
    const current = inFlight.get(module.id);
    const next = (current ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => run(module, process, userId, chooseProcess))
      .finally(() => {
        if (inFlight.get(module.id) === next) inFlight.delete(module.id);
      });
    inFlight.set(module.id, next);
    return next;
  }

  async function pass(): Promise<number> {
    const moment = now().getTime();
    let tried = 0;
    for (const module of await cloudModulesWithProcess(db)) {
      const minutes = count(cloudSettingsOf(box, module).sync_interval_minutes, defaultMinutes);
      if (minutes <= 0) continue;
      const last = module.last_sync_attempt_at ? new Date(module.last_sync_attempt_at).getTime() : 0;
      if (moment - last < minutes * 60_000) continue;
      const process = await processWithId(db, module.organization_id, module.sync_process_id!);
      if (!process) continue;
      tried += 1;
      try {
        await once(module, { organizationId: module.organization_id, processId: process.id, processCode: process.code_name }, null, false);
      } catch (error) {
        options.log?.warn({ err: error, module: module.id }, 'scheduled cloud sync failed');
      }
    }
    return tried;
  }

  const passes = serialPass(pass);
  const sync: CloudSync = {
    async syncNow(organizationId, moduleId, process, userId) {
      const module = await moduleOf(db, organizationId, moduleId);
      if (!CLOUD_MODULE_TYPES.includes(module.type)) throw new ApiProblem(400, NOT_A_CLOUD_MODULE(module.type));
      return once(module, process, userId, true);
    },
    tick: passes.tick,
    tickMs,
    async stop() {
      await passes.stop();
      await Promise.allSettled(inFlight.values());
    },
  };
  return sync;
}
