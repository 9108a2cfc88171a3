// @backend-agnostic: filters, sort and keyset paging through the route, permissions and 404s; the SQL is the
// same engine on PGlite.
// The tasks inbox (issue 23 item 1): each tab, the filters, search, sort, keyset paging without
// duplicates or misses across pages (ties included), the counts, every parameter checked (400 with
// its words), the 'all' tab's permission, and another organization's 404.
import { STATUS_MESSAGES, type InboxTask, type TaskInboxCounts, type TaskInboxPage } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type Login, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
const made: Record<string, string> = {};

beforeAll(async () => {
  world = await taskWorld();
  const create = async (who: Login, key: string, input: object) => {
    made[key] = (await world.ok<InboxTask>(who, 'POST', `/api/tasks?${G}`, input, 201)).id;
  };
  // The clock says 2030-06-01.
  await create('olga', 'ritas', { title: 'Renew the TLS certificate', due_date: '2030-05-20', assigned_to_user_id: world.ids.rita });
  await create('olga', 'group', { title: 'Triage 100% of the findings', due_date: '2030-06-05', assigned_to_group_id: world.workgroupId });
  await create('olga', 'andys', { title: 'Write the_runbook', assigned_to_user_id: world.ids.andy, link: { kind: 'requirement', id: world.requirementId } });
  await create('rita', 'byRita', { title: 'Ask for a budget', due_date: '2030-07-01', assigned_to_user_id: world.ids.andy });
  made.review = (await world.ok<{ id: string }>('olga', 'POST', `/api/requirements/${world.requirementId}/submit?${G}`, { reviewer_id: world.ids.rita }, 201)).id;
}, 120_000);
afterAll(async () => world?.close());

const page = (who: Login, query: string) => world.ok<TaskInboxPage>(who, 'GET', `/api/tasks/inbox?${G}&${query}`);
const titles = async (who: Login, query: string) => (await page(who, query)).items.map((item) => item.title).sort();

describe('tabs', () => {
  it('assigned (user or delegate), my workgroups, created by me, all', async () => {
    expect(await titles('rita', 'tab=assigned')).toEqual(['Renew the TLS certificate', 'Review RQ-12 Password length']);
    expect(await titles('rita', '')).toEqual(await titles('rita', 'tab=assigned'));
    expect(await titles('rita', 'tab=workgroups')).toEqual(['Triage 100% of the findings']);
    expect(await titles('rita', 'tab=created')).toEqual(['Ask for a budget']);
    expect(await titles('andy', 'tab=assigned')).toEqual(['Ask for a budget', 'Write the_runbook']);
    const all = await page('olga', 'tab=all');
    expect(all.items).toHaveLength(5);
    expect(all.next_cursor).toBeNull();
    // A page carries no total: the tab's count is the counts route's.
    expect(all).not.toHaveProperty('total');
  });

  it('shows workflow tasks with a derived title and the overdue flag', async () => {
    const [renew, review] = (await page('rita', 'tab=assigned&sort=due_date')).items;
    expect(renew).toMatchObject({ title: 'Renew the TLS certificate', overdue: true, due_date: '2030-05-20' });
    expect(review).toMatchObject({ type: 'REVIEW', title: 'Review RQ-12 Password length', link: null, overdue: false, requirement: { code: 'RQ-12' } });
  });

  it('writes each task of a page (JSON written by Postgres) as GET tasks/:id answers it (through the schema)', async () => {
    const { items } = await page('olga', 'tab=all');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item).toEqual(await world.ok<InboxTask>('olga', 'GET', `/api/tasks/${item.id}?${G}`));
      expect(typeof item.overdue).toBe('boolean');
    }
  });

  it("counts each tab with the filters; 'all' is null without list=>Task", async () => {
    expect(await world.ok<TaskInboxCounts>('rita', 'GET', `/api/tasks/inbox/counts?${G}`)).toEqual({ assigned: 2, workgroups: 1, created: 1, all: 5 });
    expect(await world.ok<TaskInboxCounts>('rita', 'GET', `/api/tasks/inbox/counts?${G}&type=GENERAL`)).toEqual({ assigned: 1, workgroups: 1, created: 1, all: 4 });
    expect(await world.ok<TaskInboxCounts>('vic', 'GET', `/api/tasks/inbox/counts?${G}`)).toEqual({ assigned: 0, workgroups: 0, created: 0, all: null });
  });

  it("refuses the 'all' tab without list=>Task (403), and a process without view=>Task", async () => {
    expectProblem(await world.call('vic', 'GET', `/api/tasks/inbox?${G}&tab=all`), 403, "The 'all' tab needs the permission to list tasks.");
    expect((await page('vic', 'tab=assigned')).items).toEqual([]);
    expect((await world.call('vic', 'GET', `/api/tasks/inbox?graph=omega`)).statusCode).toBe(404);
  });
});

