// How the alarm screens say an alarm's state, rule and series.
import type { Alarm, AlarmRule, AlarmSeverity, AlarmState } from '@portal/shared/operations';

export const ALARM_STATE_LABELS: Record<AlarmState, string> = {
  ok: 'OK',
  pending: 'Pending',
  firing: 'Firing',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

export const ALARM_STATE_COLORS: Record<AlarmState, string> = {
  ok: 'green',
  pending: 'orange',
  firing: 'red',
  acknowledged: 'purple',
  resolved: 'green',
};

export const ALARM_SEVERITY_LABELS: Record<AlarmSeverity, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };

/** 'source=sast, severity=critical', or 'all' for a metric without labels. */
export function labelsText(labels: Record<string, string>): string {
  const entries = Object.entries(labels);
  return entries.length === 0 ? 'all' : entries.map(([name, value]) => `${name}=${value}`).join(', ');
}

/** '> 5 for 10 minutes', '>= 1 at once'. */
export function ruleText(rule: Pick<AlarmRule, 'comparator' | 'threshold' | 'for_minutes'>): string {
  const duration = rule.for_minutes === 0 ? 'at once' : `for ${rule.for_minutes} ${rule.for_minutes === 1 ? 'minute' : 'minutes'}`;
  return `${rule.comparator} ${rule.threshold.toLocaleString('en-US')} ${duration}`;
}

/** Whether someone may acknowledge it now (only while firing). */
export const acknowledgeable = (alarm: Pick<Alarm, 'state'>) => alarm.state === 'firing';
