// @backend-agnostic: the evaluator is a function of facts given as data (the series as the
// database gives them is read in compliance.test.ts through the tasks API).
// recurring-task: the latest due occurrence of each series completed on time.
import type { RecurringTaskFact } from '../facts';
import { check, factsOf } from '../../testing/compliance';
import { evaluateRecurringTask } from './recurring-task';

const occurrence = (id: string, due: string, status: RecurringTaskFact['status'], completed: string | null = null, series = 's1'): RecurringTaskFact => ({
  id,
  series,
  title: 'Access review',
  status,
  due_date: due,
  completed_at: completed === null ? null : new Date(completed),
});

it('passes when the latest due occurrence was completed by its due date (plus grace)', async () => {
  const facts = factsOf({ recurringTasks: [occurrence('t1', '2030-05-31', 'COMPLETED', '2030-05-31T23:00:00Z'), occurrence('t2', '2030-06-30', 'OPEN')] });
  expect(await evaluateRecurringTask(check('recurring-task', { task_id: null, grace_days: 0 }), facts)).toEqual({
    status: 'passing',
    summary: 'The latest due occurrence of 1 recurring task was completed on time.',
    reasons: [],
  });
  const late = factsOf({ recurringTasks: [occurrence('t1', '2030-05-31', 'COMPLETED', '2030-06-03T08:00:00Z')] });
  expect((await evaluateRecurringTask(check('recurring-task', { task_id: null, grace_days: 3 }), late)).status).toBe('passing');
});

it('fails on an occurrence past due and open, failed, or completed late', async () => {
  const overdue = factsOf({ recurringTasks: [occurrence('t1', '2030-04-30', 'COMPLETED', '2030-04-30T10:00:00Z'), occurrence('t2', '2030-05-31', 'OPEN')] });
  expect(await evaluateRecurringTask(check('recurring-task', { task_id: null, grace_days: 0 }), overdue)).toEqual({
    status: 'failing',
    summary: '1 recurring task not completed on time.',
    reasons: [{ kind: 'task', id: 't2', label: 'Access review: due on 2030-05-31, not completed', link: '/view-task?id=t2' }],
  });
  const late = factsOf({ recurringTasks: [occurrence('t1', '2030-05-31', 'COMPLETED', '2030-06-02T08:00:00Z'), occurrence('t2', '2030-06-30', 'OPEN')] });
  expect((await evaluateRecurringTask(check('recurring-task', { task_id: null, grace_days: 1 }), late)).reasons[0].label).toBe('Access review: due on 2030-05-31, completed on 2030-06-02');
  const failed = factsOf({ recurringTasks: [occurrence('t1', '2030-06-30', 'FAILED')] });
  expect((await evaluateRecurringTask(check('recurring-task', { task_id: null, grace_days: 0 }), failed)).reasons[0].label).toBe('Access review: due on 2030-06-30, failed');
});

it('judges each series, or the one named', async () => {
  const facts = factsOf({
    recurringTasks: [occurrence('a1', '2030-05-31', 'COMPLETED', '2030-05-30T00:00:00Z', 'a'), occurrence('b1', '2030-05-31', 'OPEN', null, 'b')],
  });
  expect((await evaluateRecurringTask(check('recurring-task', { task_id: null, grace_days: 0 }), facts)).summary).toBe('1 recurring task not completed on time.');
  expect((await evaluateRecurringTask(check('recurring-task', { task_id: 'a', grace_days: 0 }), facts)).status).toBe('passing');
});

it('is not evaluated without a series, or before an occurrence fell due', async () => {
  expect(await evaluateRecurringTask(check('recurring-task', { task_id: null, grace_days: 0 }), factsOf({}))).toEqual({
    status: 'not_evaluated',
    summary: 'No recurring task is linked to the requirement.',
    reasons: [],
  });
  const early = factsOf({ recurringTasks: [occurrence('t1', '2030-06-15', 'OPEN')] });
  expect((await evaluateRecurringTask(check('recurring-task', { task_id: null, grace_days: 0 }), early)).summary).toBe('No occurrence of the recurring task has fallen due yet.');
});
