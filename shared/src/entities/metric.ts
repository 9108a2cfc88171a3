// Metrics (issue 25 items 1-3, docs/metrics.md): the built-in metrics of a process and of the
// platform, the custom metrics a form defines, their current values and their time series.

/** One built-in metric: its key (also the Prometheus name after `portal_`), what it counts, its labels. */
export interface BuiltInMetric {
  key: string;
  title: string;
  unit: 'count' | 'days' | 'percent' | 'minutes';
  labels: readonly string[];
  help: string;
}

export const BUILT_IN_METRICS = [
  { key: 'open_findings', title: 'Open findings', unit: 'count', labels: ['source', 'severity'], help: 'Open findings by source (sbom, sast, iac, cloud) and severity.' },
  { key: 'vulnerable_components', title: 'Vulnerable components', unit: 'count', labels: [], help: "Distinct components of the applications' current builds with at least one open SBOM finding." },
  { key: 'active_exploit_findings', title: 'Findings with an active exploit', unit: 'count', labels: ['source'], help: 'Open findings whose vulnerability is known to be exploited (KEV).' },
  { key: 'mean_time_to_remediate_days', title: 'Mean time to remediate', unit: 'days', labels: [], help: 'Mean days from first seen to fixed of the security findings fixed in the last 90 days.' },
  { key: 'sla_breaches', title: 'SLA breaches', unit: 'count', labels: ['severity'], help: "Open or confirmed security findings past their due date (the process's SLA)." },
  { key: 'requirements', title: 'Requirements by status', unit: 'count', labels: ['status'], help: 'Requirements (not deleted) per status.' },
  { key: 'requirement_progress_percent', title: 'Requirement progress', unit: 'percent', labels: [], help: 'Average progress of the requirements (not deleted).' },
  {
    key: 'compliance_percent',
    title: 'Compliance',
    unit: 'percent',
    labels: [],
    help: 'Share of the requirements with compliance checks (not deleted) whose checks all pass (docs/compliance.md).',
  },
  {
    key: 'requirements_by_compliance',
    title: 'Requirements by compliance',
    unit: 'count',
    labels: ['status'],
    help: 'Requirements with compliance checks (not deleted) by their compliance status: passing, failing, not_evaluated.',
  },
  { key: 'overdue_tasks', title: 'Overdue tasks', unit: 'count', labels: [], help: 'Open tasks past their due date.' },
  { key: 'review_cycle_time_days', title: 'Review cycle time', unit: 'days', labels: [], help: 'Mean days from creation to completion of the review tasks completed in the last 90 days.' },
  {
    key: 'recovery_point_age_minutes',
    title: 'Recovery point age',
    unit: 'minutes',
    labels: [],
    help: "Minutes since the process's newest good backup (since the process was created when it has none); the platform's value is the mean over its processes.",
  },
] as const satisfies readonly BuiltInMetric[];

export type BuiltInMetricKey = (typeof BUILT_IN_METRICS)[number]['key'];

/** The sources of open_findings: SBOM findings, SAST (sast, secret), IaC (iac, container), cloud (cloud-posture, cloud-threat). */
export const METRIC_FINDING_SOURCES = ['sbom', 'sast', 'iac', 'cloud'] as const;

/** The entities a custom metric counts or averages. */
export const CUSTOM_METRIC_ENTITIES = ['findings', 'tasks', 'requirements', 'applications'] as const;
export type CustomMetricEntity = (typeof CUSTOM_METRIC_ENTITIES)[number];
export const CUSTOM_METRIC_AGGREGATES = ['count', 'avg'] as const;
export type CustomMetricAggregate = (typeof CUSTOM_METRIC_AGGREGATES)[number];

/**
 * Per entity: the numeric fields an average may take, and the fields a filter may name with the
 * values they take (null: any text up to 300 characters).
 */
export const CUSTOM_METRIC_FIELDS: Record<CustomMetricEntity, { numeric: readonly string[]; filters: Record<string, readonly string[] | null> }> = {
  findings: {
    numeric: ['age_days'],
    filters: {
      severity: ['critical', 'high', 'medium', 'low', 'info'],
      state: ['open', 'confirmed', 'false_positive', 'risk_accepted', 'fixed', 'suppressed'],
      category: ['sast', 'secret', 'iac', 'container', 'cloud-posture', 'cloud-threat'],
      tool: null,
      scope: null,
    },
  },
  tasks: {
    numeric: ['progress', 'age_days'],
    filters: { status: ['OPEN', 'COMPLETED', 'FAILED'], type: ['REVIEW', 'DELEGATE', 'HAS_GAP', 'RESOLVE_REJECTED', 'RESOLVE_RISK', 'RESOLVE_CONFLICT'] },
  },
  requirements: {
    numeric: ['progress'],
    filters: {
      status: ['DRAFT', 'IN_REVIEW', 'REJECTED', 'ACCEPTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'],
      priority: ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'],
      tag: null,
    },
  },
  applications: {
    numeric: [],
    filters: { portfolio: null, continuous_monitoring: ['true', 'false'] },
  },
};

/** A filter of a custom metric: the field equals the value, or one of the values. */
export interface CustomMetricFilter {
  field: string;
  value: string | string[];
}

/** What a custom metric's form defines (POST/PUT metrics/custom). */
export interface CustomMetricDefinition {
  name: string;
  entity: CustomMetricEntity;
  aggregate: CustomMetricAggregate;
  /** The numeric field an average takes (aggregate avg only). */
  field?: string;
  filters?: CustomMetricFilter[];
}

export interface CustomMetric extends CustomMetricDefinition {
  id: string;
  /** Its key in GET metrics and the series routes: `custom.<id>`. */
  key: string;
  created_at: string;
  updated_at: string;
}

/** One value of a metric for one set of labels, with the latest snapshot's (null: none yet). */
export interface MetricValue {
  labels: Record<string, string>;
  value: number | null;
  previous: number | null;
  previous_at: string | null;
}

/** GET metrics: every metric of the process (or the platform's, graph=*) with its values. */
export interface MetricReading {
  key: string;
  title: string;
  unit: string;
  custom: boolean;
  values: MetricValue[];
}

export interface MetricsAnswer {
  /** The process's code name, or '*' for the platform. */
  graph: string;
  at: string;
  metrics: MetricReading[];
}

/** GET metrics/{key}/series: each set of labels' values over the range (a value holds until the next point). */
export interface MetricSeries {
  key: string;
  from: string;
  to: string;
  series: Array<{ labels: Record<string, string>; points: Array<{ at: string; value: number }> }>;
}
