// One finding model for every non-SBOM source of the operations domain (issue 24 item 1): code
// scanners (SARIF), IaC scanners, container scanners and cloud posture/threat services. Importers
// turn each format into `ImportedFinding`s; storage adds identity in its scope, first/last seen,
// triage state and SLA. docs/operations-findings.md has the mapping tables per format.
import * as v from 'valibot';

/** What kind of scanner reported a finding. */
export const FINDING_CATEGORIES = ['sast', 'secret', 'iac', 'container', 'cloud-posture', 'cloud-threat'] as const;
export type FindingCategory = (typeof FINDING_CATEGORIES)[number];

/** The normalized severity, most severe first. */
export const FINDING_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

/**
 * Where a finding stands. `suppressed` is the tool's own decision (a SARIF suppression, a muted
 * Prowler check, a Security Hub SUPPRESSED workflow): kept, never shown as open. The others are
 * triage states set by people, except `fixed` (a re-import of the scope no longer reports it).
 */
export const FINDING_STATES = ['open', 'confirmed', 'false_positive', 'risk_accepted', 'fixed', 'suppressed'] as const;
export type FindingState = (typeof FINDING_STATES)[number];
/** The states a person may set (`fixed` and `suppressed` come from the scanners). */
export const FINDING_TRIAGE_STATES = ['open', 'confirmed', 'false_positive', 'risk_accepted'] as const;
export type FindingTriageState = (typeof FINDING_TRIAGE_STATES)[number];

/** The formats the importers read (the detector names one of these, docs/operations-findings.md). */
export const FINDING_FORMATS = [
  'sarif',
  'semgrep',
  'checkov',
  'kics',
  'tfsec',
  'trivy',
  'asff',
  'prowler-ocsf',
  'defender-csv',
  'defender-json',
] as const;
export type FindingFormat = (typeof FINDING_FORMATS)[number];

/** The tool that produced a finding, as it names itself. */
export interface FindingTool {
  name: string;
  version: string | null;
}

/** The rule (check, query, control, recommendation) a finding breaks. */
export interface FindingRule {
  id: string;
  name: string | null;
  /** Guidance as markdown (SARIF help.markdown, else help.text, else the tool's description). */
  help: string | null;
  /** CWE ids as 'CWE-79'. */
  cwe: string[];
  tags: string[];
}

/** A region of a text file, 1-based as in SARIF (§3.30); absent parts are null. */
export interface FindingRegion {
  startLine: number | null;
  startColumn: number | null;
  endLine: number | null;
  endColumn: number | null;
}

/** A finding in a file of a repository (or of an image: `file` is then the package or target). */
export interface CodeLocation {
  kind: 'code';
  file: string;
  region: FindingRegion | null;
  snippet: string | null;
}

/** A finding on a cloud resource. */
export interface CloudLocation {
  kind: 'cloud';
  provider: 'aws' | 'azure' | 'gcp' | 'other';
  /** An ARN, an Azure resource id, or the tool's own id of the resource. */
  resourceId: string;
  resourceType: string | null;
  /** The AWS account or the Azure subscription. */
  account: string | null;
  region: string | null;
  service: string | null;
}

export type FindingLocation = CodeLocation | CloudLocation;

/** One finding as an importer reads it from a scanner's output, before storage. */
export interface ImportedFinding {
  tool: FindingTool;
  category: FindingCategory;
  rule: FindingRule;
  severity: FindingSeverity;
  /** The tool's own value, as written ('error', 'HIGH', 'Medium', '7.5'…); null when it had none. */
  toolSeverity: string | null;
  title: string;
  message: string | null;
  location: FindingLocation | null;
  /**
   * The identity of the finding in its scope: the tool's fingerprint where it gives one, else a
   * sha-256 of rule + location + normalized snippet (docs/operations-findings.md, per format).
   */
  fingerprint: string;
  /** 'open' for a new finding, 'suppressed' when the tool itself suppressed or muted it. */
  state: 'open' | 'suppressed';
  /** Why the tool suppressed it (SARIF justification, Prowler/ASFF note), when it says. */
  suppression: string | null;
  /** Identifiers of the vulnerability (CVE, GHSA) when the finding is one. */
  vulnerabilityIds: string[];
}

