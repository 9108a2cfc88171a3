// The check dialog's values: made from a check (or a kind's defaults), checked as the API checks
// them (the contract's bounds and messages, COMPLIANCE_LIMITS and COMPLIANCE_MESSAGES, keyed by the
// API's field names: 'scope.keys', 'params.max_age_days'), and turned into the body of POST/PUT
// requirements/{id}/checks. The API's own 400 messages land on the same fields.
import { DEPLOYMENT_ENVIRONMENTS, LICENSE_CATEGORIES, problemFieldMap, type DeploymentEnvironment, type LicenseCategory } from '@portal/shared';
import {
  COMPLIANCE_FINDING_SOURCES,
  COMPLIANCE_KIND_SCOPES,
  COMPLIANCE_LIMITS,
  COMPLIANCE_MESSAGES as M,
  SBOM_PROVENANCE_ATTRIBUTES,
  type ComplianceCheck,
  type ComplianceCheckInput,
  type ComplianceCheckKind,
  type ComplianceFindingSource,
  type ComplianceParams,
  type ComplianceScopeKind,
  type ComplianceSeverity,
  type SbomProvenanceAttribute,
} from '@portal/shared/compliance';

export interface CheckFormValues {
  kind: ComplianceCheckKind;
  scopeKind: ComplianceScopeKind;
  /** Lists as typed: names separated by commas or lines. */
  keys: string;
  portfolios: string;
  tags: string;
  names: string;
  accounts: string;
  sources: ComplianceFindingSource[];
  severity: ComplianceSeverity;
  /** Whole numbers as typed. */
  olderThanDays: string;
  maxAgeDays: string;
  graceDays: string;
  categories: LicenseCategory[];
  environments: DeploymentEnvironment[];
  controls: string;
  folder: string;
  tag: string;
  taskId: string;
  provenance: SbomProvenanceAttribute[];
  minIdentifiedPercent: string;
}

/** Field name (the API's) → message. */
export type CheckFormErrors = Partial<Record<string, string>>;

/** The defaults the API fills in for absent parameters. */
export const DEFAULT_VALUES: CheckFormValues = {
  kind: 'sbom-fresh',
  scopeKind: 'process',
  keys: '',
  portfolios: '',
  tags: '',
  names: '',
  accounts: '',
  sources: [...COMPLIANCE_FINDING_SOURCES],
  severity: 'high',
  olderThanDays: '0',
  maxAgeDays: '30',
  graceDays: '0',
  categories: ['strong-copyleft'],
  environments: [],
  controls: '',
  folder: '',
  tag: '',
  taskId: '',
  provenance: ['supplier', 'author', 'timestamp'],
  minIdentifiedPercent: '0',
};

const joined = (items: readonly string[]) => items.join(', ');

/** A check's values, the other kinds' fields at their defaults. */
export function valuesOf(check: ComplianceCheck): CheckFormValues {
  const values: CheckFormValues = { ...DEFAULT_VALUES, kind: check.kind, scopeKind: check.scope.kind };
  const { scope } = check;
  if (scope.kind === 'applications') Object.assign(values, { keys: joined(scope.keys), portfolios: joined(scope.portfolios), tags: joined(scope.tags) });
  if (scope.kind === 'repositories') values.names = joined(scope.names);
  if (scope.kind === 'cloud-accounts') values.accounts = joined(scope.accounts);
  const params = check.params as Partial<ComplianceParams['open-findings'] & ComplianceParams['sbom-fresh'] & ComplianceParams['license-category']> &
    Partial<ComplianceParams['cloud-control'] & ComplianceParams['evidence-file'] & ComplianceParams['recurring-task'] & ComplianceParams['sbom-provenance']>;
  if (params.sources) values.sources = [...params.sources];
  if (params.severity) values.severity = params.severity;
  if (params.older_than_days !== undefined) values.olderThanDays = String(params.older_than_days);
  if (params.max_age_days !== undefined) values.maxAgeDays = String(params.max_age_days);
  if (params.grace_days !== undefined) values.graceDays = String(params.grace_days);
  if (params.categories) values.categories = [...params.categories];
  if (params.environments) values.environments = [...params.environments];
  if (params.controls) values.controls = joined(params.controls);
  if (params.folder) values.folder = params.folder;
  if (params.tag) values.tag = params.tag;
  if (params.task_id) values.taskId = params.task_id;
  if (params.require) values.provenance = [...params.require];
  if (params.min_identified_percent !== undefined) values.minIdentifiedPercent = String(params.min_identified_percent);
  return values;
}

