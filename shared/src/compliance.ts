// @portal/shared/compliance: live compliance (issue 28, docs/compliance.md) — the automated checks a
// requirement carries, their results with the evidence that fails them, and the requirement's status
// computed from them. Shared by the API (through '@portal/shared/server') and the remotes that show
// it (the depository's badge, a requirement's evidence panel, the dashboard). Not the index:
// '@portal/shared' is in the host's first load. Pure (no React, no DOM).
import type { DeploymentEnvironment } from './entities/deployment';
import type { LicenseCategory } from './entities/licenses';
import type { UserRef } from './entities/requirement';

// The shipped templates (NIST SP 800-53 controls → checks) and the exports (OSCAL, CycloneDX).
export * from './complianceTemplates';

/** What a check verifies (docs/compliance.md, "Check kinds"). */
export const COMPLIANCE_CHECK_KINDS = [
  'open-findings',
  'active-exploit',
  'sbom-fresh',
  'license-category',
  'cloud-control',
  'evidence-file',
  'recurring-task',
  'sbom-provenance',
] as const;
export type ComplianceCheckKind = (typeof COMPLIANCE_CHECK_KINDS)[number];

/** A check's (and a requirement's) status; `not_evaluated`: nothing in scope to judge by. */
export const COMPLIANCE_STATUSES = ['passing', 'failing', 'not_evaluated'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** Where a check looks. */
export const COMPLIANCE_SCOPE_KINDS = ['process', 'applications', 'repositories', 'cloud-accounts'] as const;
export type ComplianceScopeKind = (typeof COMPLIANCE_SCOPE_KINDS)[number];

/** The scopes each kind of check takes (the first is the default when none is sent). */
export const COMPLIANCE_KIND_SCOPES: Readonly<Record<ComplianceCheckKind, readonly ComplianceScopeKind[]>> = {
  'open-findings': ['process', 'applications', 'repositories', 'cloud-accounts'],
  'active-exploit': ['process', 'applications', 'repositories', 'cloud-accounts'],
  'sbom-fresh': ['process', 'applications'],
  'license-category': ['process', 'applications'],
  'cloud-control': ['process', 'cloud-accounts'],
  'evidence-file': ['process'],
  'recurring-task': ['process'],
  'sbom-provenance': ['process', 'applications'],
};

/**
 * The applications of the process (`process`), those matching any of the keys, portfolios or tags
 * (`applications`), the repositories and the cloud accounts (`aws:<account>`, `azure:<subscription>`)
 * that security findings were imported into.
 */
export type ComplianceScope =
  | { kind: 'process' }
  | { kind: 'applications'; keys: string[]; portfolios: string[]; tags: string[] }
  | { kind: 'repositories'; names: string[] }
  | { kind: 'cloud-accounts'; accounts: string[] };

/** Where an open finding comes from: an SBOM's components, code scanners (SAST, secrets), IaC and container scanners, clouds. */
export const COMPLIANCE_FINDING_SOURCES = ['sbom', 'sast', 'iac', 'cloud'] as const;
export type ComplianceFindingSource = (typeof COMPLIANCE_FINDING_SOURCES)[number];

/** The severities a threshold may name, most severe first. */
export const COMPLIANCE_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ComplianceSeverity = (typeof COMPLIANCE_SEVERITIES)[number];

/**
 * What an SBOM may record of its provenance (docs/compliance.md, "sbom-provenance"): the supplier of
 * the software it describes (CycloneDX metadata.supplier, metadata.manufacturer or the described
 * component's supplier; SPDX: the described package's supplier), the authors of the SBOM (CycloneDX
 * metadata.authors; SPDX: a Person or Organization creator), the tools that generated it, when it was
 * made, a signature (CycloneDX's enveloped JSF or XML signature; not verified), and `pipeline`: it was
 * uploaded by a CI/CD ingestion module's API key, not by hand.
 */
export const SBOM_PROVENANCE_ATTRIBUTES = ['supplier', 'author', 'tool', 'timestamp', 'signature', 'pipeline'] as const;
export type SbomProvenanceAttribute = (typeof SBOM_PROVENANCE_ATTRIBUTES)[number];

/** Bounds of the parameters. */
export const COMPLIANCE_LIMITS = {
  days: 3650,
  graceDays: 365,
  listItems: 100,
  itemLength: 255,
  controls: 50,
  /** Reasons kept per result (the total is counted beyond). */
  reasons: 100,
  /** Checks per requirement. */
  checks: 20,
} as const;

/** Each kind's parameters, as the API stores and answers them (defaults filled in). */
export interface ComplianceParams {
  /** Failing when an open finding at or above `severity` from one of `sources` was first seen more than `older_than_days` ago. */
  'open-findings': { sources: ComplianceFindingSource[]; severity: ComplianceSeverity; older_than_days: number };
  /** Failing when an open finding of `sources` has an active exploit (flagged, or its CVE in CISA's KEV catalog). */
  'active-exploit': { sources: ComplianceFindingSource[] };
  /** Failing when an application in scope has no processed SBOM newer than `max_age_days`. */
  'sbom-fresh': { max_age_days: number };
  /** Failing when the RBOM of a deployment profile (of `environments`; none: all) has a component of one of `categories`. */
  'license-category': { categories: LicenseCategory[]; environments: DeploymentEnvironment[] };
  /** Failing when a finding of one of `controls` (Security Hub control id, Prowler check id, Defender assessment key) is open. */
  'cloud-control': { controls: string[] };
  /** Failing unless a document linked to the requirement (in `folder`, with `tag`, when given) is within its review-by date. */
  'evidence-file': { folder: string | null; tag: string | null };
  /** Failing unless the latest due occurrence of the recurring task (`task_id`; null: every series linked to the requirement) was completed within `grace_days` of its due date. */
  'recurring-task': { task_id: string | null; grace_days: number };
  /**
   * Failing when the current SBOM of an application in scope lacks one of `require`, or identifies
   * fewer than `min_identified_percent` % of its components by a package URL.
   */
  'sbom-provenance': { require: SbomProvenanceAttribute[]; min_identified_percent: number };
}

/** What POST requirements/{id}/checks takes and PUT requirements/{id}/checks/{checkId} replaces (params: absent ones take their defaults). */
export interface ComplianceCheckInput {
  kind: ComplianceCheckKind;
  /** Absent: `{ kind: 'process' }`. */
  scope?: ComplianceScope;
  params?: Record<string, unknown>;
}

/** What a reason points at. */
export const COMPLIANCE_REASON_KINDS = ['finding', 'vulnerability', 'component', 'application', 'resource', 'document', 'task', 'requirement'] as const;
export type ComplianceReasonKind = (typeof COMPLIANCE_REASON_KINDS)[number];

/** One piece of evidence that fails a check (or that is missing), with where the portal shows it. */
export interface ComplianceReason {
  kind: ComplianceReasonKind;
  id: string;
  label: string;
  /** A path of the portal ('/security/sast?finding=…'); null when it has no page. */
  link: string | null;
}

export interface ComplianceResult {
  status: ComplianceStatus;
  /** One line: why it passes, fails, or could not be evaluated. */
  summary: string;
  /** At most COMPLIANCE_LIMITS.reasons, most severe and oldest first; those the caller may not see are left out. */
  reasons: ComplianceReason[];
  /** Every reason found, beyond the ones kept. */
  reason_total: number;
  /** Reasons kept but left out of this answer: the caller may not see what they point at. */
  hidden_reasons: number;
  /** null: not evaluated yet. */
  evaluated_at: string | null;
  /** Since when it has had this status. */
  since: string;
}

export interface ComplianceCheck<K extends ComplianceCheckKind = ComplianceCheckKind> {
  id: string;
  requirement_id: string;
  kind: K;
  scope: ComplianceScope;
  params: ComplianceParams[K];
  /** The check in words ('No open SBOM or SAST finding at or above high older than 30 days'). */
  description: string;
  created_by: UserRef | null;
  created_at: string;
  updated_at: string;
  result: ComplianceResult;
}

/** A status change of a check (`check_id`) or of the requirement itself (`check_id` null). */
export interface ComplianceHistoryEntry {
  at: string;
  check_id: string | null;
  /** The check's kind (kept after the check is deleted); null for the requirement. */
  kind: ComplianceCheckKind | null;
  from: ComplianceStatus | null;
  /** null: the requirement's last check was deleted (it has no status since). */
  to: ComplianceStatus | null;
  summary: string;
}

/** GET requirements/{id}/compliance (and what POST …/compliance/evaluate answers). */
export interface RequirementCompliance {
  requirement_id: string;
  /** Failing when a check fails, not evaluated when one could not be, passing when all pass; null without checks. */
  status: ComplianceStatus | null;
  since: string | null;
  evaluated_at: string | null;
  checks: ComplianceCheck[];
  /** The latest status changes, newest first (at most 100). */
  history: ComplianceHistoryEntry[];
}

/** GET compliance/statuses: every requirement of the process that has checks (the depository's badges). */
export interface ComplianceStatusItem {
  requirement_id: string;
  status: ComplianceStatus;
  since: string;
}

/**
 * GET compliance/recurring-tasks: a recurring task series of the process, what a `recurring-task`
 * check may name (`params.task_id`): `id` is the series' first occurrence, `title` and
 * `recurrence` its latest's.
 */
export interface ComplianceRecurringTask {
  id: string;
  title: string;
  /** The RFC 5545 rule (FREQ=MONTHLY;INTERVAL=3); null: the series no longer recurs. */
  recurrence: string | null;
  /** The due date (YYYY-MM-DD) of its open occurrence; null when none is open. */
  next_due: string | null;
}

/** The live event of a requirement's compliance (events#<userId>, for who may view requirements). */
export const COMPLIANCE_EVENT = 'Compliance';
export interface ComplianceEventData {
  graph: string;
  /** The requirement's id. */
  id: string;
  kind: 'compliance';
  status: ComplianceStatus | null;
  previous: ComplianceStatus | null;
}

/** The API's 400s (field → message in `errors`). */
export const COMPLIANCE_MESSAGES = {
  body: 'The body must be a JSON object.',
  unknownField: (field: string) => `'${field}' is not a field of a check.`,
  kind: `Must be one of ${COMPLIANCE_CHECK_KINDS.join(', ')}.`,
  scopeObject: "Must be an object with 'kind'.",
  scopeKind: `Must be one of ${COMPLIANCE_SCOPE_KINDS.join(', ')}.`,
  scopeNotTaken: (kind: ComplianceCheckKind) => `A ${kind} check takes a scope of ${COMPLIANCE_KIND_SCOPES[kind].join(' or ')}.`,
  unknownScopeField: (field: string, kind: ComplianceScopeKind) => `'${field}' is not a field of a ${kind} scope.`,
  applicationsEmpty: 'Name at least one application key, portfolio or tag.',
  namesEmpty: 'Name at least one.',
  list: `Must be a list of at most ${COMPLIANCE_LIMITS.listItems} names of 1 to ${COMPLIANCE_LIMITS.itemLength} characters.`,
  account: "Each account is 'aws:<account id>', 'azure:<subscription id>' or 'gcp:<project>'.",
  paramsObject: 'Must be an object.',
  unknownParam: (field: string, kind: ComplianceCheckKind) => `'${field}' is not a parameter of a ${kind} check.`,
  sources: `Must be one or more of ${COMPLIANCE_FINDING_SOURCES.join(', ')}.`,
  severity: `Must be one of ${COMPLIANCE_SEVERITIES.join(', ')}.`,
  days: (min: number, max: number) => `Must be a whole number from ${min} to ${max}.`,
  categories: 'Must be one or more of permissive, weak-copyleft, strong-copyleft, unknown.',
  environments: 'Must be a list of dev, qa, staging, prod (empty: every environment).',
  controls: `Must be 1 to ${COMPLIANCE_LIMITS.controls} control ids (letters, digits and . _ - : /, at most 200 characters each).`,
  text: `Must be null or 1 to ${COMPLIANCE_LIMITS.itemLength} characters.`,
  task: 'Must be null or the id of a recurring task of this process.',
  provenance: `Must be a list of ${SBOM_PROVENANCE_ATTRIBUTES.join(', ')} (empty: none required).`,
  percent: 'Must be a whole number from 0 to 100.',
  provenanceEmpty: 'Require at least one attribute or a share of identified components above 0.',
  tooManyChecks: `A requirement has at most ${COMPLIANCE_LIMITS.checks} checks.`,
  deleted: 'The requirement is deleted: its checks cannot be changed.',
} as const;

// The dashboard's summary per standard and family (GET compliance/summary).
export * from './complianceSummary';
