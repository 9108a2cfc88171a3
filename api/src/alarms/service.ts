// The alarms' rules (docs/alarms.md): the state machine evaluated after each metric snapshot of a
// process and on a timer, every state change recorded (alarm_events), told to the recipients
// through notify() and queued for the webhook in the same transaction; the answer shapes; the
// preview of a rule replayed over the metric's stored series.
import { PERMISSIONS, type Alarm, type AlarmComparator, type AlarmEvent, type AlarmPreview, type AlarmState, type AlarmWebhookBody } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import type { SecretBox } from '../identity/secret-box';
import { ApiProblem } from '../http/problem';
import { currentValueOf, seriesOf } from '../metrics/service';
import { notify } from '../notifications/index';
import { announceChange } from '../realtime/audience';
import {
  insertAlarmEvent,
  insertDelivery,
  lockAlarm,
  lockAlarmsOfProcess,
  recipientsOf,
  setAlarmState,
  type AlarmEventRow,
  type AlarmRow,
} from './repository';
import { isAverage, type ParsedRule } from './rules';

// The routes' reads and writes go through here (route → service → repository).
export { alarmEvents, alarmsOfProcess, deleteAlarm, findAlarm, insertAlarm, updateAlarm, type AlarmRow } from './repository';

export const ALARM_NOTIFICATION_EVENT = 'Alarm';
/**
 * The live event of an alarm's change (docs/alarms.md "Live"): created, changed, deleted, or a
 * state change (`data: { id, change, from?, to?, graph }`), to everyone who may view the process's
 * alarms, so the screens open elsewhere read them again.
 */
export const ALARM_CHANGE_EVENT = 'Alarm Change';