/** The kind changed: its first scope when the one chosen is not one it takes. */
export function withKind(values: CheckFormValues, kind: ComplianceCheckKind): CheckFormValues {
  const scopes = COMPLIANCE_KIND_SCOPES[kind];
  return { ...values, kind, scopeKind: scopes.includes(values.scopeKind) ? values.scopeKind : scopes[0] };
}

/** Names separated by commas or lines, trimmed, each once. */
export const namesOf = (text: string): string[] => [...new Set(text.split(/[,\n]/).map((name) => name.trim()).filter((name) => name !== ''))];

const ACCOUNT = /^(aws|azure|gcp):[A-Za-z0-9._-]{1,200}$/;
const CONTROL = /^[A-Za-z0-9._:/-]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const length = (text: string) => [...text].length;

function wholeNumber(errors: CheckFormErrors, field: string, text: string, min: number, max: number): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(value) || value < min || value > max) errors[field] = M.days(min, max);
  return value;
}

function nameList(errors: CheckFormErrors, field: string, text: string, required: string | null, message: string = M.list, test?: (name: string) => boolean): string[] {
  const names = namesOf(text);
  if (names.length > COMPLIANCE_LIMITS.listItems || names.some((name) => length(name) > COMPLIANCE_LIMITS.itemLength || (test && !test(name)))) errors[field] = message;
  else if (required !== null && names.length === 0) errors[field] = required;
  return names;
}

function optionalText(errors: CheckFormErrors, field: string, text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  if (length(value) > COMPLIANCE_LIMITS.itemLength) errors[field] = M.text;
  return value;
}

