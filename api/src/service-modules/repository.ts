// The service modules as stored (migration 005): one organization's, their settings (secrets
// sealed) and the SHA-256 of their API key. Every query names the organization, except the look-up
// by API key, which is how a caller without a session (a CI/CD pipeline) is told apart.
import type { Queryable } from '../db/database';
import { UUID } from '../organizations/index';
import type { StoredConfigs } from './configs';
import type { ServiceModuleType } from './types';

export interface ServiceModuleRecord {
  id: string;
  organization_id: string;
  type: ServiceModuleType;
  name: string;
  category: string | null;
  configs: StoredConfigs;
  api_key_prefix: string | null;
  api_key_created_at: Date | null;
  last_sync_at: Date | null;
  /** The process a cloud module's sync brings its findings into (its last sync on demand chose it). */
  sync_process_id: string | null;
  /** A cloud module's last sync attempt, failed or not (migration 031). */
  last_sync_attempt: StoredSyncAttempt | null;
}

export interface StoredSyncAttempt {
  at: string;
  status: 'ok' | 'failed';
  http_status: number | null;
  message: string | null;
  findings: number | null;
  scopes: string[];
  secure_score: { current: number; max: number; percentage: number } | null;
  /** The scopes of the last good sync, kept through failed attempts (an AWS sync empties those no longer reported). Not shown. */
  synced_scopes?: string[];
}

/** A key to store: its hash and what may be shown of it again. */
export interface StoredApiKey {
  hash: string;
  prefix: string;
  createdAt: Date;
}

const COLUMNS = 'id, organization_id, type, name, category, configs, api_key_prefix, api_key_created_at, last_sync_at, sync_process_id, last_sync_attempt';

export async function listServiceModules(db: Queryable, organizationId: string): Promise<ServiceModuleRecord[]> {
  return db.query<ServiceModuleRecord>(
    `SELECT ${COLUMNS} FROM service_modules WHERE organization_id = $1 ORDER BY type, lower(name), created_at`,
    [organizationId],
  );
}

/** The organization's module of that id; a malformed id finds none. */
export async function findServiceModule(db: Queryable, organizationId: string, id: string): Promise<ServiceModuleRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.query<ServiceModuleRecord>(
    `SELECT ${COLUMNS} FROM service_modules WHERE organization_id = $1 AND id = $2`,
    [organizationId, id],
  );
  return row;
}

export interface NewServiceModule {
  type: ServiceModuleType;
  name: string;
  category: string | null;
  configs: StoredConfigs;
  apiKey: StoredApiKey;
  now: Date;
}

export async function insertServiceModule(db: Queryable, organizationId: string, module: NewServiceModule): Promise<ServiceModuleRecord> {
  const [row] = await db.query<ServiceModuleRecord>(
    `INSERT INTO service_modules (organization_id, type, name, category, configs, api_key_hash, api_key_prefix, api_key_created_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $9) RETURNING ${COLUMNS}`,
    [
      organizationId,
      module.type,
      module.name,
      module.category,
      JSON.stringify(module.configs),
      module.apiKey.hash,
      module.apiKey.prefix,
      module.apiKey.createdAt.toISOString(),
      module.now.toISOString(),
    ],
  );
  return row;
}

export async function renameServiceModule(
  db: Queryable,
  organizationId: string,
  id: string,
  changes: { name: string; category: string | null; now: Date },
): Promise<ServiceModuleRecord | undefined> {
  const [row] = await db.query<ServiceModuleRecord>(
    `UPDATE service_modules SET name = $3, category = $4, updated_at = $5
      WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [organizationId, id, changes.name, changes.category, changes.now.toISOString()],
  );
  return row;
}

export async function setServiceModuleConfigs(
  db: Queryable,
  organizationId: string,
  id: string,
  configs: StoredConfigs,
  now: Date,
): Promise<ServiceModuleRecord | undefined> {
  const [row] = await db.query<ServiceModuleRecord>(
    `UPDATE service_modules SET configs = $3::jsonb, updated_at = $4
      WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [organizationId, id, JSON.stringify(configs), now.toISOString()],
  );
  return row;
}

/** Replaces the module's key: the old hash is gone in the same statement. */
export async function replaceApiKey(
  db: Queryable,
  organizationId: string,
  id: string,
  key: StoredApiKey,
): Promise<ServiceModuleRecord | undefined> {
  const [row] = await db.query<ServiceModuleRecord>(
    `UPDATE service_modules SET api_key_hash = $3, api_key_prefix = $4, api_key_created_at = $5, updated_at = $5
      WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [organizationId, id, key.hash, key.prefix, key.createdAt.toISOString()],
  );
  return row;
}

export async function deleteServiceModule(db: Queryable, organizationId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const rows = await db.query('DELETE FROM service_modules WHERE organization_id = $1 AND id = $2 RETURNING id', [organizationId, id]);
  return rows.length === 1;
}

/** The module whose key hashes to that value, across organizations. */
export async function findServiceModuleByKeyHash(
  db: Queryable,
  hash: string,
): Promise<Pick<ServiceModuleRecord, 'id' | 'organization_id' | 'type' | 'name'> | undefined> {
  const [row] = await db.query<Pick<ServiceModuleRecord, 'id' | 'organization_id' | 'type' | 'name'>>(
    'SELECT id, organization_id, type, name FROM service_modules WHERE api_key_hash = $1',
    [hash],
  );
  return row;
}

/** Records that the module's service was synchronized; two at once keep the later time. */
export async function recordServiceModuleSync(db: Queryable, organizationId: string, id: string, at: Date): Promise<void> {
  await db.query('UPDATE service_modules SET last_sync_at = GREATEST(last_sync_at, $3::timestamptz) WHERE organization_id = $1 AND id = $2', [
    organizationId,
    id,
    at.toISOString(),
  ]);
}

/**
 * A cloud module's sync attempt: kept with its cause when it failed; a success also moves
 * last_sync_at. `processId` (a sync on demand) becomes the process its schedule syncs into.
 */
export async function recordSyncAttempt(
  db: Queryable,
  organizationId: string,
  id: string,
  attempt: StoredSyncAttempt,
  processId: string | null,
): Promise<void> {
  await db.query(
    `UPDATE service_modules
        SET last_sync_attempt = $3::jsonb, last_sync_attempt_at = $4,
            last_sync_at = CASE WHEN $5 THEN GREATEST(last_sync_at, $4::timestamptz) ELSE last_sync_at END,
            sync_process_id = COALESCE($6::uuid, sync_process_id)
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, JSON.stringify(attempt), attempt.at, attempt.status === 'ok', processId],
  );
}

/** Cloud modules with a process to sync into, and the time of their last attempt (the schedule picks the due ones). */
export async function cloudModulesToSync(
  db: Queryable,
  types: readonly ServiceModuleType[],
): Promise<Array<ServiceModuleRecord & { last_sync_attempt_at: Date | null }>> {
  return db.query<ServiceModuleRecord & { last_sync_attempt_at: Date | null }>(
    `SELECT ${COLUMNS}, last_sync_attempt_at FROM service_modules
      WHERE type = ANY($1::text[]) AND sync_process_id IS NOT NULL ORDER BY last_sync_attempt_at NULLS FIRST`,
    [types],
  );
}