/** Tells the process's alarm viewers that an alarm changed (in the caller's transaction; the outbox relays it). */
export function announceAlarmChange(
  tx: Queryable,
  alarm: Pick<AlarmRow, 'id' | 'organization_id' | 'process_id' | 'process_code'>,
  change: 'created' | 'updated' | 'deleted' | 'state',
  states: { from: AlarmState; to: AlarmState } | null = null,
): Promise<void> {
  const scope = { organizationId: alarm.organization_id, processId: alarm.process_id, processCode: alarm.process_code };
  return announceChange(tx, scope, PERMISSIONS.operations.ALARM.VIEW, ALARM_CHANGE_EVENT, { id: alarm.id, change, ...states });
}
const MINUTE = 60_000;
const DAY = 86_400_000;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function alarmOf(row: AlarmRow): Alarm {
  return {
    id: row.id,
    process: row.process_code,
    name: row.name,
    metric_key: row.metric_key,
    labels: row.labels,
    comparator: row.comparator,
    threshold: row.threshold,
    for_minutes: row.for_minutes,
    severity: row.severity,
    user_ids: row.user_ids,
    workgroup_ids: row.workgroup_ids,
    webhook_url: row.webhook_url,
    webhook_secret_set: row.webhook_secret !== null,
    state: row.state,
    value: row.value,
    condition_since: iso(row.condition_since),
    last_change_at: iso(row.last_change_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export function alarmEventOf(row: AlarmEventRow): AlarmEvent {
  return { id: row.id, from: row.from_state, to: row.to_state, value: row.value, at: iso(row.at)!, note: row.note, by: row.login_id };
}

export function holds(value: number | null, comparator: AlarmComparator, threshold: number): boolean {
  if (value === null) return false;
  switch (comparator) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '=':
      return value === threshold;
  }
}

/**
 * The value the alarm's series has now: its latest snapshot (a metric that moves with the clock:
 * its value now); a series never stored is 0 (a count) or no value (an average).
 */
async function currentValue(db: Queryable, alarm: AlarmRow, now: Date): Promise<number | null> {
  const value = await currentValueOf(db, { id: alarm.process_id, organization_id: alarm.organization_id }, alarm.metric_key, alarm.labels, now);
  if (value !== undefined) return value;
  return (await isAverage(db, alarm.organization_id, alarm.process_id, alarm.metric_key)) ? null : 0;
}

/** A state change to record: the new state and when the condition started holding (null: it does not). */
export interface Step {
  to: AlarmState;
  conditionSince: Date | null;
}

/**
 * The state machine: ok (or resolved, which counts as ok) → pending while the condition holds
 * and `for` has not elapsed → firing → resolved once it no longer holds; acknowledged is a firing
 * alarm someone took on and stays so until resolved. A pending alarm whose condition stops
 * holding goes back to ok. Answers the new state (or the same one) and the condition's start.
 */
export function nextState(alarm: Pick<AlarmRow, 'state' | 'comparator' | 'threshold' | 'for_minutes' | 'condition_since'>, value: number | null, now: Date): Step {
  const on = holds(value, alarm.comparator, alarm.threshold);
  const since = alarm.condition_since === null ? null : new Date(alarm.condition_since);
  switch (alarm.state) {
    case 'ok':
    case 'resolved':
      if (!on) return { to: alarm.state, conditionSince: null };
      return { to: alarm.for_minutes === 0 ? 'firing' : 'pending', conditionSince: now };
    case 'pending': {
      if (!on) return { to: 'ok', conditionSince: null };
      const start = since ?? now;
      return { to: now.getTime() - start.getTime() >= alarm.for_minutes * MINUTE ? 'firing' : 'pending', conditionSince: start };
    }
    case 'firing':
    case 'acknowledged':
      return on ? { to: alarm.state, conditionSince: since ?? now } : { to: 'resolved', conditionSince: null };
  }
}

export interface TransitionContext {
  box: SecretBox;
  /** The wall clock of webhook deliveries (their retries wait real time). */
  wallClock: () => Date;
}

const TITLES: Record<AlarmState, string> = {
  ok: 'back to OK',
  pending: 'pending',
  firing: 'firing',
  acknowledged: 'acknowledged',
  resolved: 'resolved',
};

/**
 * Records one state change of a locked alarm: the new state, an alarm_events row, a notification
 * to the recipients (users and workgroup members; the acknowledging user is not told of their own
 * note) and, with a webhook, its one delivery. Answers the delivery's id, if any.
 */
export async function recordTransition(
  tx: Queryable,
  context: TransitionContext,
  alarm: AlarmRow,
  step: Step,
  value: number | null,
  now: Date,
  by: { userId: string; note: string } | null = null,
): Promise<string | undefined> {
  const from = alarm.state;
  await setAlarmState(tx, alarm.id, step.to, value, step.conditionSince, now);
  const eventId = await insertAlarmEvent(tx, { alarmId: alarm.id, from, to: step.to, value, at: now, note: by?.note ?? null, by: by?.userId ?? null });
  const shown = value === null ? 'no value' : String(value);
  // '##' marks the message's one link (spec 2.3): a name or note cannot add another.
  const plain = (text: string, length: number) => text.slice(0, length).replaceAll('##', '#');
  await notify(tx, {
    processId: alarm.process_id,
    processCode: alarm.process_code,
    event: ALARM_NOTIFICATION_EVENT,
    recipients: await recipientsOf(tx, alarm.organization_id, alarm.user_ids, alarm.workgroup_ids),
    actorId: by?.userId ?? null,
    title: `Alarm ${alarm.name.slice(0, 150)}: ${TITLES[step.to]}`,
    message: `##${plain(alarm.name, 150)}## (${alarm.severity}) went from ${from} to ${step.to}: ${alarm.metric_key} is ${shown} (${alarm.comparator} ${alarm.threshold}).${by ? ` ${plain(by.note, 500)}` : ''}`,
    link: `/alarms/${alarm.id}`,
    time: now.toISOString(),
  });
  await announceAlarmChange(tx, alarm, 'state', { from, to: step.to });
  if (alarm.webhook_url === null || alarm.webhook_secret === null) return undefined;
  const body: AlarmWebhookBody = {
    alarm: { id: alarm.id, name: alarm.name, metric_key: alarm.metric_key, labels: alarm.labels, severity: alarm.severity },
    process: alarm.process_code,
    from,
    to: step.to,
    value,
    threshold: alarm.threshold,
    at: now.toISOString(),
    event_id: eventId,
  };
  return insertDelivery(tx, eventId, alarm.webhook_url, JSON.stringify(body), context.wallClock());
}

/** Evaluates the process's alarms against their series' latest values; answers the deliveries to send. */
export async function evaluateProcessAlarms(db: Database, context: TransitionContext, processId: string, now: Date): Promise<{ changes: number; deliveries: string[] }> {
  return db.transaction(async (tx) => {
    const deliveries: string[] = [];
    let changes = 0;
    for (const alarm of await lockAlarmsOfProcess(tx, processId)) {
      const value = await currentValue(tx, alarm, now);
      const step = nextState(alarm, value, now);
      if (step.to === alarm.state) {
        // No change: the value and the condition's start kept current.
        await setAlarmState(tx, alarm.id, alarm.state, value, step.conditionSince, null);
        continue;
      }
      changes += 1;
      const delivery = await recordTransition(tx, context, alarm, step, value, now);
      if (delivery) deliveries.push(delivery);
    }
    return { changes, deliveries };
  });
}

export const ACKNOWLEDGE_MESSAGES = {
  body: "Acknowledging takes { note }: a text of 1 to 2000 characters saying who looks at it and why.",
  notFiring: (state: AlarmState) => `Only a firing alarm can be acknowledged; this one is ${state}.`,
} as const;

export function parseNote(body: unknown): string {
  const note = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { note?: unknown }).note : undefined;
  const extra = typeof body === 'object' && body !== null ? Object.keys(body).filter((key) => key !== 'note') : [];
  if (typeof note !== 'string' || note.trim().length === 0 || note.length > 2000 || extra.length > 0) {
    throw new ApiProblem(400, ACKNOWLEDGE_MESSAGES.body, {}, { note: ACKNOWLEDGE_MESSAGES.body });
  }
  return note.trim();
}

/** Acknowledges a firing alarm (409 otherwise); answers the delivery to send, if any. */
export async function acknowledgeAlarm(db: Database, context: TransitionContext, id: string, userId: string, note: string, now: Date): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const alarm = await lockAlarm(tx, id);
    if (!alarm) throw new ApiProblem(404);
    if (alarm.state !== 'firing') throw new ApiProblem(409, ACKNOWLEDGE_MESSAGES.notFiring(alarm.state));
    return recordTransition(tx, context, alarm, { to: 'acknowledged', conditionSince: alarm.condition_since === null ? null : new Date(alarm.condition_since) }, alarm.value, now, { userId, note });
  });
}

