// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// GET/PUT users/{username}/notification-preferences: the user's own, saved and obeyed by notify();
// another user's refused; hostile bodies answered 400 with what is wrong. Without SMTP_URL the
// notification mail lands in the mail outbox.
import { buildApp } from '../app';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { DEFAULT_IDENTITY } from '../config';
import { manualClock } from '../identity/clock';
import { NOTIFICATION_EVENTS } from '../processes/index';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { authenticate } from '../testing/users';
import { findUserByLogin } from '../users/repository';
import type { FastifyInstance } from 'fastify';
import { notify } from './index';
import { NOT_YOURS, unknownKind } from './preferences';

let environment: TestEnvironment;
let app: FastifyInstance;
const clock = manualClock(new Date('2030-03-01T10:00:00Z'));
let ann: SessionCookie;
let bob: SessionCookie;

const url = (username: string) => `/api/users/${encodeURIComponent(username)}/notification-preferences`;
const call = (cookie: SessionCookie | undefined, method: 'GET' | 'PUT', username: string, payload?: unknown) =>
  app.inject({ method, url: url(username), headers: cookie ? withCookie(cookie) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(
    await buildApp({
      config: { ...environment.config, identity: { ...DEFAULT_IDENTITY, mailOutboxApi: true }, publicUrl: 'http://portal.test:8080' },
      now: clock.now,
    }),
  );
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'SHOP', '--name', 'Shop']);
  for (const login of ['ann', 'bob']) await createTestUser(app, login, clock.now, '--org', 'Acme', '--member', 'SHOP=MEMBER');
  ann = await authenticate(app, 'ann', clock.now);
  bob = await authenticate(app, 'bob', clock.now);
});

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

it('answers the defaults and every kind there is, then what the user saved, in the settings order', async () => {
  const first = await call(ann, 'GET', 'ann');
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ muted: [], mail_digest: false, events: NOTIFICATION_EVENTS });

  const muted = ['Task: Assign', 'Requirement: Submit for Review', 'Task: Assign'];
  const saved = await call(ann, 'PUT', 'ANN@example.com', { muted, mail_digest: true });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ muted: ['Requirement: Submit for Review', 'Task: Assign'], mail_digest: true });
  expect((await call(ann, 'GET', 'ann')).json()).toMatchObject({ muted: ['Requirement: Submit for Review', 'Task: Assign'], mail_digest: true });
  // Bob's are his own.
  expect((await call(bob, 'GET', 'bob')).json()).toMatchObject({ muted: [], mail_digest: false });
});

it("refuses another user's preferences, reading or changing, and anyone signed out", async () => {
  expectProblem(await call(bob, 'GET', 'ann'), 403, NOT_YOURS);
  expectProblem(await call(bob, 'PUT', 'ann', { muted: [], mail_digest: false }), 403, NOT_YOURS);
  expectProblem(await call(bob, 'PUT', 'ann@example.com', { muted: [], mail_digest: false }), 403, NOT_YOURS);
  expect((await call(undefined, 'GET', 'ann')).statusCode).toBe(401);
  expect((await call(undefined, 'PUT', 'ann', { muted: [], mail_digest: false })).statusCode).toBe(401);
  expect((await call(ann, 'GET', 'ann')).json()).toMatchObject({ mail_digest: true });
});

it('answers 400 to hostile bodies and unknown kinds, saving nothing', async () => {
  const before = (await call(ann, 'GET', 'ann')).json();
  expectProblem(await call(ann, 'PUT', 'ann', { muted: ['Requirement: Hack'], mail_digest: false }), 400, unknownKind('Requirement: Hack'));
  for (const body of [
    {},
    { muted: [1], mail_digest: false },
    { muted: [], mail_digest: 'yes' },
    { muted: Array.from({ length: 201 }, () => 'Task: Assign'), mail_digest: false },
    { muted: ['x'.repeat(201)], mail_digest: false },
    [],
  ]) {
    const answer = await call(ann, 'PUT', 'ann', body);
    expect(answer.statusCode).toBe(400);
  }
  expect((await call(ann, 'GET', 'ann')).json()).toEqual(before);
  // A field the call does not know is dropped (the schemas' rule): it never chooses whose preferences change.
  expect((await call(ann, 'PUT', 'ann', { muted: [], mail_digest: false, user_id: 'bob' })).statusCode).toBe(200);
  expect((await call(bob, 'GET', 'bob')).json()).toMatchObject({ muted: [], mail_digest: false });
  await call(ann, 'PUT', 'ann', before);
});

it('keeps notification mail in the outbox without SMTP_URL, muted kinds left out', async () => {
  await call(ann, 'PUT', 'ann', { muted: ['Task: Assign'], mail_digest: false });
  await call(bob, 'PUT', 'bob', { muted: [], mail_digest: false });
  const [process] = await app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'SHOP'");
  const recipients = await Promise.all(['ann', 'bob'].map(async (login) => (await findUserByLogin(app.database, login))?.id as string));
  await app.database.transaction((tx) =>
    notify(tx, {
      processId: process?.id as string,
      processCode: 'SHOP',
      event: 'Task: Assign',
      recipients,
      title: 'Task assigned: review REQ-3',
      message: 'You were assigned ##a review of REQ-3##.',
      link: '/tasks',
    }),
  );
  await app.mailRelay.idle();
  const outbox = (await app.inject({ method: 'GET', url: '/api/testing/outbox' })).json() as { to: string; subject: string; text: string }[];
  const mails = outbox.filter((mail) => mail.subject === 'Task assigned: review REQ-3');
  expect(mails.map((mail) => mail.to)).toEqual(['bob@example.com']);
  expect(mails[0]?.text).toContain('You were assigned a review of REQ-3.\nhttp://portal.test:8080/tasks');
  expect(mails[0]?.text).toContain("'Task: Assign' is on for you");
});

it('fans one notification out to many recipients for the bench, portal and mail, all delivered when it answers', async () => {
  const answer = await app.inject({ method: 'POST', url: '/api/testing/notifications/fanout', payload: { login: 'ann', count: 150 } });
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toMatchObject({ recipients: 150, portal: 150, mail: 150 });
  const [left] = await app.database.query<{ mails: number; events: number }>(
    `SELECT (SELECT count(*)::integer FROM mail_queue WHERE sent_at IS NULL) AS mails,
            (SELECT count(*)::integer FROM outbox WHERE published_at IS NULL) AS events`,
  );
  expect(left).toEqual({ mails: 0, events: 0 });
  expect((await app.inject({ method: 'POST', url: '/api/testing/notifications/fanout', payload: { login: 'nobody', count: 1 } })).statusCode).toBe(404);
});
