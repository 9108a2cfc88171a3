// The query of GET security/findings (and of its CSV export): every parameter read here, a 400
// naming it and what it must be; the cursor is opaque to the browser (the sort, the order and where
// the previous page ended, base64url JSON), as the tasks inbox's.
import { readKeysetCursor } from '../http/keyset-cursor';
import {
  CLOUD_PROVIDERS,
  FINDING_CATEGORIES,
  FINDING_SEVERITIES,
  FINDING_STATES,
  FINDING_GROUP_DIMENSIONS,
  type CloudProvider,
  type FindingGroupDimension,
  type FindingCategory,
  type FindingSeverity,
  type FindingState,
} from '@portal/shared/server';
import { ApiProblem } from '../http/problem';
import { FINDING_SORT_FIELDS, type FindingSortField, type KeysetPosition } from './findings.repository';

export const FINDINGS_DEFAULT_LIMIT = 50;
export const FINDINGS_MAX_LIMIT = 500;
export const SEARCH_MAX = 200;

export const FINDINGS_MESSAGES = {
  oneOf: (name: string, values: readonly string[]) => `'${name}' must be one of ${values.join(', ')} (several separated by commas).`,
  sortOneOf: `'sort' must be one of ${FINDING_SORT_FIELDS.join(', ')}.`,
  order: "'order' must be asc or desc.",
  limit: `'limit' must be a whole number from 1 to ${FINDINGS_MAX_LIMIT}.`,
  text: (name: string) => `'${name}' must have from 1 to ${SEARCH_MAX} characters.`,
  cursor: "'cursor' is not the next_cursor of this list (its sort and order).",
  flag: (name: string) => `'${name}' must be true or false.`,
  unknown: (name: string) => `'${name}' is not a parameter of the findings list.`,
  repeated: (name: string) => `'${name}' is given more than once.`,
} as const;

/** The filter's parameters (the list's, its CSV export's and its groups'). */
const FILTER_PARAMETERS = ['graph', 'category', 'severity', 'state', 'tool', 'scope', 'application', 'provider', 'account', 'region', 'service', 'standard', 'rule', 'overdue', 'q'];
const PARAMETERS = new Set([...FILTER_PARAMETERS, 'sort', 'order', 'limit', 'cursor', 'counts']);

/** What a list's findings are filtered by. */
export interface FindingsFilterQuery {
  category?: FindingCategory[];
  severity?: FindingSeverity[];
  state?: FindingState[];
  tool?: string;
  scope?: string;
  /** A cloud location's provider, account (subscription), region and service; the rule's id. */
  provider?: CloudProvider[];
  account?: string;
  region?: string;
  service?: string;
  /** A Security Hub control's standard ('aws-foundational-security-best-practices'). */
  standard?: string;
  rule?: string;
  /** Only open or confirmed findings past their due date (the process's SLA). */
  overdue?: boolean;
  q?: string;
}

export interface FindingsQuery extends FindingsFilterQuery {
  /** The first page counts its filter unless `counts=false` (the screens read GET security/findings/counts beside it). */
  counts: boolean;
  sort: FindingSortField;
  order: 'asc' | 'desc';
  limit: number;
  after?: KeysetPosition;
}

function refuse(field: string, message: string): never {
  throw new ApiProblem(400, message, {}, { [field]: message });
}

function listOf<T extends string>(name: string, value: string | undefined, values: readonly T[]): T[] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !(values as readonly string[]).includes(part))) refuse(name, FINDINGS_MESSAGES.oneOf(name, values));
  return [...new Set(parts)] as T[];
}

function textOf(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text.length === 0 || [...text].length > SEARCH_MAX || text.includes('\u0000')) refuse(name, FINDINGS_MESSAGES.text(name));
  return text;
}

/** 'true' or 'false'. */
function flagOf(name: string, value: string): boolean {
  if (value !== 'true' && value !== 'false') refuse(name, FINDINGS_MESSAGES.flag(name));
  return value === 'true';
}

/** The key must read back as its sort's type: a tampered cursor is a 400, never a database error. */
const KEY_SHAPES: Record<FindingSortField, RegExp> = {
  severity: /^[1-5]$/,
  first_seen: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  last_seen: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  rule_id: /^.{0,1024}$/su,
  tool_name: /^.{0,200}$/su,
};

/** A timestamp key (UTC, microseconds) names a real instant: Postgres refuses 2030-02-31, so a 400 before it is asked. */
const realInstant = (key: string) => {
  const time = Date.parse(key);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === key.slice(0, 19);
};

function decodeCursor(text: string, sort: FindingSortField, order: 'asc' | 'desc'): KeysetPosition {
  const cursor = readKeysetCursor(text, sort, order);
  const key = cursor?.k;
  if (typeof key !== 'string' || !KEY_SHAPES[sort].test(key) || (sort.endsWith('_seen') && !realInstant(key))) refuse('cursor', FINDINGS_MESSAGES.cursor);
  return { key, id: cursor!.i };
}