describe('filters and search', () => {
  it('by type, status, due, requirement and assignee', async () => {
    expect(await titles('olga', 'tab=all&type=REVIEW')).toEqual(['Review RQ-12 Password length']);
    expect(await titles('olga', 'tab=all&due=overdue')).toEqual(['Renew the TLS certificate']);
    expect(await titles('olga', 'tab=all&due=week')).toEqual(['Triage 100% of the findings']);
    expect(await titles('olga', `tab=all&requirement=${world.requirementId}`)).toEqual(['Review RQ-12 Password length', 'Write the_runbook']);
    expect(await titles('olga', `tab=all&assignee=${world.ids.andy}`)).toEqual(['Ask for a budget', 'Write the_runbook']);
    expect(await titles('olga', 'tab=all&status=COMPLETED')).toEqual([]);
  });

  it('answers an unknown requirement or assignee with an empty page', async () => {
    expect(await page('olga', 'tab=all&requirement=00000000-0000-4000-8000-000000000000')).toEqual({ items: [], next_cursor: null });
    expect(await page('olga', 'tab=all&assignee=00000000-0000-4000-8000-000000000000')).toEqual({ items: [], next_cursor: null });
    const counts = await world.ok<TaskInboxCounts>('olga', 'GET', `/api/tasks/inbox/counts?${G}&assignee=00000000-0000-4000-8000-000000000000`);
    expect(counts.all).toBe(0);
  });

  it('searches the title and the requirement, % and _ as themselves', async () => {
    expect(await titles('olga', 'tab=all&q=password')).toEqual(['Review RQ-12 Password length', 'Write the_runbook']);
    expect(await titles('olga', 'tab=all&q=100%25')).toEqual(['Triage 100% of the findings']);
    expect(await titles('olga', 'tab=all&q=the_')).toEqual(['Write the_runbook']);
    expect(await titles('olga', 'tab=all&q=%25')).toEqual(['Triage 100% of the findings']);
  });

  it.each([
    ['tab=mine', "'tab' must be one of assigned, workgroups, created, all."],
    ['type=BUG', "'type' must be one of REVIEW, DELEGATE, HAS_GAP, RESOLVE_REJECTED, RESOLVE_RISK, RESOLVE_CONFLICT, GENERAL."],
    ['status=open', "'status' must be one of OPEN, COMPLETED, FAILED."],
    ['due=today', "'due' must be one of overdue, week."],
    ['sort=priority', "'sort' must be one of due_date, created_at, updated_at, type, status, title."],
    ['order=up', "'order' must be one of asc, desc."],
    ['limit=0', "'limit' must be a whole number from 1 to 100."],
    ['limit=101', "'limit' must be a whole number from 1 to 100."],
    ['limit=1e2', "'limit' must be a whole number from 1 to 100."],
    ['requirement=RQ-12', "'requirement' must be the id of a requirement."],
    ['assignee=rita', "'assignee' must be the id of a user."],
    [`q=${'x'.repeat(201)}`, "'q' must have no more than 200 characters."],
    ['cursor=nonsense!', "'cursor' is not the next_cursor of this list (its sort and order)."],
    ['tab=all&tab=created', "'tab' is given more than once."],
    ['page=2', "'page' is not a parameter of the tasks inbox."],
  ])('refuses %s (400)', async (query, detail) => {
    expectProblem(await world.call('olga', 'GET', `/api/tasks/inbox?${G}&${query}`), 400, detail);
  });
});

