// Applications, builds, vulnerabilities, SBOM components and deployment profiles (spec 3), and
// what the applications API answers about them. A finding's VEX analysis is in vexAnalysis.ts, a
// build's licenses and source repositories in licenses.ts.
import type { OsvRecord } from './osv';

export interface Vulnerability {
  id: string;
  identified_build_id: string;
  vulnerability_id: string;
}

export interface Sbom {
  vulnerabilities: Vulnerability[];
}

export interface Build {
  id: string;
  sbom?: Sbom | null;
}

export interface Application {
  id: string;
  app_key: string;
  portfolio: string;
  builds?: Build[];
}

export interface AppSettings {
  id?: string;
  enable_continuous_monitoring: boolean;
}

export interface DeploymentProfile {
  id: string;
  name?: string;
}

/** A component of an SBOM as the API lists it; the client builds the tree from bom_ref/parent. */
export interface SbomComponent {
  bom_ref: string;
  project: string;
  parent: string | null;
  sub_components: string[];
  vulnerabilities: Vulnerability[];
}

/** A component placed in the tree, with the figures the client derives. */
export interface SbomTreeNode extends SbomComponent {
  level: number;
  total: number;
  vulnerabilityCount: number;
  children: SbomTreeNode[];
}

// ---------------------------------------------------------------------------------------------
// What the applications API answers (issue 7; docs/applications-api.md is the route table). The
// types above are spec 3's names; these are the exact response shapes of the API.

/** A finding's rating: from the CVSS base score, else the advisory's own rating. */
export const VULNERABILITY_SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'] as const;
export type VulnerabilitySeverity = (typeof VULNERABILITY_SEVERITIES)[number];
/** Findings counted by severity, and their total. */
export type SeverityCounts = Record<VulnerabilitySeverity, number> & { total: number };

