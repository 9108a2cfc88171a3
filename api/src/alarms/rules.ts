// An alarm's rule as POST/PUT alarms and POST alarms/preview send it (docs/alarms.md): every field
// checked with a 400 naming it; the metric and its labels against the process's metrics, the
// recipients against the organization's users and workgroups, the webhook URL (https, or http to
// this machine for tests) and its secret (write-only).
import { ALARM_COMPARATORS, ALARM_SEVERITIES, BUILT_IN_METRICS, type AlarmComparator, type AlarmRule, type AlarmSeverity } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { customMetricOfProcess } from '../metrics/service';
import { knownUsers, knownWorkgroups } from './repository';

export const MAX_RECIPIENTS = 100;
export const MAX_FOR_MINUTES = 43_200;
export const MAX_THRESHOLD = 1e12;
const FIELDS = ['name', 'metric_key', 'labels', 'comparator', 'threshold', 'for_minutes', 'severity', 'user_ids', 'workgroup_ids', 'webhook_url', 'webhook_secret'] as const;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const ALARM_MESSAGES = {
  body: `An alarm is an object: ${FIELDS.join(', ')}.`,
  unknownField: (name: string) => `'${name.slice(0, 100)}' is not a field of an alarm: ${FIELDS.join(', ')} are.`,
  name: "'name' is required: a text of 1 to 200 characters.",
  metricKey: "'metric_key' is required: a built-in metric's key (open_findings …) or a custom metric's (custom.<id>).",
  noMetric: (key: string) => `There is no metric '${key.slice(0, 100)}' in this process.`,
  labels: "'labels' must be an object of texts (1 to 100 characters each).",
  labelNames: (key: string, names: readonly string[]) =>
    names.length === 0 ? `The metric '${key}' has no labels: 'labels' must be {}.` : `The labels of '${key}' must be exactly ${names.join(' and ')}, selecting one series.`,
  comparator: `'comparator' must be one of ${ALARM_COMPARATORS.join(' ')}.`,
  threshold: `'threshold' must be a number between -${MAX_THRESHOLD} and ${MAX_THRESHOLD}.`,
  forMinutes: `'for_minutes' must be a whole number of minutes from 0 (fire at once) to ${MAX_FOR_MINUTES}.`,
  severity: `'severity' must be one of ${ALARM_SEVERITIES.join(', ')}.`,
  ids: (field: string, what: string) => `'${field}' must be a list of at most ${MAX_RECIPIENTS} ${what} ids.`,
  unknownUser: (id: string) => `'user_ids': ${id} is not a user of this organization.`,
  unknownWorkgroup: (id: string) => `'workgroup_ids': ${id} is not a workgroup of this organization.`,
  webhookUrl: "'webhook_url' must be null or an https URL (http only to 127.0.0.1 or localhost), without user or password, at most 2000 characters.",
  webhookSecret: "'webhook_secret' must be a text of 16 to 500 characters.",
  secretRequired: "A webhook needs 'webhook_secret' (16 to 500 characters): the key of its signature.",
  secretWithoutUrl: "'webhook_secret' goes with 'webhook_url': there is no webhook.",
} as const;

const bad = (field: string, message: string): never => {
  throw new ApiProblem(400, message, {}, { [field]: message });
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function ids(value: unknown, field: string, what: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_RECIPIENTS || !value.every(isUuid)) return bad(field, ALARM_MESSAGES.ids(field, what));
  return [...new Set(value.map((id: string) => id.toLowerCase()))];
}

function webhookUrl(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 2000) return bad('webhook_url', ALARM_MESSAGES.webhookUrl);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad('webhook_url', ALARM_MESSAGES.webhookUrl);
  }
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  if (!allowed || url.username !== '' || url.password !== '') return bad('webhook_url', ALARM_MESSAGES.webhookUrl);
  return url.toString();
}

/** The labels a metric's series takes: a built-in metric's, none for a custom one. */
export function labelNamesOf(key: string): readonly string[] {
  return (BUILT_IN_METRICS.find((metric) => metric.key === key)?.labels ?? []) as readonly string[];
}

/** Whether the metric is an average (no value rather than 0 when its series has none yet). */
export async function isAverage(db: Queryable, organizationId: string, processId: string, key: string): Promise<boolean> {
  const builtIn = BUILT_IN_METRICS.find((metric) => metric.key === key);
  if (builtIn) return builtIn.unit !== 'count';
  const custom = await customMetricOfProcess(db, organizationId, processId, key.slice('custom.'.length));
  return custom?.definition.aggregate === 'avg';
}

export interface ParsedRule extends Omit<AlarmRule, 'webhook_secret'> {
  /** undefined: not sent (PUT keeps the stored one). */
  webhook_secret: string | undefined;
}

