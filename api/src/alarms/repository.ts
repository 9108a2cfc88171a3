// The alarms' SQL (migration 034, docs/alarms.md): alarms of a process, their state changes
// (alarm_events) and the webhook deliveries, one per change, claimed by a conditional UPDATE.
import type { AlarmComparator, AlarmSeverity, AlarmState } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface AlarmRow {
  id: string;
  organization_id: string;
  process_id: string;
  process_code: string;
  name: string;
  metric_key: string;
  labels: Record<string, string>;
  comparator: AlarmComparator;
  threshold: number;
  for_minutes: number;
  severity: AlarmSeverity;
  user_ids: string[];
  workgroup_ids: string[];
  webhook_url: string | null;
  webhook_secret: string | null;
  state: AlarmState;
  value: number | null;
  condition_since: Date | string | null;
  last_change_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** What the API stores of a rule: the secret already sealed (undefined: keep the stored one). */
export type StoredRule = Pick<
  AlarmRow,
  'name' | 'metric_key' | 'labels' | 'comparator' | 'threshold' | 'for_minutes' | 'severity' | 'user_ids' | 'workgroup_ids' | 'webhook_url'
> & { webhook_secret: string | null | undefined };

/** Dates travel as ISO texts: a Date of another realm (the tests' clock) is not one to PGlite. */
const ts = (date: Date | null): string | null => (date === null ? null : new Date(date.getTime()).toISOString());

const SELECT = `
  SELECT a.id, a.organization_id, a.process_id, p.code_name AS process_code, a.name, a.metric_key, a.labels, a.comparator,
         a.threshold, a.for_minutes, a.severity, a.user_ids::text[] AS user_ids, a.workgroup_ids::text[] AS workgroup_ids,
         a.webhook_url, a.webhook_secret, a.state, a.value, a.condition_since, a.last_change_at, a.created_at, a.updated_at
    FROM alarms a JOIN processes p ON p.id = a.process_id`;

const normalise = (row: AlarmRow): AlarmRow => ({
  ...row,
  threshold: Number(row.threshold),
  value: row.value === null ? null : Number(row.value),
  user_ids: row.user_ids ?? [],
  workgroup_ids: row.workgroup_ids ?? [],
});

export async function alarmsOfProcess(db: Queryable, organizationId: string, processId: string): Promise<AlarmRow[]> {
  const rows = await db.query<AlarmRow>(`${SELECT} WHERE a.organization_id = $1 AND a.process_id = $2 ORDER BY a.created_at, a.id`, [organizationId, processId]);
  return rows.map(normalise);
}

export async function findAlarm(db: Queryable, organizationId: string, processId: string, id: string): Promise<AlarmRow | undefined> {
  const [row] = await db.query<AlarmRow>(`${SELECT} WHERE a.organization_id = $1 AND a.process_id = $2 AND a.id = $3`, [organizationId, processId, id]);
  return row ? normalise(row) : undefined;
}

/** The process's alarms locked for an evaluation (one evaluator at a time per alarm). */
export async function lockAlarmsOfProcess(tx: Queryable, processId: string): Promise<AlarmRow[]> {
  const rows = await tx.query<AlarmRow>(`${SELECT} WHERE a.process_id = $1 ORDER BY a.id FOR UPDATE OF a`, [processId]);
  return rows.map(normalise);
}

export async function lockAlarm(tx: Queryable, id: string): Promise<AlarmRow | undefined> {
  const [row] = await tx.query<AlarmRow>(`${SELECT} WHERE a.id = $1 FOR UPDATE OF a`, [id]);
  return row ? normalise(row) : undefined;
}

/** The processes having alarms (the timer's round). */
export function processesWithAlarms(db: Queryable): Promise<Array<{ id: string; organization_id: string; code_name: string }>> {
  return db.query(`SELECT DISTINCT p.id, p.organization_id, p.code_name FROM alarms a JOIN processes p ON p.id = a.process_id ORDER BY p.id`);
}

export async function insertAlarm(db: Queryable, organizationId: string, processId: string, rule: StoredRule, userId: string, now: Date): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO alarms (organization_id, process_id, name, metric_key, labels, comparator, threshold, for_minutes, severity,
                         user_ids, workgroup_ids, webhook_url, webhook_secret, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10::uuid[], $11::uuid[], $12, $13, $14, $15, $15) RETURNING id`,
    [
      organizationId,
      processId,
      rule.name,
      rule.metric_key,
      JSON.stringify(rule.labels),
      rule.comparator,
      rule.threshold,
      rule.for_minutes,
      rule.severity,
      rule.user_ids,
      rule.workgroup_ids,
      rule.webhook_url,
      rule.webhook_secret ?? null,
      userId,
      ts(now),
    ],
  );
  return row!.id;
}

/**
 * The alarm with a new rule. A changed metric, labels, comparator, threshold or duration starts
 * the alarm over (state ok, no condition): the old state said nothing of the new rule.
 */
export async function updateAlarm(db: Queryable, organizationId: string, id: string, rule: StoredRule, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE alarms SET name = $3, metric_key = $4, labels = $5::jsonb, comparator = $6, threshold = $7, for_minutes = $8, severity = $9,
            user_ids = $10::uuid[], workgroup_ids = $11::uuid[], webhook_url = $12,
            webhook_secret = CASE WHEN $12::text IS NULL THEN NULL WHEN $13::boolean THEN $14 ELSE webhook_secret END,
            state = CASE WHEN metric_key IS DISTINCT FROM $4 OR labels IS DISTINCT FROM $5::jsonb OR comparator IS DISTINCT FROM $6
                           OR threshold IS DISTINCT FROM $7::double precision OR for_minutes IS DISTINCT FROM $8::int THEN 'ok' ELSE state END,
            condition_since = CASE WHEN metric_key IS DISTINCT FROM $4 OR labels IS DISTINCT FROM $5::jsonb OR comparator IS DISTINCT FROM $6
                           OR threshold IS DISTINCT FROM $7::double precision OR for_minutes IS DISTINCT FROM $8::int THEN NULL ELSE condition_since END,
            updated_at = $15
      WHERE organization_id = $1 AND id = $2 RETURNING id`,
    [
      organizationId,
      id,
      rule.name,
      rule.metric_key,
      JSON.stringify(rule.labels),
      rule.comparator,
      rule.threshold,
      rule.for_minutes,
      rule.severity,
      rule.user_ids,
      rule.workgroup_ids,
      rule.webhook_url,
      rule.webhook_secret !== undefined,
      rule.webhook_secret ?? null,
      ts(now),
    ],
  );
  return rows.length > 0;
}

