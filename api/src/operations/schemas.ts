// The bodies and queries of the findings routes, read field by field: a 400 naming the field and
// what it must be (the contract's FindingTriageSchema, said in the API's words), nothing written.
import { FINDING_FORMATS, FINDING_TRIAGE_STATES, type FindingFormat, type FindingTriageState } from '@portal/shared/server';
import { isDate, isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import type { TriageDecision } from './service';

export const TRIAGE_MAX_IDS = 5000;
export const REASON_MAX = 2000;
export const SCOPE_NAME_MAX = 200;

export const TRIAGE_MESSAGES = {
  body: 'The body is a JSON object: state, and reason and expires_at for a risk acceptance.',
  ids: `'ids' must be a list of 1 to ${TRIAGE_MAX_IDS} finding ids.`,
  state: `'state' must be one of ${FINDING_TRIAGE_STATES.join(', ')} (fixed and suppressed come from the scanners).`,
  reason: `'reason' must be a text of at most ${REASON_MAX} characters.`,
  expiresAt: "'expires_at' must be a date (YYYY-MM-DD) after today.",
  expiresOnlyAccepted: "'expires_at' goes only with the state risk_accepted.",
  riskAccepted: 'A risk acceptance needs a reason and an expiry date.',
  unknown: (name: string) => `'${name}' is not a field of a triage decision.`,
} as const;

export const UPLOAD_MESSAGES = {
  scope: "Name what the file's findings belong to: 'application' (an application's key) or 'repository' (a repository's name).",
  both: "Name either 'application' or 'repository', not both.",
  name: (name: string) => `'${name}' must have from 1 to ${SCOPE_NAME_MAX} characters.`,
  format: `'format' must be one of ${FINDING_FORMATS.join(', ')} (or left out: the file's content tells).`,
  unknown: (name: string) => `'${name}' is not a parameter of a findings upload.`,
  repeated: (name: string) => `'${name}' is given more than once.`,
} as const;

function refuse(field: string, message: string): never {
  throw new ApiProblem(400, message, {}, { [field]: message });
}

/** A triage body; `id` the finding of PUT security/findings/{id}/state (then `ids` is not a field). */
export function parseTriage(body: unknown, today: string, id?: string): TriageDecision {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiProblem(400, id ? TRIAGE_MESSAGES.body : `${TRIAGE_MESSAGES.body.slice(0, -1)}, with ids.`);
  const fields = body as Record<string, unknown>;
  const known = id ? ['state', 'reason', 'expires_at'] : ['ids', 'state', 'reason', 'expires_at'];
  for (const name of Object.keys(fields)) if (!known.includes(name)) refuse(name, TRIAGE_MESSAGES.unknown(name));
  let ids: string[];
  if (id) ids = [id.toLowerCase()];
  else {
    const raw = fields.ids;
    if (!Array.isArray(raw) || raw.length === 0 || raw.length > TRIAGE_MAX_IDS || !raw.every(isUuid)) refuse('ids', TRIAGE_MESSAGES.ids);
    ids = [...new Set((raw as string[]).map((value) => value.toLowerCase()))];
  }
  const state = fields.state;
  if (typeof state !== 'string' || !(FINDING_TRIAGE_STATES as readonly string[]).includes(state)) refuse('state', TRIAGE_MESSAGES.state);
  let reason: string | undefined;
  if (fields.reason !== undefined && fields.reason !== null) {
    if (typeof fields.reason !== 'string' || fields.reason.length > REASON_MAX * 2 || fields.reason.includes('\u0000')) refuse('reason', TRIAGE_MESSAGES.reason);
    reason = fields.reason.trim();
    if ([...reason].length > REASON_MAX) refuse('reason', TRIAGE_MESSAGES.reason);
    if (reason === '') reason = undefined;
  }
  let expiresAt: string | undefined;
  if (fields.expires_at !== undefined && fields.expires_at !== null) {
    if (!isDate(fields.expires_at) || fields.expires_at <= today || fields.expires_at > '9999-12-31') refuse('expires_at', TRIAGE_MESSAGES.expiresAt);
    if (state !== 'risk_accepted') refuse('expires_at', TRIAGE_MESSAGES.expiresOnlyAccepted);
    expiresAt = fields.expires_at;
  }
  if (state === 'risk_accepted' && (!reason || !expiresAt)) refuse(reason ? 'expires_at' : 'reason', TRIAGE_MESSAGES.riskAccepted);
  return { ids, state: state as FindingTriageState, reason, expiresAt };
}

export interface UploadQuery {
  /** 'app:<key>' or 'repo:<name>'. */
  scope: string;
  application?: string;
  format?: FindingFormat;
}

function nameOf(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text.length === 0 || [...text].length > SCOPE_NAME_MAX || [...text].some((character) => character.charCodeAt(0) < 0x20)) refuse(name, UPLOAD_MESSAGES.name(name));
  return text;
}

