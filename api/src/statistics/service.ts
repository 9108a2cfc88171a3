// The dashboard of a process (spec: Dashboard): its figures, the caller's open tasks and the
// latest requirement events.
import { REQUIREMENT_PRIORITIES, REQUIREMENT_STATUSES, type DashboardStatistics } from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { recentEvents } from '../requirements/index';
import { listTasks } from '../tasks/index';
import { dashboardCounts } from './repository';

// The wire shape is the contract's.
export type { DashboardStatistics };

export const MY_TASKS_LIMIT = 10;
export const RECENT_EVENTS_LIMIT = 10;

/** The counts of the dashboard, every status and priority present. */
async function figures(db: Queryable, processId: string, today: string) {
  const row = await dashboardCounts(db, processId, today);
  const complete = (keys: readonly string[], found: Record<string, number> | null) =>
    Object.fromEntries(keys.map((key) => [key, Number(found?.[key] ?? 0)]));
  return {
    total: row.total,
    by_status: complete(REQUIREMENT_STATUSES, row.by_status),
    by_priority: complete(REQUIREMENT_PRIORITIES, row.by_priority),
    average_progress: row.average_progress ?? 0,
    overdue: row.overdue,
    open_gaps: row.open_gaps,
    open_risks: row.open_risks,
  };
}

export async function dashboardOf(db: Queryable, caller: Caller, processId: string, today: string): Promise<DashboardStatistics> {
  return {
    ...(await figures(db, processId, today)),
    my_tasks: await listTasks(db, caller, processId, { mine: true, status: 'OPEN', limit: MY_TASKS_LIMIT }),
    recent_events: await recentEvents(db, processId, RECENT_EVENTS_LIMIT),
  };
}
