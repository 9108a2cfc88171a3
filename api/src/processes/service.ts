// What the process screens do (docs/authorization.md "Processes (projects)"): create a process
// within the organization's limit and enroll its creator, rename or retype it, delete it. Inputs
// are checked with the spec 5 messages; a code name is unique in its organization whatever its
// case, since lowercased it selects the process's graph.
import { DASHBOARD_TYPES, fieldSchema, PROCESS_TYPES, UNLIMITED, type Process, type ProcessPayload } from '@portal/shared/server';
import { ADMIN, ORG_ADMIN } from '../authorization/defaults';
import type { Caller } from '../authorization/guard';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { findOrganizationById } from '../organizations/index';
import { fieldErrors } from '../http/input';
import type { StoredNotificationSettings } from './notification-settings';
import {
  countProcesses,
  deleteProcess,
  enroll,
  findProcessByCode,
  findProcessById,
  insertProcess,
  listProcessesByIds,
  lockOrganization,
  processModuleSwitches,
  organizationNotificationSettings,
  processNotificationSettings,
  setProcessModuleSwitches,
  setProcessNotificationSettings,
  updateProcess,
  type ProcessChanges,
  type ProcessModuleSwitches,
  type ProcessRecord,
} from './repository';

export type { ProcessRecord };

/** The organization's process of that code name (any case). */
export function processWithCode(db: Queryable, organizationId: string, codeName: string): Promise<ProcessRecord | undefined> {
  return findProcessByCode(db, organizationId, codeName);
}

/** The organization's process `id` (undefined when it has none). */
export function processWithId(db: Queryable, organizationId: string, id: string): Promise<ProcessRecord | undefined> {
  return findProcessById(db, organizationId, id);
}

/** The organization's processes among `ids`, as views. */
export async function processesWithIds(db: Queryable, organizationId: string, ids: readonly string[]): Promise<Process[]> {
  return (await listProcessesByIds(db, organizationId, ids)).map(processView);
}

/** Deletes the organization's process `id`; false when it has none. */
export function removeProcess(db: Queryable, organizationId: string, id: string): Promise<boolean> {
  return deleteProcess(db, organizationId, id);
}

/**
 * The process's notification settings as in force: its own, and the organization's for the events
 * it has not set (events set by neither are missing).
 */
export async function notificationSettingsOf(db: Queryable, organizationId: string, processId: string): Promise<StoredNotificationSettings> {
  const organization = await organizationNotificationSettings(db, organizationId);
  return { ...organization, ...(await processNotificationSettings(db, organizationId, processId)) };
}

/** Merges `changes` into the process's notification settings in one transaction; resolves to the merged settings. */
export function changeNotificationSettings(
  db: Database,
  organizationId: string,
  processId: string,
  changes: StoredNotificationSettings,
): Promise<StoredNotificationSettings> {
  return db.transaction(async (tx) => {
    const merged = { ...(await processNotificationSettings(tx, organizationId, processId)), ...changes };
    await setProcessNotificationSettings(tx, organizationId, processId, merged);
    return { ...(await organizationNotificationSettings(tx, organizationId)), ...merged };
  });
}

/** The process's own module switches (code, requirement). */
export function moduleSwitchesOf(db: Queryable, organizationId: string, processId: string): Promise<ProcessModuleSwitches> {
  return processModuleSwitches(db, organizationId, processId);
}

/** Stores the process's module switches. */
export function setModuleSwitches(db: Queryable, organizationId: string, processId: string, switches: ProcessModuleSwitches): Promise<void> {
  return setProcessModuleSwitches(db, organizationId, processId, switches);
}

/** Letters, digits, '-', '_' and '.' (spec 5 'filename'), at most 64: it appears in URLs and graphs. */
export const PROCESS_FIELDS = Object.freeze({
  code_name: fieldSchema({ required: true, format: 'filename', max: 64 }),
  name: fieldSchema({ required: true, max: 255 }),
});

export const ONLY_PERIODS = 'A code name cannot consist of periods only.';
export const NOT_A_TYPE = `Must be one of ${PROCESS_TYPES.join(', ')}.`;
export const NOT_A_DASHBOARD_TYPE = `Must be one of ${DASHBOARD_TYPES.join(', ')}.`;
export const duplicateCode = (code: string): string => `A process with code name '${code}' already exists in the organization.`;

export function processView(record: ProcessRecord): Process {
  return { id: record.id, code_name: record.code_name, name: record.name, type: record.type, dashboard_type: record.dashboard_type };
}

function refuse(errors: Record<string, string>): void {
  const [first] = Object.values(errors);
  if (first !== undefined) throw new ApiProblem(400, first, {}, errors);
}