export const PREVIEW_MIN_DAYS = 1;
export const PREVIEW_MAX_DAYS = 366;
export const PREVIEW_DEFAULT_DAYS = 30;
export const PREVIEW_MESSAGES = {
  days: `'days' must be a whole number of days from ${PREVIEW_MIN_DAYS} to ${PREVIEW_MAX_DAYS}.`,
  unknownParameter: (name: string) => `'${name.slice(0, 100)}' is not a parameter of this call: graph and days are.`,
} as const;

export function parseDays(query: unknown): number {
  const given = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(given).find((name) => !['graph', 'days'].includes(name));
  if (unknown !== undefined) throw new ApiProblem(400, PREVIEW_MESSAGES.unknownParameter(unknown));
  if (given.days === undefined) return PREVIEW_DEFAULT_DAYS;
  const days = typeof given.days === 'string' && /^\d{1,3}$/.test(given.days) ? Number(given.days) : Number.NaN;
  if (!Number.isInteger(days) || days < PREVIEW_MIN_DAYS || days > PREVIEW_MAX_DAYS) throw new ApiProblem(400, PREVIEW_MESSAGES.days, {}, { days: PREVIEW_MESSAGES.days });
  return days;
}

/**
 * Replays a rule over points of a step series (a value holds until the next point; before the
 * first, `initial`): each stretch where the condition holds at least `for` fires once, from its
 * start + for until the condition stops holding (null: still at `to`).
 */
export function replay(
  rule: { comparator: AlarmComparator; threshold: number; for_minutes: number },
  points: ReadonlyArray<{ at: string; value: number }>,
  initial: number | null,
  from: Date,
  to: Date,
): Array<{ from: string; to: string | null }> {
  const steps: Array<{ at: number; value: number | null }> = [{ at: from.getTime(), value: initial }];
  for (const point of points) {
    const at = Math.max(new Date(point.at).getTime(), from.getTime());
    if (at > to.getTime()) break;
    if (steps.at(-1)!.at === at) steps.at(-1)!.value = point.value;
    else steps.push({ at, value: point.value });
  }
  const intervals: Array<{ from: string; to: string | null }> = [];
  let start: number | null = null;
  const close = (end: number | null) => {
    if (start === null) return;
    const fires = start + rule.for_minutes * MINUTE;
    if (fires <= (end ?? to.getTime())) intervals.push({ from: new Date(fires).toISOString(), to: end === null ? null : new Date(end).toISOString() });
    start = null;
  };
  for (const step of steps) {
    const on = holds(step.value, rule.comparator, rule.threshold);
    if (on && start === null) start = step.at;
    else if (!on && start !== null) close(step.at);
  }
  close(null);
  return intervals;
}

/** What the rule would have done over the process's series of the metric in the last `days` days. */
export async function previewRule(db: Queryable, organizationId: string, processId: string, rule: ParsedRule, days: number, now: Date): Promise<AlarmPreview> {
  const from = new Date(now.getTime() - days * DAY);
  const series = await seriesOf(db, [processId], rule.metric_key, from, now);
  const wanted = JSON.stringify(Object.entries(rule.labels).sort(([a], [b]) => a.localeCompare(b)));
  const line = series.series.find((candidate) => JSON.stringify(Object.entries(candidate.labels).sort(([a], [b]) => a.localeCompare(b))) === wanted);
  const points = line?.points ?? [];
  // Before the series' first stored value: 0 for a count, nothing for an average.
  const initial = (await isAverage(db, organizationId, processId, rule.metric_key)) ? null : 0;
  const intervals = replay(rule, points, initial, from, now);
  const times = intervals.length === 1 ? 'once' : `${intervals.length} times`;
  return {
    days,
    from: from.toISOString(),
    to: now.toISOString(),
    fired: intervals.length,
    intervals,
    summary: intervals.length === 0 ? `would not have fired in the last ${days} days` : `would have fired ${times} in the last ${days} days`,
  };
}
