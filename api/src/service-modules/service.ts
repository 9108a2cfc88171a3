// What the service module screen does (docs/authorization.md "Service modules"): add a module of
// a type with its settings and a fresh API key, rename it, replace its settings, rotate its key,
// delete it. Answers never hold a secret: secret settings are null, the key is shown once.
import { fieldSchema, type ApiKeyView, type IssuedApiKey, type NewServiceModulePayload, type ServiceModuleView } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import type { IdentityContext } from '../identity/context';
import { fieldErrors } from '../http/input';
import { issueApiKey } from './api-keys';
import { configsView, openConfigs, sealConfigs, type ConfigsView } from './configs';
import {
  deleteServiceModule,
  findServiceModule,
  cloudModulesToSync,
  insertServiceModule,
  listServiceModules,
  recordSyncAttempt,
  recordServiceModuleSync,
  renameServiceModule,
  replaceApiKey,
  setServiceModuleConfigs,
  type ServiceModuleRecord,
  type StoredSyncAttempt,
} from './repository';

export type { ServiceModuleRecord, StoredSyncAttempt };
import { isServiceModuleType, secretFieldsOf, unknownType, type ServiceModuleType } from './types';

export type { ApiKeyView };

export type { ServiceModuleView };
// The answer of a cloud sync (operations/connectors) is the module view's last attempt.
export { syncAttemptSchema } from './schemas';
/** Who a presented key belongs to (the guard's X-Api-Key, and a route's own Authorization: Bearer). */
export { findServiceModuleByApiKey } from './api-keys';

export const MODULE_FIELDS = Object.freeze({
  name: fieldSchema({ required: true, max: 255 }),
  category: fieldSchema({ max: 255 }),
});

const iso = (time: Date | string): string => new Date(time).toISOString();

export function apiKeyView(record: ServiceModuleRecord): ApiKeyView | null {
  return record.api_key_prefix && record.api_key_created_at
    ? { prefix: record.api_key_prefix, created_at: iso(record.api_key_created_at) }
    : null;
}

export function serviceModuleView(record: ServiceModuleRecord): ServiceModuleView {
  return {
    id: record.id,
    type: record.type,
    name: record.name,
    category: record.category,
    last_sync: record.last_sync_at ? { sync_time: iso(record.last_sync_at) } : null,
    last_sync_attempt: record.last_sync_attempt ?? null,
    configs: configsView(record.type, record.configs),
    secret_fields: secretFieldsOf(record.type),
    secrets_set: secretFieldsOf(record.type).filter((field) => {
      const stored = record.configs[field];
      return stored !== undefined && stored !== null && stored !== '';
    }),
    api_key: apiKeyView(record),
  };
}

/**
 * A module was used: its key brought data in (an SBOM upload by CI; a cloud sync, when there is
 * one). The screen shows it as "Last sync" (`last_sync.sync_time`).
 */
export async function recordServiceModuleUse(db: Queryable, module: { id: string; organization_id: string }, at: Date): Promise<void> {
  await recordServiceModuleSync(db, module.organization_id, module.id, at);
}

/** The organization's service modules as listed. */
export async function listServiceModuleViews(db: Queryable, organizationId: string): Promise<ServiceModuleView[]> {
  return (await listServiceModules(db, organizationId)).map(serviceModuleView);
}

/** Deletes the organization's service module `id`; false when it has none. */
export function removeServiceModule(db: Queryable, organizationId: string, id: string): Promise<boolean> {
  return deleteServiceModule(db, organizationId, id);
}

export function typeOf(type: string): ServiceModuleType {
  if (!isServiceModuleType(type)) throw new ApiProblem(400, unknownType(type), {}, { type: unknownType(type) });
  return type;
}

/** The caller's organization's module, or 404 (another organization's, or none). */
export async function moduleOf(db: Queryable, organizationId: string, id: unknown): Promise<ServiceModuleRecord> {
  const found = typeof id === 'string' ? await findServiceModule(db, organizationId, id) : undefined;
  if (!found) throw new ApiProblem(404);
  return found;
}

function nameAndCategory(input: { name?: unknown; category?: unknown }): { name: string; category: string | null } {
  const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
  const values = { name: trimmed(input.name), category: trimmed(input.category) };
  const errors = fieldErrors(MODULE_FIELDS, values);
  const [first] = Object.values(errors);
  if (first !== undefined) throw new ApiProblem(400, first, {}, errors);
  return { name: values.name as string, category: values.category ? String(values.category) : null };
}