function choiceError(value: unknown, choices: readonly string[], message: string): string | undefined {
  if (value === undefined || value === null || value === '') return 'Required.';
  return typeof value === 'string' && choices.includes(value) ? undefined : message;
}

/** POST projects and PATCH projects/{code} as received: the contract's ProcessPayload (or ProcessUpdate), unchecked. */
export type ProcessInput = { [field in keyof ProcessPayload]?: unknown };

/** POST projects: the process, within the organization's num_of_projects, its creator enrolled as ADMIN. */
export async function createProcess(db: Database, caller: Caller, organizationId: string, input: ProcessInput): Promise<Process> {
  const name = typeof input.name === 'string' ? input.name.trim() : input.name;
  const errors = fieldErrors(PROCESS_FIELDS, { code_name: input.code_name, name });
  if (!errors.code_name && typeof input.code_name === 'string' && /^\.+$/.test(input.code_name)) errors.code_name = ONLY_PERIODS;
  const typeError = choiceError(input.type, PROCESS_TYPES, NOT_A_TYPE);
  if (typeError) errors.type = typeError;
  const dashboardError = choiceError(input.dashboard_type, DASHBOARD_TYPES, NOT_A_DASHBOARD_TYPE);
  if (dashboardError) errors.dashboard_type = dashboardError;
  refuse(errors);
  const wanted = {
    code_name: input.code_name as string,
    name: name as string,
    type: input.type as ProcessRecord['type'],
    dashboard_type: input.dashboard_type as ProcessRecord['dashboard_type'],
  };
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    await assertWithinLimit(tx, organizationId);
    const existing = await findProcessByCode(tx, organizationId, wanted.code_name);
    const created = existing ? undefined : await insertProcess(tx, organizationId, wanted);
    if (!created) {
      const message = duplicateCode(existing?.code_name ?? wanted.code_name);
      throw new ApiProblem(409, message, {}, { code_name: message });
    }
    // An organization admin works in every process already; anyone else needs the membership.
    if (!caller.user.roles.includes(ORG_ADMIN)) await enroll(tx, caller.user.id, created.id, [ADMIN]);
    return processView(created);
  });
}

/**
 * In a transaction about to insert a process of that code name in the organization (a restored
 * backup): holds the organization, 402 beyond its num_of_projects, 409 when the code name is taken.
 */
export async function reserveProcessCode(tx: Queryable, organizationId: string, codeName: string): Promise<void> {
  await lockOrganization(tx, organizationId);
  await assertWithinLimit(tx, organizationId);
  const existing = await findProcessByCode(tx, organizationId, codeName);
  if (existing) {
    const message = duplicateCode(existing.code_name);
    throw new ApiProblem(409, message, {}, { code_name: message });
  }
}

/** 402 with the catalogue message when the organization has all the processes its licence allows. */
async function assertWithinLimit(tx: Queryable, organizationId: string): Promise<void> {
  const organization = await findOrganizationById(tx, organizationId);
  if (!organization) throw new ApiProblem(404);
  const limit = organization.module_configuration.num_of_projects;
  if (limit !== UNLIMITED && (await countProcesses(tx, organizationId)) >= limit) throw new ApiProblem(402);
}

/** PATCH projects/{id}: name, type and dashboard type; a field not sent stays as it is. */
export async function changeProcess(
  db: Queryable,
  organizationId: string,
  process: ProcessRecord,
  input: ProcessInput,
): Promise<Process> {
  const errors: Record<string, string> = {};
  const changes: ProcessChanges = {};
  if (input.name !== undefined) {
    const name = typeof input.name === 'string' ? input.name.trim() : input.name;
    Object.assign(errors, fieldErrors({ name: PROCESS_FIELDS.name }, { name }));
    if (typeof name === 'string') changes.name = name;
  }
  if (input.type !== undefined) {
    const error = choiceError(input.type, PROCESS_TYPES, NOT_A_TYPE);
    if (error) errors.type = error;
    else changes.type = input.type as ProcessRecord['type'];
  }
  if (input.dashboard_type !== undefined) {
    const error = choiceError(input.dashboard_type, DASHBOARD_TYPES, NOT_A_DASHBOARD_TYPE);
    if (error) errors.dashboard_type = error;
    else changes.dashboard_type = input.dashboard_type as ProcessRecord['dashboard_type'];
  }
  if (input.code_name !== undefined && input.code_name !== process.code_name) {
    errors.code_name = 'The code name of a process cannot be changed.';
  }
  refuse(errors);
  const updated = await updateProcess(db, organizationId, process.id, changes);
  if (!updated) throw new ApiProblem(404);
  return processView(updated);
}
