// Continuous monitoring (issue 7 item 12; spec 3 "Monitoring events", spec 4.5): for applications
// with enable_continuous_monitoring on, a finding new to the newest processed build — found when
// advisories are imported or a rescan runs — is a New Vulnerability event; a finding that gains an
// active exploit (CISA KEV) a New Active Exploit event.

export const MONITORING_EVENT_TYPES = ['New Vulnerability', 'New Active Exploit'] as const;
export type MonitoringEventType = (typeof MONITORING_EVENT_TYPES)[number];

/** What raised an event: an advisory or KEV import, a rescan someone asked for, a demo simulation. */
export const MONITORING_SOURCES = ['advisory-import', 'rescan', 'simulation'] as const;
export type MonitoringSource = (typeof MONITORING_SOURCES)[number];

export interface MonitoringEvent {
  id: string;
  type: MonitoringEventType;
  /** The process's code name (lowercased: its graph). */
  project: string;
  app_key: string;
  build: { id: string; number: number } | null;
  vulnerability_id: string;
  aliases: string[];
  severity: string;
  score: number | null;
  summary: string | null;
  active_exploit: boolean;
  component: { bom_ref: string; name: string; group: string | null; version: string | null; purl: string | null };
  source: MonitoringSource;
  /** Who asked for the rescan or simulation; null for an import. */
  triggered_by: string | null;
  /** How many people were notified. */
  notified: number;
  created_at: string;
}

/** GET apps/monitoring/events: the filters (an app's key, an event type, a severity) and the page. */
export interface MonitoringEventQuery {
  app?: string;
  type?: string;
  severity?: string;
  limit?: number;
  offset?: number;
}

export interface MonitoringEventPage {
  events: MonitoringEvent[];
  total: number;
}

export interface MonitoringEventDetail extends MonitoringEvent {
  /** The finding as it stands now in that build: gone when its SBOMs were cleared. */
  finding: { present: boolean; analysis_state: string | null; fixed_versions: string[] };
}

export interface MonitoringRunResult {
  /** Applications with monitoring on that were looked at, and their builds rescanned (so far). */
  applications: number;
  builds: number;
  new_vulnerabilities: number;
  new_active_exploits: number;
  /** The events raised (so far), in the order raised: at most 500 (the counts above are of all). */
  events: MonitoringEvent[];
}

/**
 * A run of continuous monitoring: queued, running (its builds being rescanned by the job workers),
 * done; or failed — one of its jobs failed its last attempt (`error` says why): a Global Admin's
 * retry of that job (Background Jobs) can still finish it, DONE.
 */
export const MONITORING_RUN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type MonitoringRunStatus = (typeof MONITORING_RUN_STATUSES)[number];

/**
 * POST apps/monitoring/rescan (200 when the run ended within a few seconds, else 202) and GET
 * apps/monitoring/runs/{id}: a rescan as it stands — what it found so far, and the builds left.
 */
export interface MonitoringRun extends MonitoringRunResult {
  id: string;
  status: MonitoringRunStatus;
  /** Why it failed (FAILED); null otherwise. */
  error: string | null;
  /** Builds left to rescan. */
  pending: number;
}

/**
 * The process menu's demo item "clear two specific CVEs" (spec 2.3): the two advisories whose
 * findings it removes from the process's builds, so that a rescan (Rescan SBOM Components) or
 * the next advisory import finds them again and raises New Vulnerability events to show. Both
 * affect lodash below 4.17.21, as in the demo's juice-shop.
 */
export const DEMO_CLEARED_CVES = ['CVE-2020-8203', 'CVE-2021-23337'] as const;

export interface ClearDemoCvesResult {
  cves: string[];
  /** Findings removed, and the builds they were in. */
  findings: number;
  builds: number;
}

/** POST apps/monitoring/rescan: the optional body (`app_key` narrows the rescan to one application). */
export interface RescanPayload {
  app_key?: string;
}

/** POST apps/monitoring/simulateNewVulnerability/{cve}: the events the advisory would raise. */
export interface SimulationResult {
  events: MonitoringEvent[];
}