/**
 * The rule of the body, checked. `hasSecret`: whether the alarm already stores a secret (PUT may
 * then leave it out). `draft`: a preview's rule (recipients and webhook not needed, not checked).
 */
export async function parseAlarmRule(
  db: Queryable,
  organizationId: string,
  processId: string,
  body: unknown,
  options: { hasSecret?: boolean; draft?: boolean } = {},
): Promise<ParsedRule> {
  if (!isObject(body)) return bad('body', ALARM_MESSAGES.body);
  const unknown = Object.keys(body).find((name) => !(FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) bad(unknown, ALARM_MESSAGES.unknownField(unknown));
  const name = options.draft && body.name === undefined ? 'Preview' : body.name;
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > 200) bad('name', ALARM_MESSAGES.name);
  const key = body.metric_key;
  if (typeof key !== 'string' || key.length === 0 || key.length > 100) return bad('metric_key', ALARM_MESSAGES.metricKey);
  const builtIn = BUILT_IN_METRICS.some((metric) => metric.key === key);
  if (!builtIn) {
    const id = key.startsWith('custom.') ? key.slice('custom.'.length) : '';
    if (!isUuid(id) || !(await customMetricOfProcess(db, organizationId, processId, id.toLowerCase()))) bad('metric_key', ALARM_MESSAGES.noMetric(key));
  }
  const metricKey = builtIn ? key : `custom.${key.slice('custom.'.length).toLowerCase()}`;
  const labels = body.labels ?? {};
  if (!isObject(labels) || !Object.values(labels).every((value) => typeof value === 'string' && value.length >= 1 && value.length <= 100)) {
    bad('labels', ALARM_MESSAGES.labels);
  }
  const names = labelNamesOf(metricKey);
  const given = Object.keys(labels as object).sort();
  if (given.length !== names.length || !given.every((label) => names.includes(label))) bad('labels', ALARM_MESSAGES.labelNames(metricKey, names));
  const comparator = body.comparator;
  if (typeof comparator !== 'string' || !(ALARM_COMPARATORS as readonly string[]).includes(comparator)) bad('comparator', ALARM_MESSAGES.comparator);
  const threshold = body.threshold;
  if (typeof threshold !== 'number' || !Number.isFinite(threshold) || Math.abs(threshold) > MAX_THRESHOLD) bad('threshold', ALARM_MESSAGES.threshold);
  const forMinutes = body.for_minutes ?? 0;
  if (typeof forMinutes !== 'number' || !Number.isInteger(forMinutes) || forMinutes < 0 || forMinutes > MAX_FOR_MINUTES) bad('for_minutes', ALARM_MESSAGES.forMinutes);
  const severity = options.draft && body.severity === undefined ? 'medium' : body.severity;
  if (typeof severity !== 'string' || !(ALARM_SEVERITIES as readonly string[]).includes(severity)) bad('severity', ALARM_MESSAGES.severity);
  const userIds = ids(body.user_ids, 'user_ids', 'user');
  const workgroupIds = ids(body.workgroup_ids, 'workgroup_ids', 'workgroup');
  const url = webhookUrl(body.webhook_url);
  const secret = body.webhook_secret;
  if (secret !== undefined && secret !== null && (typeof secret !== 'string' || secret.length < 16 || secret.length > 500)) bad('webhook_secret', ALARM_MESSAGES.webhookSecret);
  const webhookSecret = typeof secret === 'string' ? secret : undefined;
  if (!options.draft) {
    if (url === null && webhookSecret !== undefined) bad('webhook_secret', ALARM_MESSAGES.secretWithoutUrl);
    if (url !== null && webhookSecret === undefined && !options.hasSecret) bad('webhook_secret', ALARM_MESSAGES.secretRequired);
    const users = await knownUsers(db, organizationId, userIds);
    const missingUser = userIds.find((id) => !users.has(id));
    if (missingUser) bad('user_ids', ALARM_MESSAGES.unknownUser(missingUser));
    const workgroups = await knownWorkgroups(db, organizationId, workgroupIds);
    const missingGroup = workgroupIds.find((id) => !workgroups.has(id));
    if (missingGroup) bad('workgroup_ids', ALARM_MESSAGES.unknownWorkgroup(missingGroup));
  }
  return {
    name: (name as string).trim(),
    metric_key: metricKey,
    labels: labels as Record<string, string>,
    comparator: comparator as AlarmComparator,
    threshold: threshold as number,
    for_minutes: forMinutes as number,
    severity: severity as AlarmSeverity,
    user_ids: userIds,
    workgroup_ids: workgroupIds,
    webhook_url: url,
    webhook_secret: webhookSecret,
  };
}
