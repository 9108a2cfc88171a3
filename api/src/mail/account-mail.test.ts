// Account mail as a job (issue 27), on both back ends of the job queue: in process (always) and
// pg-boss when DATABASE_URL names a Postgres server. A queued message is sent by its job; a failed
// attempt is retried; a job run twice sends once (over SMTP and into the outbox); a message held by
// a run that died is sent once its claim has passed; a message whose job was lost is queued again.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import type { Jobs } from '../jobs/index';
import { JOB_BACKENDS, kindIdle } from '../testing/jobs';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { ACCOUNT_MAIL_JOB, type AccountMailTiming } from './account-mail';
import { claimAccountMail, insertAccountMail } from './account-mail.repository';
import { createMailer, listOutbox, type MailMessage, type MailTransport } from './mailer';

const clock = manualClock(new Date('2030-03-01T09:00:00Z'));
/** A second per attempt, retried a second later: a test sees a retry. */
const TIMING: AccountMailTiming = { timeoutSeconds: 1, retry: { limit: 2, delaySeconds: 1, backoff: false } };
let environment: TestEnvironment;
let app: FastifyInstance;

beforeAll(async () => {
  environment = await createTestEnvironment();
  // The database only: its own workers run no job.
  app = await buildApp({ config: environment.config, jobWorkers: false });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

const rows = async (to: string) => (await app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM account_mail WHERE recipient = $1', [to]))[0]!.n;

describe.each(JOB_BACKENDS)('account mail jobs %s', (backend, create) => {
  let jobs: Jobs;
  const errors: string[] = [];
  /** What SMTP accepted; `failures` attempts to an address fail first. */
  const sent: Array<MailMessage & { from: string }> = [];
  const failures = new Map<string, number>();
  const transport: MailTransport = {
    async sendMail(message) {
      const left = failures.get(message.to) ?? 0;
      if (left > 0) {
        failures.set(message.to, left - 1);
        throw new Error('421 try again later');
      }
      sent.push(message);
    },
  };
  const to = (name: string) => `${name}.${backend.replace(/\W/g, '')}@example.com`;
  const sentTo = (address: string) => sent.filter((message) => message.to === address);
  const mailer = (smtp: boolean) =>
    createMailer({
      ...(smtp ? { smtpUrl: 'smtp://mail.example.com:25?from=portal%40example.com', transport } : {}),
      db: app.database,
      jobs,
      log: { info: () => undefined, error: (_fields, message) => errors.push(message) },
      now: clock.now,
      accountMail: TIMING,
    });

  beforeEach(async () => {
    jobs = await create(app.database);
    errors.length = 0;
  });

  afterEach(async () => {
    await jobs.stop();
  });

  test('a message sent later is sent by its job, and its row is gone', async () => {
    const smtp = mailer(true);
    await jobs.start();
    await smtp.sendMailLater({ to: to('ann'), subject: 'Your code', text: 'Your code is 123456' });
    await smtp.idle();
    expect(sentTo(to('ann'))).toEqual([
      { to: to('ann'), subject: 'Your code', text: 'Your code is 123456', from: 'portal@example.com', messageId: expect.stringMatching(/^<account-mail-[0-9a-f-]{36}@example\.com>$/) },
    ]);
    expect(await rows(to('ann'))).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a failed attempt is retried, and the message sent once', async () => {
    const smtp = mailer(true);
    failures.set(to('bob'), 1);
    await jobs.start();
    await smtp.sendMailLater({ to: to('bob'), subject: 'Invitation', text: 'Open this link' });
    await until(async () => sentTo(to('bob')).length > 0 && (await kindIdle(jobs, ACCOUNT_MAIL_JOB)), 'the retry');
    expect(errors).toEqual(['mail delivery failed']);
    expect(sentTo(to('bob'))).toHaveLength(1);
    expect(await rows(to('bob'))).toBe(0);
    expect(await jobs.failed(ACCOUNT_MAIL_JOB)).toEqual([]);
  });

  test('a job run twice sends once over SMTP', async () => {
    mailer(true);
    await jobs.start();
    const id = await insertAccountMail(app.database, { to: to('carl'), subject: 'Twice', text: 'Once only' }, clock.now());
    // Two jobs of one message (a send repeated, a worker that died after sending): keys of their own.
    await jobs.send(ACCOUNT_MAIL_JOB, { id }, { singletonKey: `${id}-a` });
    await jobs.send(ACCOUNT_MAIL_JOB, { id }, { singletonKey: `${id}-b` });
    await until(() => kindIdle(jobs, ACCOUNT_MAIL_JOB), 'both jobs');
    expect(sentTo(to('carl'))).toHaveLength(1);
    expect(await rows(to('carl'))).toBe(0);
  });

  test('a job run twice stores once in the outbox (without SMTP), dated when it was queued', async () => {
    mailer(false);
    await jobs.start();
    const queuedAt = clock.now();
    const id = await insertAccountMail(app.database, { to: to('dora'), subject: 'Twice', text: 'Once only' }, queuedAt);
    clock.advance(60_000);
    await jobs.send(ACCOUNT_MAIL_JOB, { id }, { singletonKey: `${id}-a` });
    await jobs.send(ACCOUNT_MAIL_JOB, { id }, { singletonKey: `${id}-b` });
    await until(() => kindIdle(jobs, ACCOUNT_MAIL_JOB), 'both jobs');
    // Stored in the transaction that removes the row: once.
    expect(await listOutbox(app.database, to('dora'))).toEqual([{ to: to('dora'), subject: 'Twice', text: 'Once only', created_at: queuedAt.toISOString() }]);
    expect(await rows(to('dora'))).toBe(0);
  });

  test('a message held by a run that died is sent once its claim has passed; a lost job is queued again on ready', async () => {
    const smtp = mailer(true);
    await jobs.start();
    // A run claimed it (for a second) and died before sending: the next run leaves it until then.
    const held = await insertAccountMail(app.database, { to: to('erin'), subject: 'Held', text: 'Body' }, clock.now());
    expect(await claimAccountMail(app.database, held, 1)).toBeDefined();
    await jobs.send(ACCOUNT_MAIL_JOB, { id: held });
    await until(() => kindIdle(jobs, ACCOUNT_MAIL_JOB), 'the run that finds it held');
    expect(sentTo(to('erin'))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await jobs.send(ACCOUNT_MAIL_JOB, { id: held });
    await until(() => sentTo(to('erin')).length > 0, 'the message sent');

    // Stored, never queued (its process stopped in between): ready queues it — on a shared
    // server once it is a minute old (a live process queues its own at once).
    const lost = await insertAccountMail(app.database, { to: to('finn'), subject: 'Lost', text: 'Body' }, clock.now());
    if (jobs.backend === 'pg-boss') await app.database.query("UPDATE account_mail SET created_at = now() - interval '2 minutes' WHERE id = $1", [lost]);
    await smtp.resume();
    await until(() => sentTo(to('finn')).length > 0, 'the lost message sent');
    expect(sentTo(to('finn'))).toHaveLength(1);
    expect(sentTo(to('erin'))).toHaveLength(1);
  });
});