/** One run of a tool inside an imported file (SARIF runs, Checkov check types…). */
export interface FindingImportRun {
  tool: FindingTool;
  category: FindingCategory;
  /** Results the file reports for this run, including suppressed and passed ones it lists. */
  results: number;
  /** Of these, findings kept (every failed result, suppressed ones included). */
  findings: number;
  /** Passed checks the file lists (IaC and posture tools); they are not findings. */
  passed: number;
  suppressed: number;
  /** The distinct rule ids of its findings, sorted (results without one are not counted). */
  ruleIds: string[];
}

/**
 * A cloud control a resource passed (ASFF Compliance.Status PASSED, Prowler OCSF status PASS): kept
 * per scope as the last import of its tool reported it, so that a compliance check of the control
 * can tell the resources it passes on (docs/compliance.md, `cloud-control`).
 */
export interface PassedControl {
  tool: FindingTool;
  /** The rule as a failed result would name it (ASFF GeneratorId, Prowler check id). */
  ruleId: string;
  /** Security Hub's control id (S3.1), when the tool names one. */
  control: string | null;
  resource: string;
  provider: string | null;
}

/** What an importer returns for a file. */
export interface FindingImport {
  format: FindingFormat;
  runs: FindingImportRun[];
  findings: ImportedFinding[];
  /** Passed cloud controls by resource (ASFF and Prowler OCSF; absent for the other formats). */
  passedControls?: PassedControl[];
}

/** A stored finding (GET findings: `items`). */
export interface SecurityFinding extends Omit<ImportedFinding, 'state'> {
  id: string;
  state: FindingState;
  /** The reason given with the last triage decision. */
  reason: string | null;
  /** Until when a risk acceptance holds (ISO date), for `risk_accepted`. */
  expiresAt: string | null;
  firstSeen: string;
  lastSeen: string;
  /** From the process's SLA for the severity; null when the process sets none. */
  dueDate: string | null;
  application: string | null;
  requirements: string[];
}

/** The body of a triage decision on one or several findings. */
export const FindingTriageSchema = v.pipe(
  v.object({
    ids: v.pipe(v.array(v.pipe(v.string(), v.minLength(1))), v.minLength(1), v.maxLength(5000)),
    state: v.picklist(FINDING_TRIAGE_STATES),
    reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000))),
    expires_at: v.optional(v.pipe(v.string(), v.isoDate())),
  }),
  v.forward(
    v.check((input) => input.state !== 'risk_accepted' || Boolean(input.expires_at && input.reason), 'A risk acceptance needs a reason and an expiry date.'),
    ['expires_at'],
  ),
);
export type FindingTriage = v.InferOutput<typeof FindingTriageSchema>;

/** The query of an import: which format (detected by content when absent) and which scope. */
export const FindingImportQuerySchema = v.object({
  format: v.optional(v.picklist(FINDING_FORMATS)),
  scope: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
});
export type FindingImportQuery = v.InferOutput<typeof FindingImportQuerySchema>;

/** A stored finding as the findings routes answer it: the model with the scope it was imported into. */
export interface ScopedSecurityFinding extends SecurityFinding {
  /** 'app:<application key>' or 'repo:<repository name>'. */
  scope: string;
}

/** The counts of a findings list's filter per severity and category. */
export interface FindingTotals {
  severity: Record<FindingSeverity, number>;
  category: Record<FindingCategory, number>;
}

/**
 * GET security/findings: a page of the filter and the next page's cursor; the first page (read
 * without a cursor) also has the filter's total and its counts per severity and category, unless
 * it is asked with `counts=false`. A page read by cursor has neither: the first page's (or GET
 * security/findings/counts's) stand for the whole list.
 */
export interface SecurityFindingsPage {
  items: ScopedSecurityFinding[];
  /** On the first page only (not with `counts=false`). */
  total?: number;
  /** On the first page only (not with `counts=false`). */
  totals?: FindingTotals;
  next_cursor: string | null;
}

/** GET security/findings/counts: the list's filter counted — its total, per severity and per category. */
export interface SecurityFindingCounts {
  total: number;
  totals: FindingTotals;
}

/**
 * A process's SLA for its findings: the days from a finding's first sighting to its due date, per
 * severity; null gives a severity no due date. Only open and confirmed findings are due: the
 * others are fixed, suppressed or decided on.
 */
