// What the monitoring routes ask of the family: its events as the portal shows them, and the
// demo's clearing of two advisories' findings. (Rescans and simulations run through the runner.)
import type { MonitoringEvent } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { clearFindingsOf, eventView, findEvent, listEvents, type EventFilter } from './repository';

/** A page of the process's monitoring events, newest first, with the count of all that match. */
export async function listMonitoringEvents(
  db: Queryable,
  organizationId: string,
  processId: string,
  filter: EventFilter,
): Promise<{ events: MonitoringEvent[]; total: number }> {
  const { rows, total } = await listEvents(db, organizationId, processId, filter);
  return { events: rows.map(eventView), total };
}

/** One monitoring event of the process with what its finding is now; undefined when there is none. */
export async function monitoringEventOf(db: Queryable, organizationId: string, processId: string, id: string) {
  const row = await findEvent(db, organizationId, processId, id);
  if (!row) return undefined;
  return { ...eventView(row), finding: { present: row.present, analysis_state: row.analysis_state, fixed_versions: row.fixed_versions ?? [] } };
}

/** The demo's clearing: the advisories' findings (and their events) leave the process's builds. */
export function clearAdvisoryFindings(database: Database, processId: string, ids: readonly string[]): Promise<{ findings: number; builds: number }> {
  return clearFindingsOf(database, processId, ids);
}