export async function deleteAlarm(db: Queryable, organizationId: string, processId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM alarms WHERE organization_id = $1 AND process_id = $2 AND id = $3 RETURNING id', [organizationId, processId, id]);
  return rows.length > 0;
}

export async function setAlarmState(tx: Queryable, id: string, state: AlarmState, value: number | null, conditionSince: Date | null, changedAt: Date | null): Promise<void> {
  await tx.query('UPDATE alarms SET state = $2, value = $3, condition_since = $4, last_change_at = coalesce($5, last_change_at) WHERE id = $1', [
    id,
    state,
    value,
    ts(conditionSince),
    ts(changedAt),
  ]);
}

export async function insertAlarmEvent(
  tx: Queryable,
  event: { alarmId: string; from: AlarmState; to: AlarmState; value: number | null; at: Date; note: string | null; by: string | null },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO alarm_events (alarm_id, from_state, to_state, value, at, note, by_user) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
    [event.alarmId, event.from, event.to, event.value, ts(event.at), event.note, event.by],
  );
  return row!.id;
}

export interface AlarmEventRow {
  id: string;
  from_state: AlarmState;
  to_state: AlarmState;
  value: number | null;
  at: Date | string;
  note: string | null;
  login_id: string | null;
}

export async function alarmEvents(db: Queryable, alarmId: string, offset: number, limit: number): Promise<{ rows: AlarmEventRow[]; total: number }> {
  const rows = await db.query<AlarmEventRow>(
    `SELECT e.id, e.from_state, e.to_state, e.value, e.at, e.note, u.login_id
       FROM alarm_events e LEFT JOIN users u ON u.id = e.by_user
      WHERE e.alarm_id = $1 ORDER BY e.at DESC, e.seq DESC OFFSET $2 LIMIT $3`,
    [alarmId, offset, limit],
  );
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alarm_events WHERE alarm_id = $1', [alarmId]);
  return { rows: rows.map((row) => ({ ...row, value: row.value === null ? null : Number(row.value) })), total: count!.n };
}

