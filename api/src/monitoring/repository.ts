// Monitoring events in SQL: stored when raised, listed per process (newest first, filtered by app,
// type or severity), and one with the finding as it stands now (still present, its VEX analysis).
import { randomUUID } from 'node:crypto';
import type { MonitoringEvent, MonitoringEventType, MonitoringSource } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import type { EventFinding, MonitoredBuild } from './scan';

export interface EventRow {
  id: string;
  type: MonitoringEventType;
  process_code: string;
  app_key: string;
  build_id: string | null;
  build_number: number;
  position: number;
  vulnerability_id: string;
  aliases: string[];
  severity: string;
  score: string | number | null;
  summary: string | null;
  active_exploit: boolean;
  component: MonitoringEvent['component'];
  source: MonitoringSource;
  triggered_by: string | null;
  notified: number;
  created_at: Date | string;
}

const COLUMNS = `e.id, e.type, p.code_name AS process_code, a.app_key, e.build_id, e.build_number, e.position, e.vulnerability_id,
  e.aliases, e.severity, e.score, e.summary, e.active_exploit, e.component, e.source, u.login_id AS triggered_by, e.notified, e.created_at`;
const FROM = `monitoring_events e JOIN applications a ON a.id = e.application_id JOIN processes p ON p.id = e.process_id
  LEFT JOIN users u ON u.id = e.triggered_by`;