/** The query's values, one string per parameter: an unknown or repeated parameter is a 400. */
function valuesOf(raw: unknown, known: ReadonlySet<string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (!known.has(name)) refuse(name, FINDINGS_MESSAGES.unknown(name));
    if (typeof value !== 'string') refuse(name, FINDINGS_MESSAGES.repeated(name));
    values[name] = value;
  }
  return values;
}

/** The filter part of a query. `application=shop` is the scope 'app:shop'. */
function filterQuery(values: Record<string, string>): FindingsFilterQuery {
  const application = textOf('application', values.application);
  const scope = textOf('scope', values.scope) ?? (application === undefined ? undefined : `app:${application}`);
  return {
    category: listOf('category', values.category, FINDING_CATEGORIES),
    severity: listOf('severity', values.severity, FINDING_SEVERITIES),
    state: listOf('state', values.state, FINDING_STATES),
    tool: textOf('tool', values.tool),
    scope,
    provider: listOf('provider', values.provider, CLOUD_PROVIDERS),
    account: textOf('account', values.account),
    region: textOf('region', values.region),
    service: textOf('service', values.service),
    standard: textOf('standard', values.standard),
    rule: textOf('rule', values.rule),
    ...(values.overdue === undefined ? {} : { overdue: flagOf('overdue', values.overdue) }),
    q: textOf('q', values.q),
  };
}

/** The list's query, checked parameter by parameter. */
export function parseFindingsQuery(raw: unknown): FindingsQuery {
  const values = valuesOf(raw, PARAMETERS);
  const sort = values.sort ?? 'severity';
  if (!(FINDING_SORT_FIELDS as readonly string[]).includes(sort)) refuse('sort', FINDINGS_MESSAGES.sortOneOf);
  const order = values.order ?? 'asc';
  if (order !== 'asc' && order !== 'desc') refuse('order', FINDINGS_MESSAGES.order);
  let limit = FINDINGS_DEFAULT_LIMIT;
  if (values.limit !== undefined) {
    if (!/^\d{1,3}$/.test(values.limit) || Number(values.limit) < 1 || Number(values.limit) > FINDINGS_MAX_LIMIT) refuse('limit', FINDINGS_MESSAGES.limit);
    limit = Number(values.limit);
  }
  return {
    ...filterQuery(values),
    counts: values.counts === undefined ? true : flagOf('counts', values.counts),
    sort: sort as FindingSortField,
    order,
    limit,
    after: values.cursor !== undefined ? decodeCursor(values.cursor, sort as FindingSortField, order) : undefined,
  };
}

/** GET security/findings/counts's query: the list's filter alone. */
export function parseCountsQuery(raw: unknown): FindingsFilterQuery {
  return filterQuery(valuesOf(raw, new Set(FILTER_PARAMETERS)));
}

export const GROUPS_DEFAULT_LIMIT = 20;
export const GROUPS_MAX_LIMIT = 200;
const GROUP_PARAMETERS = new Set([...FILTER_PARAMETERS, 'by', 'limit']);

export const GROUPS_MESSAGES = {
  by: `'by' must be one of ${FINDING_GROUP_DIMENSIONS.join(', ')}.`,
  limit: `'limit' must be a whole number from 1 to ${GROUPS_MAX_LIMIT}.`,
} as const;

/** GET security/findings/groups's query: the list's filter, what to group by and how many groups. */
export function parseGroupsQuery(raw: unknown): FindingsFilterQuery & { by: FindingGroupDimension; limit: number } {
  const values = valuesOf(raw, GROUP_PARAMETERS);
  if (values.by === undefined || !(FINDING_GROUP_DIMENSIONS as readonly string[]).includes(values.by)) refuse('by', GROUPS_MESSAGES.by);
  let limit = GROUPS_DEFAULT_LIMIT;
  if (values.limit !== undefined) {
    if (!/^\d{1,3}$/.test(values.limit) || Number(values.limit) < 1 || Number(values.limit) > GROUPS_MAX_LIMIT) refuse('limit', GROUPS_MESSAGES.limit);
    limit = Number(values.limit);
  }
  return { ...filterQuery(values), by: values.by as FindingGroupDimension, limit };
}

export const TREND_DEFAULT_DAYS = 30;
export const TREND_MAX_DAYS = 365;
export const TREND_MIN_DAYS = 7;
const TREND_PARAMETERS = new Set([...FILTER_PARAMETERS, 'days']);
export const TREND_MESSAGES = { days: `'days' must be a whole number from ${TREND_MIN_DAYS} to ${TREND_MAX_DAYS}.` } as const;

/** GET security/findings/trend's query: the list's filter and how many days back. */
export function parseTrendQuery(raw: unknown): FindingsFilterQuery & { days: number } {
  const values = valuesOf(raw, TREND_PARAMETERS);
  let days = TREND_DEFAULT_DAYS;
  if (values.days !== undefined) {
    if (!/^\d{1,3}$/.test(values.days) || Number(values.days) < TREND_MIN_DAYS || Number(values.days) > TREND_MAX_DAYS) refuse('days', TREND_MESSAGES.days);
    days = Number(values.days);
  }
  return { ...filterQuery(values), days };
}
