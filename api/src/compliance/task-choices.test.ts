// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// GET compliance/recurring-tasks (task-choices.ts) on Acme's process alpha (testing/tasks.ts): each
// recurring series once, named by its first occurrence, with its latest occurrence's title and rule
// and the due date of its open occurrence; what it lists is what a recurring-task check accepts;
// list=>Task (403 without it); another organization's process answers 404 and lists nothing of
// alpha's.
import { STATUS_MESSAGES, type ComplianceCheck, type ComplianceRecurringTask } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
let rotate: { id: string };
let review: { id: string };
const list = `/api/compliance/recurring-tasks?${G}`;

beforeAll(async () => {
  world = await taskWorld();
  const task = (input: object, who: 'olga' | 'ursula' = 'olga', graph = G) => world.ok<{ id: string }>(who, 'POST', `/api/tasks?${graph}`, input, 201);
  rotate = await task({ title: 'Rotate keys', due_date: '2030-05-31', recurrence: 'FREQ=MONTHLY', assigned_to_user_id: world.ids.olga });
  review = await task({ title: 'access review', due_date: '2030-06-15', recurrence: 'FREQ=WEEKLY;INTERVAL=2' });
  await task({ title: 'Once only', due_date: '2030-06-15' });
  await task({ title: 'Omega monthly', due_date: '2030-06-30', recurrence: 'FREQ=MONTHLY' }, 'ursula', 'graph=omega');
  // Completing the first occurrence opens the next: the series is listed once, by its first occurrence.
  await world.ok('olga', 'POST', `/api/tasks/${rotate.id}/complete?${G}`, { comment: 'Rotated.' });
  await world.ok('olga', 'PUT', `/api/tasks/${(await world.app.database.query<{ id: string }>('SELECT id FROM tasks WHERE previous_id = $1', [rotate.id]))[0].id}?${G}`, {
    title: 'Rotate the signing keys',
  });
}, 120_000);

afterAll(async () => world?.close());

it('lists each recurring series once by title: its first occurrence, its latest title and rule, its open due date', async () => {
  const items = await world.ok<ComplianceRecurringTask[]>('reed', 'GET', list);
  expect(items).toEqual([
    { id: review.id, title: 'access review', recurrence: 'FREQ=WEEKLY;INTERVAL=2', next_due: '2030-06-15' },
    // Monthly from 31 May: June has no 31st (RFC 5545 skips it).
    { id: rotate.id, title: 'Rotate the signing keys', recurrence: 'FREQ=MONTHLY', next_due: '2030-07-31' },
  ]);
});

it('lists what a recurring-task check accepts and evaluates as the series', async () => {
  for (const { id } of await world.ok<ComplianceRecurringTask[]>('olga', 'GET', list)) {
    const check = await world.ok<ComplianceCheck>('olga', 'POST', `/api/requirements/${world.requirementId}/checks?${G}`, { kind: 'recurring-task', params: { task_id: id } }, 201);
    expect(check.result.summary).not.toBe('The recurring task no longer exists in the process.');
  }
  const checks = await world.ok<Array<ComplianceCheck<'recurring-task'>>>('olga', 'GET', `/api/requirements/${world.requirementId}/checks?${G}`);
  // Rotate keys: its due occurrence (31 May) was completed on time; the access review is not due yet.
  const statusOf = new Map(checks.map((check) => [check.params.task_id, check.result.status]));
  expect(statusOf).toEqual(new Map([[rotate.id, 'passing'], [review.id, 'not_evaluated']]));
});

it('needs list=>Task (403); another organization, with its process or its own, sees nothing of alpha', async () => {
  expectProblem(await world.call('vic', 'GET', list), 403, STATUS_MESSAGES[403]);
  expect((await world.call('ursula', 'GET', list)).statusCode).toBe(404);
  const theirs = await world.ok<ComplianceRecurringTask[]>('ursula', 'GET', '/api/compliance/recurring-tasks?graph=omega');
  expect(theirs.map((item) => item.title)).toEqual(['Omega monthly']);
});
