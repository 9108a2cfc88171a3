// The due-date pass as a job (issue 27): in an API process that runs its job workers — as
// `npm start` runs them — a due-dates job raises a task's Past Due (a second pass, by the job or
// tick(), raises nothing again: the task's event is claimed).
import type { InboxTask, TaskHistoryEntry } from '@portal/shared/server';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { until } from '../testing/until';

let world: TaskWorld;
beforeAll(async () => {
  world = await taskWorld({ jobWorkers: true });
}, 120_000);
afterAll(async () => world?.close());

const history = async (id: string) => (await world.ok<TaskHistoryEntry[]>('olga', 'GET', `/api/tasks/${id}/events?${G}`)).map((entry) => entry.type);

it('runs the due-date pass sent as a job in the API process', async () => {
  const task = await world.ok<InboxTask>('olga', 'POST', `/api/tasks?${G}`, { title: 'Rotate the keys', due_date: '2030-05-27', assigned_to_user_id: world.ids.rita }, 201);
  expect(world.app.jobs.backend).toBe(process.env.DATABASE_URL ? 'pg-boss' : 'in-process');
  await world.app.jobs.send('due-dates');
  await until(async () => (await history(task.id)).includes('Past Due'), 'the Past Due event');
  expect(await world.app.dueDates.tick()).toEqual({ reminded: 0, pastDue: 0 });
  expect(await history(task.id)).toEqual(['New', 'Past Due']);
});