export function eventView(row: EventRow): MonitoringEvent {
  return {
    id: row.id,
    type: row.type,
    project: row.process_code.toLowerCase(),
    app_key: row.app_key,
    build: row.build_id === null ? null : { id: row.build_id, number: row.build_number },
    vulnerability_id: row.vulnerability_id,
    aliases: row.aliases,
    severity: row.severity,
    score: row.score === null ? null : Number(row.score),
    summary: row.summary,
    active_exploit: row.active_exploit,
    component: row.component,
    source: row.source,
    triggered_by: row.triggered_by,
    notified: row.notified,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export interface NewEvent {
  build: MonitoredBuild;
  type: MonitoringEventType;
  finding: EventFinding;
  notified: number;
}

/**
 * Stores events — of one build or of a batch's builds — in one statement; resolves to their rows
 * in the order given. Their ids are made here: the rows are matched back by them.
 */
export async function insertEvents(
  tx: Queryable,
  events: readonly NewEvent[],
  source: MonitoringSource,
  actorId: string | null,
  runId: string | null,
): Promise<EventRow[]> {
  if (events.length === 0) return [];
  const ids = events.map(() => randomUUID());
  const column = <T>(of: (event: NewEvent) => T) => events.map(of);
  const rows = await tx.query<EventRow>(
    `WITH e AS (
       INSERT INTO monitoring_events (id, organization_id, process_id, application_id, build_id, build_number, type, position, vulnerability_id,
                                      aliases, severity, score, summary, active_exploit, component, source, triggered_by, notified, run_id)
       SELECT u.id, u.organization_id, u.process_id, u.application_id, u.build_id, u.build_number, u.type, u.position, u.vulnerability_id,
              CASE WHEN u.aliases = '' THEN '{}'::text[] ELSE string_to_array(u.aliases, E'\\x1f') END,
              u.severity, u.score, u.summary, u.active_exploit, u.component, $1, $2, u.notified, $3
         FROM unnest($4::uuid[], $5::uuid[], $6::uuid[], $7::uuid[], $8::uuid[], $9::int[], $10::text[], $11::int[], $12::text[], $13::text[],
                     $14::text[], $15::numeric[], $16::text[], $17::boolean[], $18::jsonb[], $19::int[])
           AS u(id, organization_id, process_id, application_id, build_id, build_number, type, position, vulnerability_id, aliases,
                severity, score, summary, active_exploit, component, notified)
       RETURNING *)
     SELECT ${COLUMNS} FROM ${FROM.replace('monitoring_events e', 'e')}`,
    [
      source,
      actorId,
      runId,
      ids,
      column((event) => event.build.organization_id),
      column((event) => event.build.process_id),
      column((event) => event.build.application_id),
      column((event) => event.build.build_id),
      column((event) => event.build.build_number),
      column((event) => event.type),
      column((event) => event.finding.position),
      column((event) => event.finding.vulnerabilityId),
      column((event) => event.finding.aliases.join('\x1f')),
      column((event) => event.finding.severity),
      column((event) => event.finding.score),
      column((event) => event.finding.summary),
      column((event) => event.finding.activeExploit),
      column(({ finding: { component } }) =>
        JSON.stringify({ bom_ref: component.bom_ref, name: component.name, group: component.group, version: component.version, purl: component.purl }),
      ),
      column((event) => event.notified),
    ],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

/** The events a run raised, in the order raised, at most `limit`. */
export async function runEvents(db: Queryable, runId: string, limit: number): Promise<EventRow[]> {
  return db.query<EventRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE e.run_id = $1 ORDER BY e.created_at, e.id LIMIT $2`, [runId, limit]);
}

export interface EventFilter {
  appKey?: string;
  type?: string;
  severity?: string;
  limit: number;
  offset: number;
}

export async function listEvents(db: Queryable, organizationId: string, processId: string, filter: EventFilter): Promise<{ rows: EventRow[]; total: number }> {
  const where = `e.organization_id = $1 AND e.process_id = $2 AND ($3::text IS NULL OR lower(a.app_key) = lower($3))
    AND ($4::text IS NULL OR e.type = $4) AND ($5::text IS NULL OR e.severity = $5)`;
  const parameters = [organizationId, processId, filter.appKey ?? null, filter.type ?? null, filter.severity ?? null];
  const rows = await db.query<EventRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY e.created_at DESC, e.id LIMIT $6 OFFSET $7`, [
    ...parameters,
    filter.limit,
    filter.offset,
  ]);
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${FROM} WHERE ${where}`, parameters);
  return { rows, total };
}

export interface EventDetailRow extends EventRow {
  present: boolean;
  analysis_state: string | null;
  fixed_versions: string[] | null;
}

export async function findEvent(db: Queryable, organizationId: string, processId: string, id: string): Promise<EventDetailRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.query<EventDetailRow>(
    `SELECT ${COLUMNS}, f.build_id IS NOT NULL AS present, x.state AS analysis_state, f.fixed_versions
       FROM ${FROM}
       LEFT JOIN build_findings f ON f.build_id = e.build_id AND f.position = e.position AND f.vulnerability_id = e.vulnerability_id
       LEFT JOIN vex_analyses x ON x.build_id = e.build_id AND x.position = e.position AND x.vulnerability_id = e.vulnerability_id
      WHERE e.organization_id = $1 AND e.process_id = $2 AND e.id = $3::uuid`,
    [organizationId, processId, id],
  );
  return row;
}

/**
 * The demo's "clear two specific CVEs": the findings of these advisories (by id or alias) leave
 * every build of the process, with the monitoring events they raised, in one transaction; the
 * builds' vulnerability counts follow. VEX analyses are keyed like findings and stay.
 */
export async function clearFindingsOf(database: Database, processId: string, ids: readonly string[]): Promise<{ findings: number; builds: number }> {
  const wanted = ids.map((id) => id.toUpperCase());
  return database.transaction(async (tx) => {
    const removed = await tx.query<{ build_id: string }>(
      `DELETE FROM build_findings f USING application_builds b, applications a
        WHERE b.id = f.build_id AND a.id = b.application_id AND a.process_id = $1
          AND (upper(f.vulnerability_id) = ANY($2::text[]) OR EXISTS (SELECT 1 FROM unnest(f.aliases) alias WHERE upper(alias) = ANY($2::text[])))
        RETURNING f.build_id`,
      [processId, wanted],
    );
    const builds = [...new Set(removed.map((row) => row.build_id))];
    if (builds.length > 0) {
      await tx.query(
        `UPDATE application_builds b SET vulnerability_count = (SELECT count(DISTINCT vulnerability_id)::int FROM build_findings WHERE build_id = b.id)
          WHERE b.id = ANY($1::uuid[])`,
        [builds],
      );
    }
    await tx.query(
      `DELETE FROM monitoring_events e WHERE e.process_id = $1
          AND (upper(e.vulnerability_id) = ANY($2::text[]) OR EXISTS (SELECT 1 FROM unnest(e.aliases) alias WHERE upper(alias) = ANY($2::text[])))`,
      [processId, wanted],
    );
    return { findings: removed.length, builds: builds.length };
  });
}
