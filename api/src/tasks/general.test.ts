// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// General tasks (issue 23 item 4): create, edit, complete; who may; what is refused and with which
// words; links to the process's objects only; a recurring task's next occurrence, opened once
// when one is completed or falls due.
import { STATUS_MESSAGES, type InboxTask, type TaskHistoryEntry, type TaskInboxPage } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
beforeAll(async () => {
  world = await taskWorld();
}, 120_000);
afterAll(async () => world?.close());

const create = (input: object, who: 'olga' | 'rita' = 'olga') => world.ok<InboxTask>(who, 'POST', `/api/tasks?${G}`, input, 201);
const history = async (id: string) => (await world.ok<TaskHistoryEntry[]>('olga', 'GET', `/api/tasks/${id}/events?${G}`)).map((entry) => entry.type);

describe('creating a general task', () => {
  it('answers the task as the inbox shows it, raises New and tells the assignee', async () => {
    const [{ seq }] = await world.app.database.query<{ seq: string }>('SELECT coalesce(max(seq), 0) AS seq FROM outbox');
    const task = await create({
      title: '  Quarterly access review ',
      description: 'Check who may sign in.',
      due_date: '2030-06-20',
      assigned_to_user_id: world.ids.rita,
      link: { kind: 'requirement', id: world.requirementId },
    });
    expect(task).toMatchObject({
      type: 'GENERAL',
      status: 'OPEN',
      title: 'Quarterly access review',
      description: 'Check who may sign in.',
      due_date: '2030-06-20',
      assigned_to_user: { login_id: 'rita' },
      created_by: { login_id: 'olga' },
      link: { kind: 'requirement', id: world.requirementId, label: 'RQ-12 Password length' },
      requirement: { id: world.requirementId, code: 'RQ-12' },
      recurrence: null,
      overdue: false,
    });
    expect(await history(task.id)).toEqual(['New']);
    const bell = await world.app.database.query<{ body: { title: string; message: string; link: string } }>(
      'SELECT body FROM outbox WHERE seq > $1 AND destination = $2',
      [seq, `notifications#${world.ids.rita}`],
    );
    expect(bell.map(({ body }) => `${body.title} | ${body.message} | ${body.link}`)).toEqual([
      `New task | olga assigned you the task ##Quarterly access review##. | /view-task?id=${task.id}`,
    ]);
    const shown = await world.ok<InboxTask>('rita', 'GET', `/api/tasks/${task.id}?${G}`);
    expect(shown).toEqual(task);
  });

  it('links an application of the process by its key', async () => {
    const task = await create({ title: 'Patch the web app', link: { kind: 'application', id: world.applicationId }, assigned_to_group_id: world.workgroupId });
    expect(task).toMatchObject({ link: { kind: 'application', label: 'portal-web' }, assigned_to_group: { name: 'Reviewers' }, requirement: null });
  });

  it('needs assign=>Task (403 for an author)', async () => {
    expectProblem(await world.call('andy', 'POST', `/api/tasks?${G}`, { title: 'Mine' }), 403, STATUS_MESSAGES[403]);
  });

  it.each([
    ['no title', {}, 'Required.'],
    ['a blank title', { title: '   ' }, 'Required.'],
    ['a number as title', { title: 42 }, 'Invalid input.'],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 'Must have no more than 200 characters.'],
    ['a script marker', { title: 'javascript:alert(1)' }, 'Invalid input.'],
    ['a description of 10,001 characters', { title: 'T', description: 'd'.repeat(10001) }, 'Must have no more than 10000 characters.'],
    ['an impossible due date', { title: 'T', due_date: '2030-02-30' }, 'Must be a date (YYYY-MM-DD).'],
    ['an assignee that is not an id', { title: 'T', assigned_to_user_id: 'rita' }, 'Invalid input.'],
    ['an unknown link kind', { title: 'T', link: { kind: 'server', id: '00000000-0000-4000-8000-000000000000' } }, 'Must be one of requirement, application, finding.'],
    ['a link as text', { title: 'T', link: 'RQ-12' }, "Must be null, '' (no link) or { kind, id }."],
    ['a link as a number', { title: 'T', link: 0 }, "Must be null, '' (no link) or { kind, id }."],
    ['an unknown field', { title: 'T', owner: 'x' }, "'owner' is not a field of a general task."],
    ['an invalid rule', { title: 'T', due_date: '2030-07-01', recurrence: 'FREQ=FORTNIGHTLY' }, "The recurrence rule's FREQ is not valid."],
    ['a rule by the hour', { title: 'T', due_date: '2030-07-01', recurrence: 'FREQ=DAILY;BYHOUR=9' }, "A task's recurrence rule may not have BYHOUR (a task recurs by days)."],
    ['a rule of 30 February', { title: 'T', due_date: '2030-07-01', recurrence: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, 'The recurrence rule names no day that exists.'],
    ['a rule with COUNT and UNTIL', { title: 'T', due_date: '2030-07-01', recurrence: 'FREQ=DAILY;COUNT=2;UNTIL=20301231' }, 'The recurrence rule may have COUNT or UNTIL, not both.'],
    ['a rule without a due date', { title: 'T', recurrence: 'FREQ=WEEKLY' }, 'A recurring task needs a due date.'],
    ['a rule as a number', { title: 'T', due_date: '2030-07-01', recurrence: 7 }, 'Invalid input.'],
  ])('refuses %s (400)', async (_case, body, detail) => {
    const before = await world.app.database.query('SELECT count(*) FROM tasks');
    expectProblem(await world.call('olga', 'POST', `/api/tasks?${G}`, body), 400, detail);
    expect(await world.app.database.query('SELECT count(*) FROM tasks')).toEqual(before);
  });

  it('refuses a body that is not an object, and a huge one', async () => {
    expectProblem(await world.call('olga', 'POST', `/api/tasks?${G}`, [{ title: 'T' }]), 400, 'Data is not valid: the body must be object.');
    const huge = await world.call('olga', 'POST', `/api/tasks?${G}`, { title: 'T', description: 'x'.repeat(3_000_000) });
    expect([400, 413]).toContain(huge.statusCode);
  });

  it("answers 404 for a link, assignee or workgroup that is not the process's or organization's", async () => {
    const [omega] = await world.app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'omega'");
    const theirs = await world.ok<{ id: string }>('ursula', 'POST', '/api/requirements?graph=omega', { code: 'O-1', title: 'Theirs' }, 201);
    expect(omega).toBeDefined();
    expectProblem(await world.call('olga', 'POST', `/api/tasks?${G}`, { title: 'T', link: { kind: 'requirement', id: theirs.id } }), 404, 'No requirement of this process has that id.');
    expectProblem(await world.call('olga', 'POST', `/api/tasks?${G}`, { title: 'T', link: { kind: 'finding', id: world.requirementId } }), 404, 'No finding of this process has that id.');
    expect((await world.call('olga', 'POST', `/api/tasks?${G}`, { title: 'T', assigned_to_user_id: world.ids.ursula })).statusCode).toBe(404);
    expect((await world.call('ursula', 'POST', `/api/tasks?${G}`, { title: 'T' })).statusCode).toBe(404);
  });
});