describe('paging', () => {
  let all: string[];
  beforeAll(async () => {
    // 150 more tasks: due dates in ties of 10 (and some without), titles in ties of 7, created at once.
    await world.app.database.query(
      `INSERT INTO tasks (organization_id, process_id, type, title, due_date, status, created_by, created_at, updated_at)
       SELECT p.organization_id, p.id, 'GENERAL', 'Bulk ' || (i % 7),
              CASE WHEN i % 11 = 0 THEN NULL ELSE DATE '2030-06-01' + (i / 10) END,
              CASE WHEN i % 3 = 0 THEN 'COMPLETED' ELSE 'OPEN' END, $2, TIMESTAMPTZ '2030-05-01T00:00:00Z', now()
         FROM processes p, generate_series(1, 150) i WHERE p.id = $1`,
      [world.processId, world.ids.olga],
    );
    all = (await world.app.database.query<{ id: string }>('SELECT id FROM tasks WHERE process_id = $1', [world.processId])).map((row) => row.id);
  });

  /** Every page of the 'all' tab, and the tab's count with the same filters (the counts route). */
  const walk = async (query: string, limit: number) => {
    const seen: InboxTask[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 200; pages += 1) {
      const answer: TaskInboxPage = await page('olga', `tab=all&${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.items.length).toBeLessThanOrEqual(limit);
      seen.push(...answer.items);
      cursor = answer.next_cursor;
      if (!cursor) break;
    }
    const counts = await world.ok<TaskInboxCounts>('olga', 'GET', `/api/tasks/inbox/counts?${G}&${query}`);
    return { seen, total: counts.all };
  };

  it.each(['sort=due_date&order=asc', 'sort=due_date&order=desc', 'sort=title&order=asc', 'sort=created_at&order=desc', 'sort=status&order=asc', 'sort=type&order=desc', 'sort=updated_at&order=asc'])(
    'walks every task once with %s',
    async (query) => {
      const { seen, total } = await walk(query, 7);
      expect(total).toBe(all.length);
      expect(seen.map((task) => task.id).sort()).toEqual([...all].sort());
      // In order of the sort (a missing due date after every date, ascending).
      const [, field] = /sort=(\w+)/.exec(query)!;
      const descending = query.endsWith('desc');
      const keyOf = (task: InboxTask) => String((task as unknown as Record<string, unknown>)[field] ?? '\uffff');
      for (let i = 1; i < seen.length; i += 1) {
        const [a, b] = [keyOf(seen[i - 1]), keyOf(seen[i])];
        if (field !== 'title') expect(descending ? a >= b : a <= b).toBe(true);
      }
    },
  );

  it("pages a filtered tab, as many tasks as the tab's count", async () => {
    const { seen, total } = await walk('status=OPEN&sort=due_date', 9);
    expect(seen).toHaveLength(total ?? -1);
    expect(new Set(seen.map((task) => task.id)).size).toBe(total);
    expect(seen.every((task) => task.status === 'OPEN')).toBe(true);
  });

  it("refuses a cursor of another sort or order, or one that was tampered with", async () => {
    const first = await page('olga', 'tab=all&sort=title&limit=5');
    const cursor = first.next_cursor!;
    const detail = "'cursor' is not the next_cursor of this list (its sort and order).";
    expectProblem(await world.call('olga', 'GET', `/api/tasks/inbox?${G}&tab=all&sort=due_date&cursor=${cursor}`), 400, detail);
    expectProblem(await world.call('olga', 'GET', `/api/tasks/inbox?${G}&tab=all&sort=title&order=desc&cursor=${cursor}`), 400, detail);
    const forged = Buffer.from(JSON.stringify({ s: 'title', o: 'asc', k: 'x', i: "1'; DROP TABLE tasks; --" })).toString('base64url');
    expectProblem(await world.call('olga', 'GET', `/api/tasks/inbox?${G}&tab=all&sort=title&cursor=${forged}`), 400, detail);
    const second = await page('olga', `tab=all&sort=title&limit=5&cursor=${cursor}`);
    expect(second.items.map((task) => task.id)).not.toContain(first.items[4].id);
  });
});

describe('another organization', () => {
  it("answers 404 for the inbox of Acme's process and for Acme's task in its own process", async () => {
    expect((await world.call('ursula', 'GET', `/api/tasks/inbox?${G}`)).statusCode).toBe(404);
    expect((await world.call('ursula', 'GET', `/api/tasks/inbox/counts?${G}`)).statusCode).toBe(404);
    for (const url of [`/api/tasks/${made.ritas}`, `/api/tasks/${made.ritas}/events`, `/api/tasks/${made.ritas}/comments`]) {
      expectProblem(await world.call('ursula', 'GET', `${url}?graph=omega`), 404, STATUS_MESSAGES[404]);
    }
    expect((await world.call('ursula', 'PUT', `/api/tasks/${made.ritas}?graph=omega`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await world.call('ursula', 'POST', `/api/tasks/${made.ritas}/complete?graph=omega`, {})).statusCode).toBe(404);
    expect((await world.call('ursula', 'POST', `/api/tasks/${made.ritas}/comments?graph=omega`, { text: 'Hi' })).statusCode).toBe(404);
    expect((await page('ursula' as Login, 'tab=all').catch(() => null))).toBeNull();
    const [row] = await world.app.database.query<{ title: string }>('SELECT title FROM tasks WHERE id = $1', [made.ritas]);
    expect(row.title).toBe('Renew the TLS certificate');
  });
});
