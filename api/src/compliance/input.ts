// The body of POST requirements/{id}/checks and PUT requirements/{id}/checks/{checkId}: a kind, a
// scope the kind takes and its parameters, each field checked with a precise message (400 naming
// it: 'scope.keys', 'params.severity'), absent parameters given their defaults. Whether a task_id
// names a recurring task of the process is the service's (it reads the database).
import {
  COMPLIANCE_CHECK_KINDS,
  COMPLIANCE_FINDING_SOURCES,
  COMPLIANCE_KIND_SCOPES,
  COMPLIANCE_LIMITS,
  COMPLIANCE_MESSAGES as M,
  COMPLIANCE_SCOPE_KINDS,
  COMPLIANCE_SEVERITIES,
  DEPLOYMENT_ENVIRONMENTS,
  hasInjectionMarker,
  LICENSE_CATEGORIES,
  MESSAGES,
  SBOM_PROVENANCE_ATTRIBUTES,
  type ComplianceCheckKind,
  type ComplianceParams,
  type ComplianceScope,
  type ComplianceScopeKind,
} from '@portal/shared/server';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';

/** A check as stored: its kind, a scope it takes and its parameters with the defaults filled in. */
export interface CheckDefinition<K extends ComplianceCheckKind = ComplianceCheckKind> {
  kind: K;
  scope: ComplianceScope;
  params: ComplianceParams[K];
}

type Errors = Record<string, string>;
type Values = Record<string, unknown>;

const isObject = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);

const ACCOUNT = /^(aws|azure|gcp):[A-Za-z0-9._-]{1,200}$/;
const CONTROL = /^[A-Za-z0-9._:/-]{1,200}$/;

/** A list of names (trimmed, de-duplicated); `undefined` when absent, null after an error. */
function names(errors: Errors, field: string, value: unknown, message: string = M.list, test?: (name: string) => boolean): string[] | null {
  if (value === undefined) return [];
  const valid =
    Array.isArray(value) &&
    value.length <= COMPLIANCE_LIMITS.listItems &&
    value.every((item) => typeof item === 'string' && item.trim() !== '' && [...item.trim()].length <= COMPLIANCE_LIMITS.itemLength && !hasInjectionMarker(item));
  if (!valid || (test && !(value as string[]).every((item) => test(item.trim())))) {
    errors[field] = message;
    return null;
  }
  return [...new Set((value as string[]).map((item) => item.trim()))];
}

function onlyFields(errors: Errors, values: Values, allowed: readonly string[], message: (field: string) => string, prefix: string): void {
  for (const field of Object.keys(values)) if (!allowed.includes(field)) errors[`${prefix}${field.slice(0, 64)}`] = message(field.slice(0, 64));
}

function parseScope(errors: Errors, kind: ComplianceCheckKind, value: unknown): ComplianceScope | null {
  if (value === undefined) return { kind: COMPLIANCE_KIND_SCOPES[kind][0] } as ComplianceScope;
  if (!isObject(value)) {
    errors.scope = M.scopeObject;
    return null;
  }
  if (!oneOf(COMPLIANCE_SCOPE_KINDS, value.kind)) {
    errors['scope.kind'] = M.scopeKind;
    return null;
  }
  const scopeKind: ComplianceScopeKind = value.kind;
  if (!COMPLIANCE_KIND_SCOPES[kind].includes(scopeKind)) {
    errors['scope.kind'] = M.scopeNotTaken(kind);
    return null;
  }
  const fields: Record<ComplianceScopeKind, string[]> = { process: [], applications: ['keys', 'portfolios', 'tags'], repositories: ['names'], 'cloud-accounts': ['accounts'] };
  onlyFields(errors, value, ['kind', ...fields[scopeKind]], (field) => M.unknownScopeField(field, scopeKind), 'scope.');
  switch (scopeKind) {
    case 'process':
      return { kind: 'process' };
    case 'applications': {
      const keys = names(errors, 'scope.keys', value.keys);
      const portfolios = names(errors, 'scope.portfolios', value.portfolios);
      const tags = names(errors, 'scope.tags', value.tags);
      if (!keys || !portfolios || !tags) return null;
      if (keys.length + portfolios.length + tags.length === 0) {
        errors['scope.keys'] = M.applicationsEmpty;
        return null;
      }
      return { kind: 'applications', keys, portfolios, tags };
    }
    case 'repositories': {
      const list = names(errors, 'scope.names', value.names);
      if (list && list.length === 0) errors['scope.names'] = M.namesEmpty;
      return list && list.length > 0 ? { kind: 'repositories', names: list } : null;
    }
    case 'cloud-accounts': {
      const list = names(errors, 'scope.accounts', value.accounts, M.account, (account) => ACCOUNT.test(account));
      if (list && list.length === 0) errors['scope.accounts'] = M.namesEmpty;
      return list && list.length > 0 ? { kind: 'cloud-accounts', accounts: list.map((account) => account.toLowerCase()) } : null;
    }
  }
}

function days(errors: Errors, field: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) errors[field] = M.days(min, max);
  return value as number;
}

