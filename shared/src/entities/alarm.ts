// Alarms (issue 25 items 4-5, docs/alarms.md): a rule on one series of a metric (built-in or
// custom, labels selecting the series), its recipients and optional signed webhook, its state
// (ok → pending → firing → resolved, plus acknowledged), its history and a preview of the rule
// over the metric's stored series.

export const ALARM_COMPARATORS = ['>', '>=', '<', '<=', '='] as const;
export type AlarmComparator = (typeof ALARM_COMPARATORS)[number];

export const ALARM_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** resolved counts as ok for the next cycle; acknowledged is a firing alarm someone took on. */
export const ALARM_STATES = ['ok', 'pending', 'firing', 'acknowledged', 'resolved'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** What POST/PUT alarms and POST alarms/preview take. */
export interface AlarmRule {
  name: string;
  /** A built-in metric's key ('open_findings') or a custom one's ('custom.<id>'). */
  metric_key: string;
  /** The labels selecting one series ({ source: 'sast', severity: 'critical' }); {} for a metric without labels. */
  labels: Record<string, string>;
  comparator: AlarmComparator;
  threshold: number;
  /** Minutes the condition must hold before the alarm fires; 0: at once. */
  for_minutes: number;
  severity: AlarmSeverity;
  user_ids: string[];
  workgroup_ids: string[];
  /** https (or http to 127.0.0.1/localhost); null: no webhook. */
  webhook_url: string | null;
  /** Write-only: the HMAC key of the webhook's signature. Omitted on PUT: the stored one stays. */
  webhook_secret?: string;
}

export interface Alarm extends Omit<AlarmRule, 'webhook_secret'> {
  id: string;
  /** The process's code name. */
  process: string;
  /** Whether a webhook secret is stored (the secret itself is never returned). */
  webhook_secret_set: boolean;
  state: AlarmState;
  /** The value the latest evaluation read (null: none yet, or the series has no value). */
  value: number | null;
  /** When the condition started to hold (pending and after); null when it does not. */
  condition_since: string | null;
  /** The latest state change. */
  last_change_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One state change of an alarm (GET alarms/{id}/history). */
export interface AlarmEvent {
  id: string;
  from: AlarmState;
  to: AlarmState;
  value: number | null;
  at: string;
  note: string | null;
  /** Who acknowledged (login id); null for the evaluator's changes. */
  by: string | null;
}

export interface AlarmHistoryPage {
  items: AlarmEvent[];
  total: number;
  offset: number;
  limit: number;
}

/** What the rule would have done over the metric's stored series (GET alarms/{id}/preview, POST alarms/preview). */
export interface AlarmPreview {
  days: number;
  from: string;
  to: string;
  /** How many times it would have fired. */
  fired: number;
  /** Each firing: from when it fired to when the condition stopped holding (null: still firing at `to`). */
  intervals: Array<{ from: string; to: string | null }>;
  /** "would have fired 3 times in the last 30 days" */
  summary: string;
}

/** The body of the outgoing webhook (header X-Portal-Signature: sha256=<hex HMAC-SHA256 of the raw body>). */
export interface AlarmWebhookBody {
  alarm: { id: string; name: string; metric_key: string; labels: Record<string, string>; severity: AlarmSeverity };
  process: string;
  from: AlarmState;
  to: AlarmState;
  value: number | null;
  threshold: number;
  at: string;
  event_id: string;
}