describe('editing and completing', () => {
  let task: InboxTask;
  beforeAll(async () => {
    task = await create({ title: 'Rotate keys', due_date: '2030-06-05', assigned_to_user_id: world.ids.andy });
  });

  it('lets the creator or an assign=>Task holder edit; others get 403', async () => {
    expectProblem(await world.call('andy', 'PUT', `/api/tasks/${task.id}?${G}`, { title: 'Mine now' }), 403, "Only the task's creator or who may assign tasks edits it.");
    const edited = await world.ok<InboxTask>('rita', 'PUT', `/api/tasks/${task.id}?${G}`, { title: 'Rotate the signing keys', due_date: '2030-05-30' });
    expect(edited).toMatchObject({ title: 'Rotate the signing keys', due_date: '2030-05-30', overdue: true, assigned_to_user: { login_id: 'andy' } });
    const reassigned = await world.ok<InboxTask>('olga', 'PUT', `/api/tasks/${task.id}?${G}`, { assigned_to_user_id: world.ids.rita });
    expect(reassigned).toMatchObject({ title: 'Rotate the signing keys', assigned_to_user: { login_id: 'rita' } });
    expect(await history(task.id)).toEqual(['New', 'Assign']);
    expectProblem(await world.call('olga', 'PUT', `/api/tasks/${task.id}?${G}`, { title: '' }), 400, 'Required.');
  });

  it("clears the link with '' (what the edit form sends) or null, keeps it when left out", async () => {
    const linked = await create({ title: 'Review the password rule', link: { kind: 'requirement', id: world.requirementId } });
    const kept = await world.ok<InboxTask>('olga', 'PUT', `/api/tasks/${linked.id}?${G}`, { title: 'Review the password rules' });
    expect(kept).toMatchObject({ link: { kind: 'requirement', id: world.requirementId }, requirement: { code: 'RQ-12' } });
    const cleared = await world.ok<InboxTask>('olga', 'PUT', `/api/tasks/${linked.id}?${G}`, { link: '' });
    expect(cleared).toMatchObject({ title: 'Review the password rules', link: null, requirement: null });
    const relinked = await world.ok<InboxTask>('olga', 'PUT', `/api/tasks/${linked.id}?${G}`, { link: { kind: 'application', id: world.applicationId } });
    expect(relinked.link).toMatchObject({ kind: 'application', label: 'portal-web' });
    expect((await world.ok<InboxTask>('olga', 'PUT', `/api/tasks/${linked.id}?${G}`, { link: null })).link).toBeNull();
  });

  it('completes it for whom task authorization allows (403 for others, 409 once closed)', async () => {
    expectProblem(await world.call('andy', 'POST', `/api/tasks/${task.id}/complete?${G}`, {}), 403, STATUS_MESSAGES[403]);
    const done = await world.ok<InboxTask>('rita', 'POST', `/api/tasks/${task.id}/complete?${G}`, { comment: 'Rotated.' });
    expect(done).toMatchObject({ status: 'COMPLETED', progress: 100, overdue: false });
    expectProblem(await world.call('rita', 'POST', `/api/tasks/${task.id}/complete?${G}`, {}), 409, 'The task is already closed.');
    expectProblem(await world.call('olga', 'PUT', `/api/tasks/${task.id}?${G}`, { title: 'Again' }), 409, 'The task is already closed.');
    expect(await history(task.id)).toEqual(['New', 'Assign', 'Complete']);
  });

  it('edits and completes only general tasks (409 for a review task)', async () => {
    const review = await world.ok<{ id: string }>('olga', 'POST', `/api/requirements/${world.requirementId}/submit?${G}`, { reviewer_id: world.ids.rita }, 201);
    expectProblem(await world.call('olga', 'PUT', `/api/tasks/${review.id}?${G}`, { title: 'T' }), 409, 'Only a general task is edited or completed this way.');
    expectProblem(await world.call('rita', 'POST', `/api/tasks/${review.id}/complete?${G}`, {}), 409, 'Only a general task is edited or completed this way.');
  });
});

