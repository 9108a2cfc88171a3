// What the disaster recovery routes take, checked field by field (400 naming the field): the
// settings of PUT recovery/settings (null and absent mean the same: the default) and the new
// process of a restore.
import {
  fieldSchema,
  MESSAGES,
  RECOVERY_TARGETS,
  RETENTION_COUNT_MAX,
  RETENTION_DAYS_MAX,
  RPO_MINUTES_MAX,
  type RecoverySettings,
  type RecoveryTarget,
} from '@portal/shared/server';
import { fieldErrors, isUuid, refuse, textField } from '../http/input';
import { ApiProblem } from '../http/problem';
import { ONLY_PERIODS } from '../processes/service';
import { DEFAULT_SETTINGS } from './repository';
import { nextRun, RECOVERY_MESSAGES } from './service';

export const INPUT_MESSAGES = {
  body: 'The body must be a JSON object.',
  unknownField: (name: string) => `'${name.slice(0, 100)}' is not a field of this call.`,
  schedule: 'Must be a cron expression of five fields (minute hour day-of-month month day-of-week), e.g. 0 2 * * *.',
  whole: (min: number, max: number) => `Must be a whole number from ${min} to ${max}.`,
  target: `Must be one of ${RECOVERY_TARGETS.join(', ')}.`,
  folder: 'Must be a folder name of letters, digits, dots, dashes and underscores (at most 64).',
  bucket: 'Must be an S3 bucket name (3-63 lowercase letters, digits, dots and dashes).',
  prefix: "Must be a key prefix of letters, digits, dots, dashes and underscores, each part ending with '/' (at most 200).",
  bucketRequired: 'The S3 target needs a bucket.',
  boolean: 'Must be true or false.',
  organization: 'Must be an organization id.',
} as const;

const SETTINGS_FIELDS = ['schedule', 'retention_count', 'retention_days', 'target', 'folder', 's3_bucket', 's3_prefix', 'encrypted', 'rpo_minutes'] as const;
const FOLDER = /^(?!\.+$)[A-Za-z0-9._-]{1,64}$/;
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^(?:(?!\.\.?\/)[A-Za-z0-9._-]+\/){0,20}$/;

function objectOf(body: unknown, fields: readonly string[]): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiProblem(400, INPUT_MESSAGES.body);
  const given = body as Record<string, unknown>;
  const unknown = Object.keys(given).find((name) => !fields.includes(name));
  if (unknown !== undefined) throw new ApiProblem(400, INPUT_MESSAGES.unknownField(unknown));
  return given;
}

function whole(errors: Record<string, string>, field: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) errors[field] = INPUT_MESSAGES.whole(min, max);
  return value as number;
}

function pattern(errors: Record<string, string>, field: string, value: unknown, re: RegExp, message: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !re.test(value)) errors[field] = message;
  return value as string;
}

/** PUT recovery/settings; `server`: what the configuration allows (encryption, S3). */
export function parseSettings(body: unknown, server: { encryptionAvailable: boolean; s3Available: boolean }, now: Date): RecoverySettings {
  const given = objectOf(body, SETTINGS_FIELDS);
  const errors: Record<string, string> = {};
  let schedule: string | null = null;
  if (given.schedule !== undefined && given.schedule !== null && given.schedule !== '') {
    if (typeof given.schedule !== 'string' || given.schedule.length > 200 || !nextRun(given.schedule, now)) errors.schedule = INPUT_MESSAGES.schedule;
    else schedule = given.schedule.trim().split(/\s+/).join(' ');
  }
  const target = (given.target ?? DEFAULT_SETTINGS.target) as RecoveryTarget;
  if (!RECOVERY_TARGETS.includes(target)) errors.target = INPUT_MESSAGES.target;
  const encrypted = given.encrypted ?? DEFAULT_SETTINGS.encrypted;
  if (typeof encrypted !== 'boolean') errors.encrypted = INPUT_MESSAGES.boolean;
  else if (encrypted && !server.encryptionAvailable) errors.encrypted = RECOVERY_MESSAGES.noKey;
  const settings: RecoverySettings = {
    schedule,
    retention_count: whole(errors, 'retention_count', given.retention_count, 1, RETENTION_COUNT_MAX, DEFAULT_SETTINGS.retention_count),
    retention_days: whole(errors, 'retention_days', given.retention_days, 1, RETENTION_DAYS_MAX, DEFAULT_SETTINGS.retention_days),
    target,
    folder: pattern(errors, 'folder', given.folder, FOLDER, INPUT_MESSAGES.folder),
    s3_bucket: pattern(errors, 's3_bucket', given.s3_bucket, BUCKET, INPUT_MESSAGES.bucket),
    s3_prefix: pattern(errors, 's3_prefix', given.s3_prefix, PREFIX, INPUT_MESSAGES.prefix),
    encrypted: encrypted === true,
    rpo_minutes: whole(errors, 'rpo_minutes', given.rpo_minutes, 1, RPO_MINUTES_MAX, DEFAULT_SETTINGS.rpo_minutes),
  };
  if (settings.s3_prefix !== null && settings.s3_prefix.length > 200) errors.s3_prefix = INPUT_MESSAGES.prefix;
  if (target === 's3' && !errors.target) {
    if (!server.s3Available) errors.target = RECOVERY_MESSAGES.noS3;
    else if (settings.s3_bucket === null && !errors.s3_bucket) errors.s3_bucket = INPUT_MESSAGES.bucketRequired;
  }
  refuse(errors);
  return settings;
}

const RESTORE_FIELDS = { code_name: fieldSchema({ required: true, format: 'filename', max: 64 }) };

/** POST recovery/backups/{id}/restore: the new process's code name, its name, its organization. */
export function parseRestore(body: unknown): { codeName: string; name?: string; organizationId?: string } {
  const given = objectOf(body, ['code_name', 'name', 'organization_id']);
  const errors = fieldErrors(RESTORE_FIELDS, { code_name: given.code_name });
  if (!errors.code_name && typeof given.code_name === 'string' && /^\.+$/.test(given.code_name)) errors.code_name = ONLY_PERIODS;
  const name = textField(errors, 'name', given.name, { max: 255 });
  if (given.organization_id !== undefined && given.organization_id !== null && !isUuid(given.organization_id)) errors.organization_id = INPUT_MESSAGES.organization;
  if (name === '') errors.name = MESSAGES.required;
  refuse(errors);
  return {
    codeName: given.code_name as string,
    name: name || undefined,
    organizationId: typeof given.organization_id === 'string' ? given.organization_id.toLowerCase() : undefined,
  };
}
