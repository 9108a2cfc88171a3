// VEX analyses of a build's findings (issue 7 item 8; spec 4.5): the states, justifications and
// responses of CycloneDX 1.6, an analysis and its comment trail, the findings of a build with
// their analysis as the applications API lists them, and what an imported VEX did.
import type { Advisory, FindingFacts, VulnerabilitySeverity } from './application';

/** VEX resolution statuses: a closed set (spec 4.5). */
export const VEX_RESOLUTIONS = ['resolved', 'resolved_with_pedigree', 'false_positive', 'not_affected'] as const;
export type VexResolution = (typeof VEX_RESOLUTIONS)[number];

/**
 * The states an analysis may hold: spec 4.5's four resolutions (VEX_RESOLUTIONS) and CycloneDX's
 * two open states, kept so that an imported VEX says after export what it said before:
 * 'in_triage' (CISA "under_investigation") and 'exploitable' (CISA "affected"). No analysis, or
 * state null, is CycloneDX's "not set".
 */
export const VEX_ANALYSIS_STATES = [...VEX_RESOLUTIONS, 'in_triage', 'exploitable'] as const;
export type VexAnalysisState = (typeof VEX_ANALYSIS_STATES)[number];

/** CycloneDX 1.6 `analysis.justification`. */
export const VEX_JUSTIFICATIONS = [
  'code_not_present',
  'code_not_reachable',
  'requires_configuration',
  'requires_dependency',
  'requires_environment',
  'protected_by_compiler',
  'protected_at_runtime',
  'protected_at_perimeter',
  'protected_by_mitigating_control',
] as const;
export type VexJustification = (typeof VEX_JUSTIFICATIONS)[number];

/** CycloneDX 1.6 `analysis.response`. */
export const VEX_RESPONSES = ['can_not_fix', 'will_not_fix', 'update', 'rollback', 'workaround_available'] as const;
export type VexResponse = (typeof VEX_RESPONSES)[number];

/** Where an analysis (or a trail entry) came from. */
export type VexSource = 'user' | 'vex-import' | 'carried-over';

export interface VexAnalysis {
  state: VexAnalysisState | null;
  justification: VexJustification | null;
  response: VexResponse[];
  detail: string | null;
  source: VexSource;
  /** The build it was carried over from (when source is 'carried-over'). */
  carried_over_from: { build_id: string; number: number } | null;
  first_issued: string;
  updated_at: string;
  /** Login id of whoever changed it last; null for an import by a deleted user. */
  updated_by: string | null;
}

/** One step of an analysis's comment trail (who, when, what). */
export interface VexTrailEntry {
  id: string;
  at: string;
  by: string | null;
  source: VexSource;
  /** The analysis after this step (unchanged fields repeated). */
  state: VexAnalysisState | null;
  justification: VexJustification | null;
  response: VexResponse[];
  detail: string | null;
  comment: string | null;
}

/** A finding of a build with its analysis (spec 3 vulnerability: id, identified_build_id, vulnerability_id). */
export interface BuildVulnerability extends FindingFacts {
  /** The finding's id (a uuid), for the /vulnerabilities/{vulnId} routes. */
  id: string;
  /** The build in which this component was first found affected (earlier builds of the app count). */
  identified_build_id: string;
  component: { bom_ref: string; group: string | null; name: string; version: string | null; purl: string | null };
  analysis: VexAnalysis | null;
}

/** POST /apps/{appKey}/builds/{buildId}/vulnerabilities: the body (every field optional). */
export interface BuildVulnerabilityQuery {
  /** Advisory id, alias, summary, component name or purl containing the text. */
  search?: string;
  severity?: VulnerabilitySeverity[];
  /** 'not_set': findings without an analysis state. */
  state?: (VexAnalysisState | 'not_set')[];
  active_exploit?: boolean;
  sort?: 'severity' | 'vulnerability_id' | 'component' | 'state';
  order?: 'asc' | 'desc';
  offset?: number;
  /** At most 500; default 100. */
  limit?: number;
}

export interface BuildVulnerabilityPage {
  items: BuildVulnerability[];
  /** Matching the query (before offset/limit). */
  total: number;
  /** Every finding of the build by analysis state ('not_set' for none). */
  by_state: Record<VexAnalysisState | 'not_set', number>;
}

/** GET /apps/{appKey}/builds/{buildId}/vulnerabilities/{vulnId}. */
export interface BuildVulnerabilityDetail extends BuildVulnerability {
  advisory: Advisory | null;
  /** Oldest first. */
  trail: VexTrailEntry[];
}

/**
 * POST …/vulnerabilities/{vulnId}/vex. Fields not sent keep their value; `state: null` clears the
 * analysis. A comment alone adds to the trail without changing the analysis.
 */
export interface VexAnalysisInput {
  state?: VexAnalysisState | null;
  justification?: VexJustification | null;
  response?: VexResponse[];
  detail?: string | null;
  comment?: string;
}

/** POST /apps/{appKey}/builds/{buildId}/vex: what an imported CycloneDX VEX did. */
export interface VexImportResult {
  /** Statements read (vulnerability × affects entry). */
  statements: number;
  /** Findings whose analysis changed. */
  applied: number;
  /** Findings that already had exactly that analysis. */
  unchanged: number;
  /**
   * Statements without an analysis ('not set', as an export writes every finding not analysed
   * yet): they say nothing to record, and are only counted.
   */
  skipped: number;
  /** Statements that name no finding of the build, with why. */
  unmatched: { id: string; ref: string | null; reason: string }[];
}

/** POST …/vulnerabilities/{vulnId}/vex: `component` names the affected component. */
export interface VexQuery {
  component?: string;
}