describe('recurring tasks', () => {
  const occurrences = async (title: string) =>
    (await world.ok<TaskInboxPage>('olga', 'GET', `/api/tasks/inbox?${G}&tab=all&q=${encodeURIComponent(title)}&sort=due_date`)).items.map(
      (item) => `${item.due_date} ${item.status} ${item.assigned_to_user?.login_id ?? '-'}`,
    );

  it('opens the next occurrence once when one is completed', async () => {
    const task = await create({ title: 'Access review Q', due_date: '2030-06-10', assigned_to_user_id: world.ids.rita, recurrence: 'RRULE:FREQ=MONTHLY;INTERVAL=3' });
    expect(task.recurrence).toBe('FREQ=MONTHLY;INTERVAL=3');
    await world.ok('rita', 'POST', `/api/tasks/${task.id}/complete?${G}`, {});
    expect(await occurrences('Access review Q')).toEqual(['2030-06-10 COMPLETED rita', '2030-09-10 OPEN rita']);
    expect((await world.call('rita', 'POST', `/api/tasks/${task.id}/complete?${G}`, {})).statusCode).toBe(409);
    expect(await occurrences('Access review Q')).toEqual(['2030-06-10 COMPLETED rita', '2030-09-10 OPEN rita']);
  });

  it('opens the next occurrence once when the scheduler finds one past due; completing it later opens no other', async () => {
    const task = await create({ title: 'Weekly backup check', due_date: '2030-05-27', assigned_to_user_id: world.ids.rita, recurrence: 'FREQ=WEEKLY' });
    await world.app.dueDates.tick();
    await world.app.dueDates.tick();
    expect(await occurrences('Weekly backup check')).toEqual(['2030-05-27 OPEN rita', '2030-06-03 OPEN rita']);
    await world.ok('rita', 'POST', `/api/tasks/${task.id}/complete?${G}`, {});
    expect(await occurrences('Weekly backup check')).toEqual(['2030-05-27 COMPLETED rita', '2030-06-03 OPEN rita']);
    expect(await history(task.id)).toEqual(['New', 'Past Due', 'Complete']);
  });

  it('ends with its COUNT', async () => {
    const task = await create({ title: 'Once only', due_date: '2030-06-15', assigned_to_user_id: world.ids.rita, recurrence: 'FREQ=DAILY;COUNT=1' });
    await world.ok('rita', 'POST', `/api/tasks/${task.id}/complete?${G}`, {});
    expect(await occurrences('Once only')).toEqual(['2030-06-15 COMPLETED rita']);
  });
});