/** The active users among `userIds` and the members of `workgroupIds`, all of the organization. */
export async function recipientsOf(db: Queryable, organizationId: string, userIds: readonly string[], workgroupIds: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT u.id FROM users u WHERE u.organization_id = $1 AND NOT u.inactive AND (
        u.id = ANY($2::uuid[])
        OR u.id IN (SELECT m.user_id FROM workgroup_members m JOIN workgroups w ON w.id = m.workgroup_id WHERE w.organization_id = $1 AND w.id = ANY($3::uuid[])))
      ORDER BY u.id`,
    [organizationId, userIds, workgroupIds],
  );
  return rows.map((row) => row.id);
}

/** Which of `ids` are users (resp. workgroups) of the organization. */
export async function knownUsers(db: Queryable, organizationId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE organization_id = $1 AND id = ANY($2::uuid[])', [organizationId, ids]);
  return new Set(rows.map((row) => row.id));
}

export async function knownWorkgroups(db: Queryable, organizationId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>('SELECT id FROM workgroups WHERE organization_id = $1 AND id = ANY($2::uuid[])', [organizationId, ids]);
  return new Set(rows.map((row) => row.id));
}

// Webhook deliveries.

export interface DeliveryRow {
  id: string;
  alarm_event_id: string;
  url: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  webhook_secret: string | null;
}

/** One delivery of the state change `alarmEventId`; a second insert of it does nothing. */
export async function insertDelivery(tx: Queryable, alarmEventId: string, url: string, body: string, now: Date): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO alarm_deliveries (alarm_event_id, url, body, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (alarm_event_id) DO NOTHING RETURNING id`,
    [alarmEventId, url, body, ts(now)],
  );
  return row?.id;
}

/**
 * Claims the delivery for one attempt: only a pending one that nobody holds (or whose claim ran
 * out) — of two racing callers exactly one gets the row back. The attempt is counted.
 */
export async function claimDelivery(db: Queryable, id: string, now: Date, holdMs: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.query<DeliveryRow>(
    `UPDATE alarm_deliveries d SET claimed_until = $2::timestamptz + make_interval(secs => $3::double precision / 1000), attempts = d.attempts + 1
      WHERE d.id = $1 AND d.status = 'pending' AND (d.claimed_until IS NULL OR d.claimed_until < $2)
      RETURNING d.id, d.alarm_event_id, d.url, d.body, d.status, d.attempts,
                (SELECT a.webhook_secret FROM alarm_events e JOIN alarms a ON a.id = e.alarm_id WHERE e.id = d.alarm_event_id) AS webhook_secret`,
    [id, ts(now), holdMs],
  );
  return row;
}

export async function markDelivered(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query("UPDATE alarm_deliveries SET status = 'delivered', delivered_at = $2, claimed_until = NULL, last_error = NULL WHERE id = $1 AND status = 'pending'", [id, ts(now)]);
}

/** An attempt failed: pending again after `retryAt`, or failed for good (retryAt null). */
export async function markAttemptFailed(db: Queryable, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db.query(
    `UPDATE alarm_deliveries SET last_error = $2, claimed_until = NULL,
            status = CASE WHEN $3::timestamptz IS NULL THEN 'failed' ELSE status END, next_attempt_at = coalesce($3, next_attempt_at)
      WHERE id = $1 AND status = 'pending'`,
    [id, error.slice(0, 1000), ts(retryAt)],
  );
}

/** Pending deliveries due (the timer picks up what a stopped process left). */
export async function dueDeliveries(db: Queryable, now: Date): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    "SELECT id FROM alarm_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY next_attempt_at LIMIT 100",
    [ts(now)],
  );
  return rows.map((row) => row.id);
}