function choices<T extends string>(errors: Errors, field: string, value: unknown, allowed: readonly T[], fallback: readonly T[], message: string, allowEmpty = false): T[] {
  if (value === undefined) return [...fallback];
  if (!Array.isArray(value) || (!allowEmpty && value.length === 0) || !value.every((item) => oneOf(allowed, item))) {
    errors[field] = message;
    return [];
  }
  // In the list's own order, once each.
  return allowed.filter((item) => (value as unknown[]).includes(item));
}

function optionalText(errors: Errors, field: string, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
  if (text === '' || [...text].length > COMPLIANCE_LIMITS.itemLength || hasInjectionMarker(text)) {
    errors[field] = M.text;
    return null;
  }
  return text;
}

const PARAMETERS: { [K in ComplianceCheckKind]: string[] } = {
  'open-findings': ['sources', 'severity', 'older_than_days'],
  'active-exploit': ['sources'],
  'sbom-fresh': ['max_age_days'],
  'license-category': ['categories', 'environments'],
  'cloud-control': ['controls'],
  'evidence-file': ['folder', 'tag'],
  'recurring-task': ['task_id', 'grace_days'],
  'sbom-provenance': ['require', 'min_identified_percent'],
};

function parseParams(errors: Errors, kind: ComplianceCheckKind, value: unknown): ComplianceParams[ComplianceCheckKind] | null {
  const values = value === undefined ? {} : value;
  if (!isObject(values)) {
    errors.params = M.paramsObject;
    return null;
  }
  onlyFields(errors, values, PARAMETERS[kind], (field) => M.unknownParam(field, kind), 'params.');
  const sources = () => choices(errors, 'params.sources', values.sources, COMPLIANCE_FINDING_SOURCES, COMPLIANCE_FINDING_SOURCES, M.sources);
  switch (kind) {
    case 'open-findings': {
      const severity = values.severity === undefined ? 'high' : values.severity;
      if (!oneOf(COMPLIANCE_SEVERITIES, severity)) errors['params.severity'] = M.severity;
      return { sources: sources(), severity: severity as ComplianceParams['open-findings']['severity'], older_than_days: days(errors, 'params.older_than_days', values.older_than_days, 0, 0, COMPLIANCE_LIMITS.days) };
    }
    case 'active-exploit':
      return { sources: sources() };
    case 'sbom-fresh':
      return { max_age_days: days(errors, 'params.max_age_days', values.max_age_days, 30, 1, COMPLIANCE_LIMITS.days) };
    case 'license-category':
      return {
        categories: choices(errors, 'params.categories', values.categories, LICENSE_CATEGORIES, ['strong-copyleft'], M.categories),
        environments: choices(errors, 'params.environments', values.environments, DEPLOYMENT_ENVIRONMENTS, [], M.environments, true),
      };
    case 'cloud-control': {
      const controls = names(errors, 'params.controls', values.controls, M.controls, (control) => CONTROL.test(control));
      if (controls && (controls.length === 0 || controls.length > COMPLIANCE_LIMITS.controls)) errors['params.controls'] = M.controls;
      return { controls: controls ?? [] };
    }
    case 'evidence-file':
      return { folder: optionalText(errors, 'params.folder', values.folder), tag: optionalText(errors, 'params.tag', values.tag) };
    case 'recurring-task': {
      const taskId = values.task_id === undefined || values.task_id === null ? null : values.task_id;
      if (taskId !== null && !isUuid(taskId)) errors['params.task_id'] = M.task;
      return { task_id: taskId === null ? null : String(taskId).toLowerCase(), grace_days: days(errors, 'params.grace_days', values.grace_days, 0, 0, COMPLIANCE_LIMITS.graceDays) };
    }
    case 'sbom-provenance': {
      const require = choices(errors, 'params.require', values.require, SBOM_PROVENANCE_ATTRIBUTES, ['supplier', 'author', 'timestamp'], M.provenance, true);
      const percent = values.min_identified_percent === undefined ? 0 : values.min_identified_percent;
      if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 0 || percent > 100) errors['params.min_identified_percent'] = M.percent;
      // A check that requires nothing would pass whatever the SBOM says.
      else if (require.length === 0 && percent === 0 && errors['params.require'] === undefined) errors['params.require'] = M.provenanceEmpty;
      return { require, min_identified_percent: percent as number };
    }
  }
}

/** The check the body defines; 400 naming every field in error (the first as the detail). */
export function parseCheckInput(body: unknown): CheckDefinition {
  if (!isObject(body)) throw new ApiProblem(400, M.body);
  const errors: Errors = {};
  onlyFields(errors, body, ['kind', 'scope', 'params'], M.unknownField, '');
  if (!oneOf(COMPLIANCE_CHECK_KINDS, body.kind)) {
    errors.kind = body.kind === undefined ? MESSAGES.required : M.kind;
    throw new ApiProblem(400, Object.values(errors)[0], {}, errors);
  }
  const kind = body.kind;
  const scope = parseScope(errors, kind, body.scope);
  const params = parseParams(errors, kind, body.params);
  const [first] = Object.values(errors);
  if (first !== undefined || !scope || !params) throw new ApiProblem(400, first ?? M.body, {}, errors);
  return { kind, scope, params } as CheckDefinition;
}