/** POST modules/{type} as received: the contract's NewServiceModulePayload, unchecked. */
export type NewModuleInput = { [field in keyof NewServiceModulePayload]?: unknown };

/** What the module services use of the identity context: the database, the secret box, the clock. */
export type IdentityParts = Pick<IdentityContext, 'db' | 'box' | 'now'>;

/** POST modules/{type}: the module, its settings sealed, and its API key — the value answered once. */
export async function addServiceModule(
  { db, box, now }: IdentityParts,
  organizationId: string,
  type: ServiceModuleType,
  input: NewModuleInput,
): Promise<ServiceModuleView & { api_key_value: string }> {
  const { name, category } = nameAndCategory(input);
  const configs = sealConfigs(type, box, input.configs, {});
  const key = issueApiKey(now());
  const record = await insertServiceModule(db, organizationId, { type, name, category, configs, apiKey: key.stored, now: now() });
  return { ...serviceModuleView(record), api_key_value: key.value };
}

/** PATCH modules/{type}: name and category of the module `id`, which must be of that type. */
export async function changeServiceModule(
  { db, now }: IdentityParts,
  organizationId: string,
  type: ServiceModuleType,
  input: { id?: unknown; name?: unknown; category?: unknown },
): Promise<ServiceModuleView> {
  const current = await moduleOf(db, organizationId, input.id);
  if (current.type !== type) throw new ApiProblem(404, `No ${type} module has the id '${current.id}'; it is a ${current.type} module.`);
  const { name, category } = nameAndCategory({
    name: input.name === undefined ? current.name : input.name,
    category: input.category === undefined ? current.category : input.category,
  });
  const updated = await renameServiceModule(db, organizationId, current.id, { name, category, now: now() });
  if (!updated) throw new ApiProblem(404);
  return serviceModuleView(updated);
}

/** PUT modules/{id}/configs: the whole set of settings; a secret not sent keeps its value. */
export async function replaceServiceModuleConfigs(
  { db, box, now }: IdentityParts,
  organizationId: string,
  id: string,
  input: { configs?: unknown },
): Promise<ConfigsView> {
  return db.transaction(async (tx) => {
    const current = await moduleOf(tx, organizationId, id);
    const configs = sealConfigs(current.type, box, input.configs, current.configs);
    const updated = await setServiceModuleConfigs(tx, organizationId, current.id, configs, now());
    if (!updated) throw new ApiProblem(404);
    return configsView(updated.type, updated.configs);
  });
}

/** POST modules/{id}/apiKey: a new key; the old one stops working at once. */
export async function rotateApiKey(
  { db, now }: IdentityParts,
  organizationId: string,
  id: string,
): Promise<IssuedApiKey> {
  const current = await moduleOf(db, organizationId, id);
  const key = issueApiKey(now());
  const updated = await replaceApiKey(db, organizationId, current.id, key.stored);
  if (!updated) throw new ApiProblem(404);
  return { api_key_value: key.value, prefix: key.stored.prefix, created_at: iso(key.stored.createdAt) };
}

/** The cloud providers' module types: their sync brings findings in (operations/connectors). */
export const CLOUD_MODULE_TYPES: readonly ServiceModuleType[] = ['aws', 'azure'];

/** A cloud module's settings in clear, for its sync; never answered to anyone. */
export function cloudSettingsOf(box: IdentityParts['box'], record: ServiceModuleRecord): Record<string, string> {
  return openConfigs(record.type, box, record.configs);
}

/** Records a cloud module's sync attempt (and, for a success, its last sync). */
export function recordCloudSyncAttempt(
  db: Queryable,
  record: Pick<ServiceModuleRecord, 'id' | 'organization_id'>,
  attempt: StoredSyncAttempt,
  processId: string | null,
): Promise<void> {
  return recordSyncAttempt(db, record.organization_id, record.id, attempt, processId);
}

/** Every organization's cloud modules that have a process to sync into (the schedule's). */
export function cloudModulesWithProcess(db: Queryable) {
  return cloudModulesToSync(db, CLOUD_MODULE_TYPES);
}