export const BUILD_STATUSES = ['PENDING', 'PROCESSING', 'DONE', 'FAILED'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

/**
 * The live events of the applications screens (issue 22), on `events#<userId>` of the members who
 * may view the process's applications: spec 4.5's 'Import SBOM' for each processing state of a
 * build (`BuildStateEventData`), and the portal's own names for the other changes.
 */
export const APPLICATION_EVENTS = {
  IMPORT_SBOM: 'Import SBOM',
  APPLICATION: 'Application',
  DEPLOYMENT_PROFILE: 'Deployment Profile',
  ANALYSIS: 'Analysis',
} as const;
export type ApplicationEventName = (typeof APPLICATION_EVENTS)[keyof typeof APPLICATION_EVENTS];

/** What an 'Import SBOM' event says of the build: stored (PENDING), PROCESSING, then DONE with its counts or FAILED with the reason. */
export interface BuildStateEventData {
  graph: string;
  app_key: string;
  /** The build's id (also `build_id`). */
  id: string;
  build_id: string;
  number: number;
  status: BuildStatus;
  /** Who uploaded it ('' for a CI pipeline's key). */
  login_id: string;
  component_count?: number;
  vulnerability_count?: number;
  error?: string;
  /** With PENDING: the stored build as GET apps/{appKey} lists it, so that a screen shows it at once. */
  build?: BuildView;
}

/** What the other application events say: the app, and which object of it changed how. */
export interface ApplicationChangeEventData {
  graph: string;
  app_key: string;
  /** The changed object's id (the app's, a profile's, a finding's). */
  id: string;
  kind: 'created' | 'updated' | 'deleted';
  build_id?: string;
}

export interface ApplicationView {
  id: string;
  app_key: string;
  name: string;
  portfolio: string | null;
  /** Free labels (at most 20 of 1–50 characters): a compliance check's scope may select applications by tag. */
  tags?: string[];
  /** The process's code name. */
  process: string;
  enable_continuous_monitoring: boolean;
  created_at: string;
  updated_at: string;
}

/** POST /apps and PUT /apps/{appKey}: fields not sent keep their value (PUT). */
export interface ApplicationInput {
  app_key?: string;
  name?: string;
  portfolio?: string | null;
  /** The app's tags, replaced whole (APPLICATION_TAG_LIMITS). */
  tags?: string[];
  enable_continuous_monitoring?: boolean;
}

/** An application's tags: how many, and how long each. */
export const APPLICATION_TAG_LIMITS = { count: 20, length: 50 } as const;

/** GET /apps: a row of Security Posture. */
export interface ApplicationSummary extends ApplicationView {
  build_count: number;
  latest_build: { id: string; number: number; status: BuildStatus; created_at: string; component_count: number } | null;
  /** Of the latest DONE build. */
  vulnerabilities: SeverityCounts;
}

export interface AppSettingsView {
  id: string;
  app_key: string;
  enable_continuous_monitoring: boolean;
}

export interface BuildView {
  id: string;
  number: number;
  status: BuildStatus;
  format: 'CycloneDX' | 'SPDX';
  spec_version: string;
  encoding: 'json' | 'xml';
  serial_number: string | null;
  root: { bom_ref: string; name: string | null; version: string | null } | null;
  component_count: number;
  vulnerability_count: number;
  /** Why processing FAILED (e.g. 'The SBOM was not processed within 15 minutes.'). */
  error: string | null;
  /** The uploader's login id; null for a CI upload. */
  uploaded_by: string | null;
  via: 'session' | 'api-key';
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** GET /apps/{appKey}. */
export interface ApplicationDetail extends ApplicationView {
  vulnerabilities: SeverityCounts;
  /** Newest first. */
  builds: BuildView[];
}

/** What a finding says of its vulnerability, in every view of findings (the build's list, BuildVulnerability). */
export interface FindingFacts {
  vulnerability_id: string;
  aliases: string[];
  severity: VulnerabilitySeverity;
  score: number | null;
  active_exploit: boolean;
  /** 'not-evaluated': the advisory names the package but its ranges could not be evaluated (GIT ranges). */
  evaluation: 'affected' | 'not-evaluated';
  summary: string | null;
  fixed_versions: string[];
}

/** A finding as GET /apps/{appKey}/builds/{buildId}?sbom=true lists it. */
export interface BuildFinding extends FindingFacts {
  bom_ref: string;
  name: string;
  version: string | null;
  purl: string | null;
}

/** GET /apps/{appKey}/builds/{buildId}. */
export interface BuildDetail extends BuildView {
  app_key: string;
  vulnerabilities: SeverityCounts;
  /** Only with ?sbom=true. */
  findings?: BuildFinding[];
}

/** A component of GET /sbom (the client builds the tree from bom_ref and parent). */
export interface SbomComponentView {
  bom_ref: string;
  /** The app key. */
  project: string;
  parent: string | null;
  type: string | null;
  group: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  licenses: string[];
  level: number | null;
  /** Components below it in the tree. */
  total: number;
  /** Findings of it and of the components below it. */
  vulnerabilityCount: number;
  vulnerabilities: { id: string; severity: VulnerabilitySeverity }[];
  sub_components: string[];
}

/** GET /sbom?app=…[&build=…]. */
export interface SbomView {
  app_key: string;
  build: BuildView | null;
  components: SbomComponentView[];
}

export interface ComponentSearchResult {
  app_key: string;
  build_id: string;
  build_number: number;
  bom_ref: string;
  type: string | null;
  group: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  vulnerability_count: number;
}

export interface VulnerabilitySearchResult {
  vulnerability_id: string;
  aliases: string[];
  severity: VulnerabilitySeverity;
  score: number | null;
  active_exploit: boolean;
  summary: string | null;
  app_key: string;
  build_id: string;
  build_number: number;
  bom_ref: string;
  name: string;
  version: string | null;
  purl: string | null;
}

export const BUILD_SEARCH_CATEGORIES = ['all', 'app', 'component', 'vulnerability'] as const;
export type BuildSearchCategory = (typeof BUILD_SEARCH_CATEGORIES)[number];

export interface BuildSearchResult {
  id: string;
  number: number;
  status: BuildStatus;
  format: string;
  spec_version: string;
  component_count: number;
  vulnerability_count: number;
  created_at: string;
  app_key: string;
  app_name: string;
  portfolio: string | null;
}

/** GET /vulnerabilities/{id}: an advisory of the vulnerability database. */
export interface Advisory {
  id: string;
  aliases: string[];
  summary?: string | null;
  details?: string | null;
  published?: string | null;
  modified: string;
  severity: VulnerabilitySeverity;
  score?: number | null;
  vector?: string | null;
  /** In CISA's catalog of known exploited vulnerabilities. */
  activeExploit: boolean;
  knownExploited: {
    cveId: string;
    vendorProject?: string | null;
    product?: string | null;
    vulnerabilityName?: string | null;
    dateAdded?: string | null;
    dueDate?: string | null;
    knownRansomwareCampaignUse?: string | null;
  }[];
  /** The OSV record as imported. */
  record: OsvRecord;
}

/** POST /vulnerabilities/imports. */
export interface AdvisoryImportCounts {
  read: number;
  added: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  removed: number;
  invalid: number;
  problems: string[];
}

/** POST /vulnerabilities/kev: CISA's known exploited vulnerabilities catalog. */
export interface KevImportCounts {
  catalogVersion: string | null;
  read: number;
  added: number;
  updated: number;
  /** Entries without a cveID of the form CVE-YYYY-N. */
  invalid: number;
}

/** GET /vulnerabilities/imports: what the vulnerability database holds, for those who import into it. */
export interface VulnerabilityDatabaseSummary {
  /** Advisories stored (withdrawn ones are not). */
  advisories: number;
  /** Advisories per ecosystem of their affected packages (an advisory can count in several), most first. */
  ecosystems: { ecosystem: string; advisories: number }[];
  /** When an advisory was last added or updated (null: never). */
  lastImportedAt: string | null;
  /** The newest `modified` time among the stored advisories (null: none). */
  newestModified: string | null;
  knownExploited: {
    /** CVEs of the KEV catalog stored. */
    entries: number;
    /** The catalogVersion of the newest imported catalog (null: none imported). */
    catalogVersion: string | null;
    lastImportedAt: string | null;
  };
}

// ---- Clear SBOMs (issue 7 item 14)

/** DELETE /sbom/{appKey} and DELETE /sbom/_clearAll. */
export interface ClearSbomsResult {
  applications: number;
  builds: number;
}

/** PUT apps/appSettings/{id}: the body. */
export interface AppSettingsChange {
  enable_continuous_monitoring: boolean;
}
