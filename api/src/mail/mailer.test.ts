import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { DEFAULT_IDENTITY } from '../config';
import { manualClock } from '../identity/clock';
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
});

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

it('keeps mail in the outbox without SMTP, logs it with its body, and lists it newest first', async () => {
  await app.mailer.sendMail({ to: 'Ann@Example.com', subject: 'First', text: 'Your code is 123456' });
  clock.advance(1000);
  app.mailer.sendMailLater({ to: 'ann@example.com', subject: 'Second', text: 'Your code is 654321' });
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
  const mailer = createMailer({
    smtpUrl: 'smtp://mail.example.com:1025?from=Portal%20%3Cportal%40example.com%3E',
    db: app.database,
    log: { info: () => undefined, error: (_fields, message) => errors.push(message) },
    now: clock.now,
    transport: {
      async sendMail(message) {
        if (message.to === 'broken@example.com') throw new Error('refused');
        sent.push(message);
      },
    },
  });
  const before = (await listOutbox(app.database)).length;
  await mailer.sendMail({ to: 'carl@example.com', subject: 'Hello', text: 'Body' });
  mailer.sendMailLater({ to: 'broken@example.com', subject: 'Lost', text: 'Body' });
  await mailer.idle();
  expect(mailer.kind).toBe('smtp');
  expect(sent).toEqual([{ to: 'carl@example.com', subject: 'Hello', text: 'Body', from: 'Portal <portal@example.com>' }]);
  expect(errors).toEqual(['mail delivery failed']);
  expect(await listOutbox(app.database)).toHaveLength(before);
  expect(senderOf('smtp://mail:25')).toBe('Portal <no-reply@localhost>');
});