export type FindingSla = Record<FindingSeverity, number | null>;
/** The SLA of a process that has not set one (PUT security/sla changes it). */
export const DEFAULT_FINDING_SLA: Readonly<FindingSla> = Object.freeze({ critical: 7, high: 30, medium: 90, low: 180, info: null });
export const FINDING_SLA_MAX_DAYS = 3650;
/** The states still to be remedied: the SLA holds them to their due date. */
export const UNRESOLVED_FINDING_STATES: readonly FindingState[] = ['open', 'confirmed'];

/** GET security/sla: the process's SLA and whether it is the default (never set). */
export interface FindingSlaView {
  sla: FindingSla;
  default: boolean;
}

/** A finding's due date (YYYY-MM-DD, UTC): its first sighting plus its severity's days; null without them. */
export function findingDueDate(firstSeen: string, severity: FindingSeverity, sla: FindingSla): string | null {
  const days = sla[severity];
  if (days === null || days === undefined) return null;
  const due = new Date(firstSeen);
  due.setUTCDate(due.getUTCDate() + days);
  return due.toISOString().slice(0, 10);
}

/** One day of GET security/findings/trend: found that day, fixed that day, still open at its end. */
export interface FindingTrendDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  new: number;
  fixed: number;
  /** Open or confirmed at the day's end (today's count, walked back through the days' new and fixed). */
  open: number;
}

/** GET security/findings/trend: the list's filter over the last `days` days, oldest first. */
export interface FindingTrend {
  days: FindingTrendDay[];
}

/** The cloud providers a cloud location names (CloudLocation.provider). */
export const CLOUD_PROVIDERS = ['aws', 'azure', 'gcp', 'other'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

/**
 * What GET security/findings/groups counts findings by: the cloud account (AWS account, Azure
 * subscription), region, service or provider; the rule (check, control); the AWS standard of a
 * Security Hub control ('aws-foundational-security-best-practices'); the file or resource; the
 * scope; the tool.
 */
export const FINDING_GROUP_DIMENSIONS = ['account', 'region', 'service', 'provider', 'standard', 'rule', 'resource', 'scope', 'tool'] as const;
export type FindingGroupDimension = (typeof FINDING_GROUP_DIMENSIONS)[number];

/** One group of GET security/findings/groups: its key (null: findings without one) and counts. */
export interface FindingGroup {
  key: string | null;
  count: number;
  severity: Record<FindingSeverity, number>;
}

/** GET security/findings/groups: the largest groups of the list's filter, most findings first. */
export interface FindingGroupsPage {
  by: FindingGroupDimension;
  groups: FindingGroup[];
  /** How many groups there are in all (more than `groups` holds when `groups` was cut at the limit). */
  total: number;
}

/** One change of a finding's state: by an import (`fixed`, `reopened`) or by a person (`triaged`). */
export interface FindingHistoryEvent {
  kind: 'fixed' | 'reopened' | 'triaged';
  from_state: FindingState | null;
  to_state: FindingState;
  at: string;
  import_id: string | null;
  user_id: string | null;
  reason: string | null;
}

/** GET security/findings/{id}. */
/** Another tool's finding on the same file line (or cloud resource) sharing a CWE (GET security/findings/{id} `related`). */
export interface RelatedFinding {
  id: string;
  tool: string;
  ruleId: string;
  severity: FindingSeverity;
  state: FindingState;
  title: string;
  /** The CWEs the two findings share. */
  cwe: string[];
}

/** A requirement a finding is linked to (its code and title, for the link). */
export interface FindingRequirementRef {
  id: string;
  code: string;
  title: string;
}

/** The most requirements one finding links to (PUT security/findings/{id}/requirements). */
export const FINDING_REQUIREMENTS_MAX = 50;

export interface SecurityFindingDetail extends ScopedSecurityFinding {
  /** Oldest first. */
  history: FindingHistoryEvent[];
  /** Findings of other tools on the same CWE and location, most severe first (at most 20). */
  related: RelatedFinding[];
  /** The requirements of `requirements`, by code. */
  linkedRequirements: FindingRequirementRef[];
}

/** POST security/findings: what an upload changed in its scope (a CI's 202 adds its status and status URL). */
export interface FindingImportSummary {
  importId: string;
  format: FindingFormat;
  scope: string;
  /** Findings of the file after de-duplication by fingerprint. */
  findings: number;
  new: number;
  seen: number;
  fixed: number;
  reopened: number;
  status?: 'DONE';
  status_url?: string;
}

/** PUT security/findings/{id}/state and POST security/findings/triage: the ids changed. */
export interface FindingTriageResult {
  ids: string[];
  state: FindingTriageState;
}