/** The body the values make, and the messages of the fields the API would refuse. */
export function checkInput(values: CheckFormValues): { input: ComplianceCheckInput; errors: CheckFormErrors } {
  const errors: CheckFormErrors = {};
  const { kind, scopeKind } = values;
  let scope: ComplianceCheckInput['scope'];
  switch (scopeKind) {
    case 'process':
      scope = { kind: 'process' };
      break;
    case 'applications': {
      const keys = nameList(errors, 'scope.keys', values.keys, null);
      const portfolios = nameList(errors, 'scope.portfolios', values.portfolios, null);
      const tags = nameList(errors, 'scope.tags', values.tags, null);
      if (!errors['scope.keys'] && keys.length + portfolios.length + tags.length === 0) errors['scope.keys'] = M.applicationsEmpty;
      scope = { kind: 'applications', keys, portfolios, tags };
      break;
    }
    case 'repositories':
      scope = { kind: 'repositories', names: nameList(errors, 'scope.names', values.names, M.namesEmpty) };
      break;
    case 'cloud-accounts':
      scope = { kind: 'cloud-accounts', accounts: nameList(errors, 'scope.accounts', values.accounts, M.namesEmpty, M.account, (account) => ACCOUNT.test(account)) };
      break;
  }
  if (!COMPLIANCE_KIND_SCOPES[kind].includes(scopeKind)) errors['scope.kind'] = M.scopeNotTaken(kind);
  const sources = () => {
    if (values.sources.length === 0) errors['params.sources'] = M.sources;
    return values.sources;
  };
  let params: Record<string, unknown>;
  switch (kind) {
    case 'open-findings':
      params = { sources: sources(), severity: values.severity, older_than_days: wholeNumber(errors, 'params.older_than_days', values.olderThanDays, 0, COMPLIANCE_LIMITS.days) };
      break;
    case 'active-exploit':
      params = { sources: sources() };
      break;
    case 'sbom-fresh':
      params = { max_age_days: wholeNumber(errors, 'params.max_age_days', values.maxAgeDays, 1, COMPLIANCE_LIMITS.days) };
      break;
    case 'license-category':
      if (values.categories.length === 0) errors['params.categories'] = M.categories;
      params = { categories: LICENSE_CATEGORIES.filter((each) => values.categories.includes(each)), environments: DEPLOYMENT_ENVIRONMENTS.filter((each) => values.environments.includes(each)) };
      break;
    case 'cloud-control': {
      const controls = nameList(errors, 'params.controls', values.controls, M.controls, M.controls, (control) => CONTROL.test(control));
      if (controls.length > COMPLIANCE_LIMITS.controls) errors['params.controls'] = M.controls;
      params = { controls };
      break;
    }
    case 'evidence-file':
      params = { folder: optionalText(errors, 'params.folder', values.folder), tag: optionalText(errors, 'params.tag', values.tag) };
      break;
    case 'recurring-task': {
      const taskId = values.taskId.trim();
      if (taskId !== '' && !UUID.test(taskId)) errors['params.task_id'] = M.task;
      params = { task_id: taskId === '' ? null : taskId, grace_days: wholeNumber(errors, 'params.grace_days', values.graceDays, 0, COMPLIANCE_LIMITS.graceDays) };
      break;
    }
    case 'sbom-provenance': {
      const percent = Number(values.minIdentifiedPercent.trim());
      if (values.minIdentifiedPercent.trim() === '' || !Number.isInteger(percent) || percent < 0 || percent > 100) errors['params.min_identified_percent'] = M.percent;
      else if (values.provenance.length === 0 && percent === 0) errors['params.require'] = M.provenanceEmpty;
      params = { require: SBOM_PROVENANCE_ATTRIBUTES.filter((each) => values.provenance.includes(each)), min_identified_percent: percent };
      break;
    }
  }
  return { input: { kind, scope, params }, errors };
}

/** The fields the dialog shows for the values (an error on another one is shown above the buttons). */
export function shownFields(values: CheckFormValues): string[] {
  const scope: Record<ComplianceScopeKind, string[]> = {
    process: [],
    applications: ['scope.keys', 'scope.portfolios', 'scope.tags'],
    repositories: ['scope.names'],
    'cloud-accounts': ['scope.accounts'],
  };
  const params: Record<ComplianceCheckKind, string[]> = {
    'open-findings': ['params.sources', 'params.severity', 'params.older_than_days'],
    'active-exploit': ['params.sources'],
    'sbom-fresh': ['params.max_age_days'],
    'license-category': ['params.categories', 'params.environments'],
    'cloud-control': ['params.controls'],
    'evidence-file': ['params.folder', 'params.tag'],
    'recurring-task': ['params.task_id', 'params.grace_days'],
    'sbom-provenance': ['params.require', 'params.min_identified_percent'],
  };
  return ['kind', 'scope.kind', ...scope[values.scopeKind], ...params[values.kind]];
}

/** The API's refusal: messages on the fields the dialog shows, and whether any was not one of them. */
export function serverErrors(error: unknown, values: CheckFormValues): { fields: CheckFormErrors; unplaced: boolean } {
  const shown = new Set(shownFields(values));
  const fields: CheckFormErrors = {};
  let unplaced = false;
  for (const [field, message] of Object.entries(problemFieldMap(error))) {
    if (shown.has(field)) fields[field] = message;
    else unplaced = true;
  }
  return { fields, unplaced: unplaced || Object.keys(fields).length === 0 };
}
