// @backend-agnostic: who is told what, read as outbox rows; the SQL is the same engine on PGlite, and the
// relay is realtime/'s.
// A task's history and comments (issue 23 item 2's /view-task): the history oldest first with its
// actors; comments by whoever may view tasks, checked like requirement comments, each raising the
// live event 'Task Comment' for the process's members (an open /view-task reads them again).
import { MESSAGES, type InboxTask, type TaskCommentRecord, type TaskHistoryEntry } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
let task: InboxTask;
beforeAll(async () => {
  world = await taskWorld();
  task = await world.ok<InboxTask>('olga', 'POST', `/api/tasks?${G}`, { title: 'Review the firewall rules', assigned_to_user_id: world.ids.andy }, 201);
}, 120_000);
afterAll(async () => world?.close());

const url = (suffix = '') => `/api/tasks/${task.id}${suffix}?${G}`;

it('answers the history oldest first, with who did what', async () => {
  await world.ok('olga', 'POST', url('/assign'), { user_id: world.ids.rita });
  await world.ok('rita', 'PATCH', url('/progress'), { progress: 40 });
  const history = await world.ok<TaskHistoryEntry[]>('reed', 'GET', url('/events'));
  expect(history.map((entry) => `${entry.type} ${entry.actor?.login_id}`)).toEqual(['New olga', 'Assign olga', 'Update Progress rita']);
  expect(history[2].data).toEqual({ progress: 40, previous: 0 });
  expect(new Date(history[0].time).getTime()).toBeLessThanOrEqual(new Date(history[2].time).getTime());
});

it('adds comments for whoever may view tasks and raises the live event Task Comment', async () => {
  const [{ seq }] = await world.app.database.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM outbox');
  const first = await world.ok<TaskCommentRecord>('reed', 'POST', url('/comments'), { text: '  Port 22 is open to the world. ' }, 201);
  expect(first).toMatchObject({ text: 'Port 22 is open to the world.', author: { login_id: 'reed' } });
  await world.ok('rita', 'POST', url('/comments'), { text: 'Closing it.' }, 201);
  const comments = await world.ok<TaskCommentRecord[]>('vic', 'GET', url('/comments'));
  expect(comments.map((comment) => `${comment.author?.login_id}: ${comment.text}`)).toEqual(['reed: Port 22 is open to the world.', 'rita: Closing it.']);
  const live = await world.app.database.query<{ destination: string; body: { type: string; data: Record<string, unknown> } }>(
    "SELECT destination, body FROM outbox WHERE seq > $1 AND destination LIKE 'events#%' ORDER BY seq",
    [seq],
  );
  const toRita = live.filter((row) => row.destination === `events#${world.ids.rita}`).map((row) => row.body);
  expect(toRita[0]).toMatchObject({ type: 'Task Comment', data: { graph: 'alpha', id: first.id, task_id: task.id, kind: 'comment', login_id: 'reed' } });
  expect(live.some((row) => row.destination === `events#${world.ids.ursula}`)).toBe(false);
});

it.each([
  ['no text', {}, MESSAGES.required],
  ['blank text', { text: '   ' }, MESSAGES.required],
  ['text as a number', { text: 12 }, MESSAGES.invalidInput],
  ['10,001 characters', { text: 'x'.repeat(10001) }, MESSAGES.maxLength(10000)],
  ['a script marker', { text: 'see dangerouslySetInnerHTML' }, MESSAGES.invalidInput],
])('refuses a comment with %s (400) and keeps none', async (_case, body, detail) => {
  expectProblem(await world.call('rita', 'POST', url('/comments'), body), 400, detail);
  expect(await world.ok<TaskCommentRecord[]>('rita', 'GET', url('/comments'))).toHaveLength(2);
});

it('answers 404 for an unknown task or one of another process', async () => {
  expect((await world.call('olga', 'GET', `/api/tasks/00000000-0000-4000-8000-000000000000/comments?${G}`)).statusCode).toBe(404);
  expect((await world.call('olga', 'GET', `/api/tasks/not-a-task/events?${G}`)).statusCode).toBe(404);
  expect((await world.call('ursula', 'POST', `/api/tasks/${task.id}/comments?graph=omega`, { text: 'Hi' })).statusCode).toBe(404);
});
