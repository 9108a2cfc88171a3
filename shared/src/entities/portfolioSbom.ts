// The portfolio's SBOM view (issue 24 item 5, spec 7 "GET componentsVulnerabilities; GET
// resourcesVulnerabilities"): across every application of a process, the vulnerable components of
// each application's current build (its newest processed one), and each application ("resource")
// with its counts. Both lists are paged by the server (limit/offset) and carry their total.
import type { SeverityCounts, VulnerabilitySeverity } from './application';

/** How GET apps/componentsVulnerabilities sorts (default severity, desc). */
export const COMPONENT_VULNERABILITY_SORTS = ['severity', 'applications', 'name'] as const;
export type ComponentVulnerabilitySort = (typeof COMPONENT_VULNERABILITY_SORTS)[number];

/** How GET apps/resourcesVulnerabilities sorts (default severity, desc). */
export const RESOURCE_VULNERABILITY_SORTS = ['severity', 'components', 'name', 'build_date'] as const;
export type ResourceVulnerabilitySort = (typeof RESOURCE_VULNERABILITY_SORTS)[number];

/** The page size when none is asked, and the largest one the server gives. */
export const PORTFOLIO_SBOM_DEFAULT_LIMIT = 50;
export const PORTFOLIO_SBOM_MAX_LIMIT = 200;

/** A VEX analysis state (vex_analyses.state), as set on a finding; null when nobody analysed it. */
export type PortfolioAnalysisState =
  | 'resolved'
  | 'resolved_with_pedigree'
  | 'false_positive'
  | 'not_affected'
  | 'in_triage'
  | 'exploitable';

/** One application's finding of a vulnerability on the component, with its analysis state. */
export interface PortfolioVulnerabilityAnalysis {
  app_key: string;
  state: PortfolioAnalysisState | null;
}

export interface PortfolioComponentVulnerability {
  /** The advisory id (GHSA-…, CVE-…). */
  id: string;
  aliases: string[];
  severity: VulnerabilitySeverity;
  score: number | null;
  /** In CISA's Known Exploited Vulnerabilities catalog (KEV) when the advisories were matched. */
  active_exploit: boolean;
  summary: string | null;
  fixed_versions: string[];
  /** Per application holding the component: its finding's analysis (not_affected and false_positive told apart). */
  analyses: PortfolioVulnerabilityAnalysis[];
}

export interface PortfolioApplicationRef {
  app_key: string;
  name: string;
}

/** A component (by purl, else group/name@version) with at least one vulnerability in some application's current build. */
export interface PortfolioComponent {
  /** The purl, or `group/name@version` for a component without one: what identifies it across applications. */
  key: string;
  purl: string | null;
  group: string | null;
  name: string;
  version: string | null;
  /** The purl type (npm, maven, composer, golang, pypi …); null without a purl. */
  ecosystem: string | null;
  /** The applications whose current build holds it, by app key. */
  applications: PortfolioApplicationRef[];
  /** Its vulnerabilities, most severe first. */
  vulnerabilities: PortfolioComponentVulnerability[];
  /** Its distinct vulnerabilities counted per severity. */
  severities: SeverityCounts;
  highest_severity: VulnerabilitySeverity;
}

export interface PortfolioPage<T> {
  items: T[];
  /** How many match the filters, over every page. */
  total: number;
  limit: number;
  offset: number;
  /** The offset of the next page; null on the last one. */
  next_offset: number | null;
}

export type PortfolioComponentsPage = PortfolioPage<PortfolioComponent>;

/** An application of the process with its current build and what is vulnerable in it. */
export interface PortfolioResource {
  id: string;
  app_key: string;
  name: string;
  portfolio: string | null;
  /** The newest processed (DONE) build; null before one. */
  current_build: { id: string; number: number; created_at: string } | null;
  /** When the newest build (of any status) was uploaded; null without builds. */
  latest_build_at: string | null;
  /** Components of the current build with at least one vulnerability. */
  vulnerable_components: number;
  /** The current build's findings (a component × an advisory) per severity. */
  vulnerabilities: SeverityCounts;
  active_exploits: number;
}

export type PortfolioResourcesPage = PortfolioPage<PortfolioResource>;
