// Who is told of the review workflow, of tasks and of a process's module configuration (issue 22
// item 1, docs/notifications.md): each event's recipients get the portal notification (the bell's
// queue 'notifications#<userId>', read once through the real broker as the browser reads it, else
// as the outbox rows the relay delivers) and the mail (mail_queue rows), on the channels the
// process's notification settings choose; the actor, a member of another process and a user of
// another organization never hear of it.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Requirement, RequirementTask } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import { BROKER_PATH } from '../realtime/embedded';
import { connectAsBrowser, subscribe, type StompConnection } from '../testing/realtime';

const clock = manualClock(new Date('2030-06-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let brokerUrl: string;
const cookies: Record<string, SessionCookie> = {};
const ids: Record<string, string> = {};
let workgroupId: string;
const G = 'graph=alpha';
// Everyone who could wrongly hear something: the tests say who did.
const EVERYONE = ['olga', 'adam', 'andy', 'owen', 'rita', 'gwen', 'ivan', 'reed', 'bob', 'ursula'];

const call = (who: string, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url, headers: withCookie(cookies[who]), ...(payload ? { payload } : {}) });

async function ok<T>(who: string, method: InjectOptions['method'], url: string, payload?: object, status = 200): Promise<T> {
  const response = await call(who, method, url, payload);
  if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  brokerUrl = `${address.replace(/^http/, 'ws')}${BROKER_PATH}`;
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Other']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'ursula', clock.now, '--org', 'Other', '--role', 'ORG_ADMIN');
  for (const login of ['olga', 'ursula']) cookies[login] = await authenticate(app, login, clock.now);
  for (const code of ['Alpha', 'Beta']) {
    await ok('olga', 'POST', '/api/projects', { code_name: code, name: code, type: 'REQUIREMENTS', dashboard_type: 'LIVE' }, 201);
  }
  await ok('ursula', 'POST', '/api/projects', { code_name: 'Alpha', name: 'Alpha', type: 'REQUIREMENTS', dashboard_type: 'LIVE' }, 201);
  const members: [string, string][] = [
    ['adam', 'alpha=ADMIN'],
    ['andy', 'alpha=AUTHOR'],
    ['owen', 'alpha=AUTHOR'],
    ['rita', 'alpha=REVIEWER'],
    ['gwen', 'alpha=REVIEWER'],
    ['ivan', 'alpha=AUTHOR'],
    ['reed', 'alpha=READER'],
    ['bob', 'beta=REVIEWER'],
  ];
  for (const [login, membership] of members) {
    await createTestUser(app, login, clock.now, '--org', 'Acme', '--member', membership);
    cookies[login] = await authenticate(app, login, clock.now);
  }
  for (const login of EVERYONE) ids[login] = (await findUserByLogin(app.database, login))!.id;
  workgroupId = (await ok<{ id: string }>('olga', 'POST', '/api/workgroups', { name: 'Reviewers', description: '', member_ids: [ids.gwen] }, 201)).id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

interface Mark {
  outbox: number;
  mail: number;
}

async function mark(): Promise<Mark> {
  const [row] = await app.database.query<{ outbox: string; mail: string }>(
    'SELECT (SELECT coalesce(max(seq), 0) FROM outbox) AS outbox, (SELECT coalesce(max(seq), 0) FROM mail_queue) AS mail',
  );
  return { outbox: Number(row.outbox), mail: Number(row.mail) };
}

/** What each user's bell received since `since` ('title | message | link'), and their mails ('event | subject | link'). */
async function heard(since: Mark): Promise<Record<string, { bell: string[]; mail: string[] }>> {
  const bell = await app.database.query<{ destination: string; body: { title: string; message: string; link: string } }>(
    "SELECT destination, body FROM outbox WHERE seq > $1 AND destination LIKE 'notifications#%' ORDER BY seq",
    [since.outbox],
  );
  const mail = await app.database.query<{ user_id: string; recipient: string; event: string; subject: string; link: string }>(
    'SELECT user_id, recipient, event, subject, link FROM mail_queue WHERE seq > $1 ORDER BY seq',
    [since.mail],
  );
  const result: Record<string, { bell: string[]; mail: string[] }> = {};
  for (const login of EVERYONE) {
    const mine = {
      bell: bell.filter((row) => row.destination === `notifications#${ids[login]}`).map(({ body }) => `${body.title} | ${body.message} | ${body.link}`),
      mail: mail.filter((row) => row.user_id === ids[login]).map((row) => `${row.event} | ${row.subject} | ${row.link}`),
    };
    for (const row of mail.filter((candidate) => candidate.user_id === ids[login])) expect(row.recipient).toBe(`${login}@example.com`);
    if (mine.bell.length > 0 || mine.mail.length > 0) result[login] = mine;
  }
  return result;
}

const add = (who: string, input: object) => ok<Requirement>(who, 'POST', `/api/requirements?${G}`, input, 201);
const submit = (who: string, id: string, input: object) => ok<RequirementTask>(who, 'POST', `/api/requirements/${id}/submit?${G}`, input, 201);
const link = (id: string) => `/requirements?id=${id}`;
const review = (id: string) => `/review-requirement?task=${id}`;

describe('the review workflow', () => {
  let connection: StompConnection | undefined;
  afterAll(async () => connection?.disconnect());

  it("Submit for Review reaches the reviewer's bell through the broker and their mail, and no one else", async () => {
    connection = await connectAsBrowser(app, brokerUrl, cookies.rita);
    const bell = await subscribe(connection, `/amq/queue/notifications#${ids.rita}`);
    const requirement = await add('andy', { code: 'N-1', title: 'Encrypt backups', owner_id: ids.owen });
    const since = await mark();
    const task = await submit('andy', requirement.id, { reviewer_id: ids.rita });

    const [message] = await bell.atLeast(1);
    expect(JSON.parse(message.body)).toMatchObject({
      project: 'alpha',
      login_id: 'rita',
      title: 'Review requested',
      message: 'andy submitted ##N-1 Encrypt backups## for review.',
      link: review(task.id),
      sender: 'andy',
      read: false,
    });
    message.ack();
    expect(await heard(since)).toEqual({
      rita: {
        bell: [`Review requested | andy submitted ##N-1 Encrypt backups## for review. | ${review(task.id)}`],
        mail: [`Requirement: Submit for Review | Review requested | ${review(task.id)}`],
      },
    });
  });

  it('a workgroup review reaches its members; a review naming nobody those who may review, in this process and organization only', async () => {
    const first = await add('andy', { code: 'N-2', title: 'Rotate keys' });
    let since = await mark();
    const grouped = await submit('andy', first.id, { workgroup_id: workgroupId });
    expect(Object.keys(await heard(since))).toEqual(['gwen']);

    const second = await add('andy', { code: 'N-3', title: 'Log access' });
    since = await mark();
    const open = await submit('andy', second.id, {});
    const told = await heard(since);
    // The reviewers, the process's admin and the organization's admin: not its authors or readers,
    // not bob (a reviewer of Beta), not ursula (Other's admin).
    expect(Object.keys(told).sort()).toEqual(['adam', 'gwen', 'olga', 'rita']);
    expect(told.rita.bell).toEqual([`Review requested | andy submitted ##N-3 Log access## for review. | ${review(open.id)}`]);

    // Reassigning a review tells the new reviewer.
    since = await mark();
    await ok('rita', 'POST', `/api/tasks/${grouped.id}/assign?${G}`, { user_id: ids.rita, workgroup_id: null });
    expect(await heard(since)).toEqual({});
    await ok('olga', 'POST', `/api/tasks/${grouped.id}/assign?${G}`, { user_id: ids.gwen, workgroup_id: null });
    expect(await heard(since)).toEqual({
      gwen: {
        bell: [`Task assigned to you | olga assigned you the review task of ##N-2 Rotate keys##. | ${review(grouped.id)}`],
        mail: [`Task: Assign | Task assigned to you | ${review(grouped.id)}`],
      },
    });
  });

  it('reject → author and owner; resubmit → the reviewer again; accept → author and owner, the delegation → the delegate (now the owner); progress and completion → who delegated', async () => {
    const requirement = await add('andy', { code: 'N-4', title: 'Back up daily', owner_id: ids.owen });
    const first = await submit('andy', requirement.id, { reviewer_id: ids.rita });

    let since = await mark();
    await ok('rita', 'POST', `/api/tasks/${first.id}/reject?${G}`, { comment: 'Name the store' }, 201);
    const rejected = ['Review rejected | rita rejected ##N-4 Back up daily##: Name the store | ' + link(requirement.id)];
    const rejectMail = [`Requirement: Reject Review | Review rejected | ${link(requirement.id)}`];
    expect(await heard(since)).toEqual({ andy: { bell: rejected, mail: rejectMail }, owen: { bell: rejected, mail: rejectMail } });

    since = await mark();
    const second = await submit('andy', requirement.id, { reviewer_id: ids.rita });
    expect(await heard(since)).toEqual({
      rita: {
        bell: [`Review requested | andy submitted ##N-4 Back up daily## for review again. | ${review(second.id)}`],
        mail: [`Requirement: Resume | Review requested | ${review(second.id)}`],
      },
    });

    since = await mark();
    const delegated = await ok<RequirementTask>('rita', 'POST', `/api/tasks/${second.id}/accept?${G}`, { delegate_to_id: ids.ivan }, 201);
    const accepted = [`Review accepted | rita accepted ##N-4 Back up daily## and delegated it to ivan. | ${link(requirement.id)}`];
    const acceptMail = [`Requirement: Accept Review | Review accepted | ${link(requirement.id)}`];
    expect(await heard(since)).toEqual({
      andy: { bell: accepted, mail: acceptMail },
      owen: { bell: accepted, mail: acceptMail },
      ivan: {
        bell: [`Requirement delegated to you | rita assigned you the delegated task of ##N-4 Back up daily##. | ${link(requirement.id)}`],
        mail: [`Task: New | Requirement delegated to you | ${link(requirement.id)}`],
      },
    });

    // Progress is told in the portal only by default; completion by mail too.
    since = await mark();
    await ok('ivan', 'PATCH', `/api/tasks/${delegated.id}/progress?${G}`, { progress: 40 });
    const progress = [`Task progress | ivan reported 40 % on the delegated task of ##N-4 Back up daily##. | ${link(requirement.id)}`];
    // The delegate is the owner since the acceptance (issue 26 item 2): who acts is not told.
    expect(await heard(since)).toEqual({ rita: { bell: progress, mail: [] } });

    since = await mark();
    await ok('ivan', 'PATCH', `/api/tasks/${delegated.id}/progress?${G}`, { progress: 100 });
    const done = [`Task completed | ivan completed the delegated task of ##N-4 Back up daily##. | ${link(requirement.id)}`];
    const doneMail = [`Task: Complete | Task completed | ${link(requirement.id)}`];
    expect(await heard(since)).toEqual({ rita: { bell: done, mail: doneMail } });
  });

  it('a failed delegation tells who delegated, with the reason (the owner is the delegate who failed it)', async () => {
    const requirement = await add('andy', { code: 'N-5', title: 'Use an HSM' });
    const task = await submit('andy', requirement.id, { reviewer_id: ids.gwen });
    const delegated = await ok<RequirementTask>('gwen', 'POST', `/api/tasks/${task.id}/accept?${G}`, { delegate_to_id: ids.ivan }, 201);
    const since = await mark();
    await ok('ivan', 'POST', `/api/tasks/${delegated.id}/fail?${G}`, { comment: 'No HSM available' });
    const failed = [`Task failed | ivan failed the delegated task of ##N-5 Use an HSM##: No HSM available | ${link(requirement.id)}`];
    const failMail = [`Task: Fail | Task failed | ${link(requirement.id)}`];
    expect(await heard(since)).toEqual({ gwen: { bell: failed, mail: failMail } });
  });

  it('completing a requirement by hand tells its owner, not its author who did it', async () => {
    const requirement = await add('andy', { code: 'N-6', title: 'Done by hand', owner_id: ids.owen });
    let since = await mark();
    await ok('andy', 'PATCH', `/api/requirements/${requirement.id}/progress?${G}`, { progress: 60 });
    expect(await heard(since)).toEqual({
      owen: { bell: [`Requirement progress | andy reported 60 % on ##N-6 Done by hand##. | ${link(requirement.id)}`], mail: [] },
    });
    since = await mark();
    await ok('andy', 'PATCH', `/api/requirements/${requirement.id}/progress?${G}`, { progress: 100 });
    expect(await heard(since)).toEqual({
      owen: {
        bell: [`Requirement completed | andy completed ##N-6 Done by hand##. | ${link(requirement.id)}`],
        mail: [`Requirement: Complete | Requirement completed | ${link(requirement.id)}`],
      },
    });
  });
});

describe("the process's notification settings", () => {
  afterAll(async () => {
    await ok('olga', 'POST', `/api/projects/notificationSettings?${G}`, { settings: { 'Requirement: Submit for Review': { mail: true, portal: true } } });
  });

  it('decide the channels: mail off → the bell only; portal off → the mail only; both off → nobody', async () => {
    const cases: Array<[{ mail: boolean; portal: boolean }, { bell: number; mail: number } | undefined]> = [
      [{ mail: false, portal: true }, { bell: 1, mail: 0 }],
      [{ mail: true, portal: false }, { bell: 0, mail: 1 }],
      [{ mail: false, portal: false }, undefined],
    ];
    for (const [index, [channels, expected]] of cases.entries()) {
      await ok('olga', 'POST', `/api/projects/notificationSettings?${G}`, { settings: { 'Requirement: Submit for Review': channels } });
      const requirement = await add('andy', { code: `S-${index}`, title: 'Settings' });
      const since = await mark();
      await submit('andy', requirement.id, { reviewer_id: ids.rita });
      const told = await heard(since);
      expect(told.rita && { bell: told.rita.bell.length, mail: told.rita.mail.length }).toEqual(expected);
      expect(Object.keys(told).filter((login) => login !== 'rita')).toEqual([]);
    }
  });

  it('a user who muted the event kind is not told', async () => {
    await app.database.query("INSERT INTO notification_preferences (user_id, muted) VALUES ($1, '{Requirement: Submit for Review}')", [ids.rita]);
    try {
      const requirement = await add('andy', { code: 'S-M', title: 'Muted' });
      const since = await mark();
      await submit('andy', requirement.id, { reviewer_id: ids.rita });
      expect(await heard(since)).toEqual({});
    } finally {
      await app.database.query('DELETE FROM notification_preferences WHERE user_id = $1', [ids.rita]);
    }
  });
});

describe('Update Module Configuration', () => {
  it("tells the process's admins what was switched, not its other members, and nothing when nothing changed", async () => {
    let since = await mark();
    await ok('olga', 'PATCH', '/api/projects/Alpha/moduleConfiguration', { code: false });
    const told = await heard(since);
    expect(told).toEqual({
      adam: {
        bell: ['Module configuration changed | olga switched the code provenance module off in ##Alpha##. | /projects/settings'],
        mail: ['Update Module Configuration | Module configuration changed | /projects/settings'],
      },
    });
    since = await mark();
    await ok('olga', 'PATCH', '/api/projects/Alpha/moduleConfiguration', { code: false });
    expect(await heard(since)).toEqual({});
    await ok('adam', 'PATCH', '/api/projects/Alpha/moduleConfiguration', { code: true });
    expect(Object.keys(await heard(since))).toEqual(['olga']);
  });
});

// Last: it moves the clock past the sessions' lifetime.
describe('the due-date scheduler', () => {
  it('reminds the assignee and the owner by mail too, with links that open the object', async () => {
    const requirement = await add('andy', { code: 'D-1', title: 'Due', owner_id: ids.owen, due_date: '2030-07-06' });
    const task = await submit('andy', requirement.id, { reviewer_id: ids.rita, due_date: '2030-07-03' });
    const since = await mark();
    clock.set(new Date('2030-07-04T08:00:00Z'));
    await app.dueDates.tick();
    const told = await heard(since);
    expect(told.rita).toEqual({
      bell: [`Task past due | The review task of ##D-1 Due## was due on 07/03/2030. | ${review(task.id)}`],
      mail: [`Task: Past Due | Task past due | ${review(task.id)}`],
    });
    expect(told.owen).toEqual({
      bell: [`Requirement due soon | The requirement ##D-1 Due## is due on 07/06/2030. | ${link(requirement.id)}`],
      mail: [`Requirement: Remind Due Date | Requirement due soon | ${link(requirement.id)}`],
    });
    expect(told.andy).toBeUndefined();
  });
});
