// recurring-task: a recurring task is done on time — in each series (the one named, or every series
// linked to the requirement), the latest occurrence that is due (its due date plus the grace days
// has passed, or it was completed or failed already) was completed by then. Not evaluated without
// such a series, or before any occurrence fell due.
import { DAY_MS, dayOf, links, plural, type StoredReason } from '../reasons';
import type { RecurringTaskFact } from '../facts';
import type { Evaluator } from './common';

const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

export const evaluateRecurringTask: Evaluator<'recurring-task'> = async (check, facts) => {
  const { task_id: taskId, grace_days: grace } = check.params;
  const occurrences = await facts.recurringTasks(check.requirement_id, taskId);
  if (occurrences.length === 0) {
    return { status: 'not_evaluated', summary: taskId ? 'The recurring task no longer exists in the process.' : 'No recurring task is linked to the requirement.', reasons: [] };
  }
  const today = dayOf(facts.now);
  const series = new Map<string, RecurringTaskFact[]>();
  for (const occurrence of occurrences) series.set(occurrence.series, [...(series.get(occurrence.series) ?? []), occurrence]);
  const reasons: StoredReason[] = [];
  let judged = 0;
  for (const tasks of series.values()) {
    const due = tasks.filter((task) => task.status !== 'OPEN' || addDays(task.due_date, grace) < today);
    if (due.length === 0) continue;
    judged += 1;
    const latest = due.reduce((a, b) => (b.due_date > a.due_date ? b : a));
    const deadline = addDays(latest.due_date, grace);
    if (latest.status === 'COMPLETED' && latest.completed_at !== null && dayOf(latest.completed_at) <= deadline) continue;
    const done = latest.status === 'COMPLETED' && latest.completed_at !== null ? `completed on ${dayOf(latest.completed_at)}` : latest.status === 'FAILED' ? 'failed' : 'not completed';
    reasons.push({ kind: 'task', id: latest.id, label: `${latest.title}: due on ${latest.due_date}, ${done}`, link: links.task(latest.id) });
  }
  if (judged === 0) return { status: 'not_evaluated', summary: 'No occurrence of the recurring task has fallen due yet.', reasons: [] };
  const graceWords = grace > 0 ? ` (with ${plural(grace, 'day')} of grace)` : '';
  if (reasons.length === 0) return { status: 'passing', summary: `The latest due occurrence of ${plural(judged, 'recurring task')} was completed on time${graceWords}.`, reasons };
  return { status: 'failing', summary: `${plural(reasons.length, 'recurring task')} not completed on time${graceWords}.`, reasons };
};
