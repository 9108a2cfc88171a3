import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { DEFAULT_IDENTITY } from '../config';
import { manualClock } from '../identity/clock';
import { createInProcessJobs } from '../jobs/in-process';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createMailer, listOutbox, senderOf, type MailMessage } from './mailer';

const clock = manualClock(new Date('2030-02-01T10:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await buildApp({
    config: { ...environment.config, logLevel: 'info', identity: { ...DEFAULT_IDENTITY, mailOutboxApi: true } },
    now: clock.now,
    logStream: { write: (line) => logged.push(line) },
  });
  // Ready: its workers send the account mail.
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

it('keeps mail in the outbox without SMTP, logs it with its body, and lists it newest first', async () => {
  await app.mailer.sendMail({ to: 'Ann@Example.com', subject: 'First', text: 'Your code is 123456' });
  clock.advance(1000);
  // Not awaited: idle() waits for it all the same.
  void app.mailer.sendMailLater({ to: 'ann@example.com', subject: 'Second', text: 'Your code is 654321' });
  await app.mailer.sendMail({ to: 'bob@example.com', subject: 'Other', text: 'hi' });
  await app.mailer.idle();
  expect(app.mailer.kind).toBe('outbox');
  expect(logged.some((line) => line.includes('Your code is 654321') && line.includes('ann@example.com'))).toBe(true);

  const response = await app.inject({ method: 'GET', url: '/api/testing/outbox?to=ANN@example.com' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual([
    { to: 'ann@example.com', subject: 'Second', text: 'Your code is 654321', created_at: '2030-02-01T10:00:01.000Z' },
    { to: 'Ann@Example.com', subject: 'First', text: 'Your code is 123456', created_at: '2030-02-01T10:00:00.000Z' },
  ]);
  expect((await app.inject({ method: 'GET', url: '/api/testing/outbox' })).json()).toHaveLength(3);
});

it('has no outbox endpoint unless MAIL_OUTBOX_API is true', async () => {
  const other = await buildApp({ config: environment.config, database: app.database });
  try {
    expect((await other.inject({ method: 'GET', url: '/api/testing/outbox' })).statusCode).toBe(404);
  } finally {
    await other.close();
  }
});

it('sends over SMTP when SMTP_URL is set, storing nothing, from the address the URL names', async () => {
  const sent: (MailMessage & { from: string })[] = [];
  const errors: string[] = [];
  // The account mail's jobs in process, started: a failed attempt's retry waits its minute (account-mail.test.ts retries).
  const jobs = createInProcessJobs();
  const mailer = createMailer({
    smtpUrl: 'smtp://mail.example.com:1025?from=Portal%20%3Cportal%40example.com%3E',
    db: app.database,
    jobs,
    log: { info: () => undefined, error: (_fields, message) => errors.push(message) },
    now: clock.now,
    transport: {
      async sendMail(message) {
        if (message.to === 'broken@example.com') throw new Error('refused');
        sent.push(message);
      },
    },
  });
  await jobs.start();
  try {
    const before = (await listOutbox(app.database)).length;
    await mailer.sendMail({ to: 'carl@example.com', subject: 'Hello', text: 'Body' });
    await mailer.sendMailLater({ to: 'dora@example.com', subject: 'Later', text: 'Body' });
    await mailer.sendMailLater({ to: 'broken@example.com', subject: 'Lost', text: 'Body' });
    await mailer.idle();
    expect(mailer.kind).toBe('smtp');
    expect(sent).toEqual([
      { to: 'carl@example.com', subject: 'Hello', text: 'Body', from: 'Portal <portal@example.com>' },
      // Sent later by its job, under a Message-ID of its own (the same if a retry sends it again).
      { to: 'dora@example.com', subject: 'Later', text: 'Body', from: 'Portal <portal@example.com>', messageId: expect.stringMatching(/^<account-mail-[0-9a-f-]{36}@example\.com>$/) },
    ]);
    expect(errors).toEqual(['mail delivery failed']);
    expect(await listOutbox(app.database)).toHaveLength(before);
    expect(senderOf('smtp://mail:25')).toBe('Portal <no-reply@localhost>');
  } finally {
    await jobs.stop();
  }
});