/** POST security/findings's query: the scope (an application or a repository) and the format. */
export function parseUploadQuery(raw: unknown): UploadQuery {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (!['graph', 'application', 'repository', 'format'].includes(name)) refuse(name, UPLOAD_MESSAGES.unknown(name));
    if (typeof value !== 'string') refuse(name, UPLOAD_MESSAGES.repeated(name));
    values[name] = value;
  }
  const application = nameOf('application', values.application);
  const repository = nameOf('repository', values.repository);
  if (application !== undefined && repository !== undefined) refuse('application', UPLOAD_MESSAGES.both);
  if (application === undefined && repository === undefined) refuse('application', UPLOAD_MESSAGES.scope);
  const format = values.format;
  if (format !== undefined && !(FINDING_FORMATS as readonly string[]).includes(format)) refuse('format', UPLOAD_MESSAGES.format);
  return {
    scope: application !== undefined ? `app:${application}` : `repo:${repository!}`,
    ...(application !== undefined ? { application } : {}),
    ...(format !== undefined ? { format: format as FindingFormat } : {}),
  };
}

const nullable = (type: string) => ({ type: [type, 'null'] });

/** A stored finding (SecurityFinding of the contract, with its scope). */
export const findingSchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'string' },
    scope: { type: 'string' },
    category: { type: 'string' },
    severity: { type: 'string' },
    toolSeverity: nullable('string'),
    title: { type: 'string' },
    state: { type: 'string' },
    reason: nullable('string'),
    expiresAt: nullable('string'),
    firstSeen: { type: 'string' },
    lastSeen: { type: 'string' },
  },
} as const;

export const importSummarySchema = {
  type: 'object',
  properties: {
    importId: { type: 'string' },
    format: { type: 'string' },
    scope: { type: 'string' },
    findings: { type: 'integer' },
    new: { type: 'integer' },
    seen: { type: 'integer' },
    fixed: { type: 'integer' },
    reopened: { type: 'integer' },
    status: { type: 'string' },
    status_url: { type: 'string' },
  },
} as const;

export const EXPORT_MESSAGES = {
  body: "Send the selection as a JSON object: { ids: [...] }.",
  ids: `'ids' must be a list of 1 to ${TRIAGE_MAX_IDS} finding ids.`,
  unknown: (name: string) => `'${name}' is not a field of an export: send ids only.`,
} as const;

/** POST security/findings/export.sarif's body: the selected findings' ids, each once. */
export function parseExportSelection(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiProblem(400, EXPORT_MESSAGES.body);
  const fields = body as Record<string, unknown>;
  for (const name of Object.keys(fields)) if (name !== 'ids') refuse(name, EXPORT_MESSAGES.unknown(name));
  const raw = fields.ids;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > TRIAGE_MAX_IDS || !raw.every(isUuid)) refuse('ids', EXPORT_MESSAGES.ids);
  return [...new Set((raw as string[]).map((value) => value.toLowerCase()))];
}
