// Notification mail through a REAL SMTP server that the test starts (smtp-server) and reads: one
// message per recipient with text and HTML, the link absolute and the unsubscribe line; a server
// that refuses then accepts; a relay stopped mid-way; muted kinds; the daily digest.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../app';
import type { Queryable } from '../db/database';
import { createMailer, listOutbox, type MailMessage } from '../mail/mailer';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { manualClock } from '../identity/clock';
import { createInProcessJobs } from '../jobs/in-process';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createTestUser } from '../testing/identity';
import { findUserByLogin } from '../users/repository';
import { notify, type NotificationInput } from './index';
import { startMailRelay } from './mail-relay';
import { savePreferences } from './preferences.repository';

interface Received {
  to: string[];
  raw: string;
  /** The message with quoted-printable undone, for reading its text. */
  decoded: string;
}

/** An SMTP server on a free port that keeps what it accepts; `refuse` makes it answer 451 instead. */
async function startSmtp(): Promise<{ url: string; received: Received[]; refuse: number; delayMs: number; close(): Promise<void> }> {
  const state = { received: [] as Received[], refuse: 0, delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const answer = () => {
          if (state.refuse > 0) {
            state.refuse -= 1;
            const error = new Error('Try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const decoded = Buffer.from(
            raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8');
          state.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, decoded });
          callback();
        };
        if (state.delayMs > 0) setTimeout(answer, state.delayMs);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}?from=Portal%20%3Cportal%40example.com%3E`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const PUBLIC_URL = 'https://portal.example.com';
let environment: TestEnvironment;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
const clock = manualClock(new Date());
const ids: Record<string, string> = {};
let processId: string;

async function waitFor<T>(read: () => T, done: (value: T) => boolean, what: string, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const event = (overrides: Partial<NotificationInput> = {}): NotificationInput => ({
  processId,
  processCode: 'SHOP',
  event: 'Requirement: Submit for Review',
  recipients: [ids.ann as string, ids.bob as string],
  actorId: ids.carl,
  title: 'Review requested: REQ-7',
  message: 'Carl asks you to review ##REQ-7 Password rules##.',
  link: '/requirements/REQ-7',
  sender: 'carl',
  ...overrides,
});

const raise = (input: NotificationInput) => app.database.transaction((tx) => notify(tx, input));
const to = (login: string) => smtp.received.filter((mail) => mail.to.includes(`${login}@example.com`));

beforeAll(async () => {
  environment = await createTestEnvironment();
  smtp = await startSmtp();
  app = await buildApp({
    config: { ...environment.config, smtpUrl: smtp.url, publicUrl: PUBLIC_URL, notificationDigestHour: 7 },
    now: clock.now,
    mailRelay: { retryBaseMs: 50, retryMaxMs: 200, pollMs: 50 },
  });
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'SHOP', '--name', 'Shop']);
  for (const login of ['ann', 'bob', 'carl', 'dora']) {
    await createTestUser(app, login, clock.now, '--org', 'Acme', '--member', 'SHOP=MEMBER');
    ids[login] = (await findUserByLogin(app.database, login))?.id as string;
  }
  const [process] = await app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'SHOP'");
  processId = process?.id as string;
});

afterAll(async () => {
  await app.close();
  await smtp.close();
  await environment.cleanup();
});

beforeEach(async () => {
  smtp.received.length = 0;
  smtp.refuse = 0;
  smtp.delayMs = 0;
  await app.database.query('DELETE FROM notification_preferences');
});

it('sends one message per recipient, in text and HTML, with the link absolute and the setting that sent it', async () => {
  await raise(event());
  await waitFor(() => smtp.received.length, (count) => count >= 2, 'two mails');
  await app.mailRelay.idle();
  expect(smtp.received.map((mail) => mail.to)).toEqual([['ann@example.com'], ['bob@example.com']]);
  const [mail] = to('ann');
  expect(mail?.raw).toMatch(/^Subject: Review requested: REQ-7\r?$/m);
  expect(mail?.raw).toMatch(/^From: Portal <portal@example.com>\r?$/m);
  expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
  expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
  expect(mail?.raw).toMatch(/Content-Type: text\/html/);
  expect(mail?.raw).toMatch(/^Message-ID: <notification-\d+@portal\.example\.com>\r?$/m);
  expect(mail?.raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/portal\.example\.com\/settings\/user-profile#notifications>\r?$/m);
  expect(mail?.decoded).toContain('Carl asks you to review REQ-7 Password rules.\r\nhttps://portal.example.com/requirements/REQ-7');
  expect(mail?.decoded).toContain('<a href="https://portal.example.com/requirements/REQ-7">REQ-7 Password rules</a>');
  expect(mail?.decoded).toContain(
    "You receive this because 'Requirement: Submit for Review' is on for you. Mute it or choose a daily digest in Account Profile → Notifications: https://portal.example.com/settings/user-profile#notifications",
  );
  // The actor is not told of their own action, and each row is marked sent once.
  expect(to('carl')).toEqual([]);
  const rows = await app.database.query<{ sent_at: Date | null; attempts: number }>('SELECT sent_at, attempts FROM mail_queue');
  expect(rows.every((row) => row.sent_at !== null && row.attempts === 0)).toBe(true);
});

it('retries a refused mail with a growing pause and delivers it once, keeping the error meanwhile', async () => {
  smtp.refuse = 3;
  await raise(event({ recipients: [ids.dora as string], title: 'Retried' }));
  await waitFor(() => to('dora').length, (count) => count === 1, 'the retried mail');
  await app.mailRelay.idle();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(to('dora')).toHaveLength(1);
  const [row] = await app.database.query<{ attempts: number; last_error: string | null; sent_at: Date | null }>(
    "SELECT attempts, last_error, sent_at FROM mail_queue WHERE subject = 'Retried'",
  );
  expect(row).toMatchObject({ attempts: 3, last_error: null });
  expect(row?.sent_at).not.toBeNull();
});

it('loses nothing and sends nothing twice when a relay stops mid-way and another takes over', async () => {
  await app.mailRelay.stop();
  smtp.delayMs = 30;
  const recipients: string[] = [];
  for (let index = 0; index < 12; index += 1) {
    await createTestUser(app, `many${index}`, clock.now, '--org', 'Acme', '--member', 'SHOP=MEMBER');
    recipients.push((await findUserByLogin(app.database, `many${index}`))?.id as string);
  }
  await raise(event({ recipients, title: 'Many' }));
  const first = startMailRelay({ db: app.database, mailer: app.mailer, publicUrl: PUBLIC_URL, batchSize: 5, pollMs: 50 });
  await waitFor(() => smtp.received.length, (count) => count >= 3, 'a few mails');
  await first.stop();
  const sentBefore = smtp.received.length;
  expect(sentBefore).toBeLessThan(12);
  const second = startMailRelay({ db: app.database, mailer: app.mailer, publicUrl: PUBLIC_URL, batchSize: 5, pollMs: 50 });
  try {
    await waitFor(() => smtp.received.length, (count) => count >= 12, 'every mail');
    await second.idle();
  } finally {
    await second.stop();
  }
  const addresses = smtp.received.flatMap((mail) => mail.to).sort();
  expect(addresses).toEqual([...new Set(addresses)]);
  expect(addresses).toHaveLength(12);
});

it('takes back after its lease the mail a crashed relay had claimed', async () => {
  // A relay that claimed and died: the rows are held until the lease ends, then sent once.
  await raise(event({ recipients: [ids.ann as string], title: 'Crashed' }));
  await app.database.query("UPDATE mail_queue SET next_attempt_at = now() + interval '300 milliseconds' WHERE subject = 'Crashed'");
  const relay = startMailRelay({ db: app.database, mailer: app.mailer, publicUrl: PUBLIC_URL, pollMs: 50 });
  try {
    await relay.idle();
    expect(to('ann')).toHaveLength(0);
    await waitFor(() => to('ann').length, (count) => count === 1, 'the mail after the lease');
  } finally {
    await relay.stop();
  }
});

it('mails nobody who muted the event kind, and no one when the rolled-back change raised it', async () => {
  await savePreferences(app.database, ids.ann as string, { muted: ['Requirement: Submit for Review'], mail_digest: false });
  const relay = startMailRelay({ db: app.database, mailer: app.mailer, publicUrl: PUBLIC_URL, pollMs: 50 });
  try {
    await raise(event({ title: 'Muted' }));
    await app.database
      .transaction(async (tx) => {
        await notify(tx, event({ title: 'Rolled back' }));
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await waitFor(() => to('bob').length, (count) => count === 1, "bob's mail");
    await relay.idle();
    expect(to('ann')).toEqual([]);
    expect(to('bob').map((mail) => /^Subject: (.*?)\r?$/m.exec(mail.raw)?.[1])).toEqual(['Muted']);
  } finally {
    await relay.stop();
  }
});

it("gathers a digest user's mail of the day into one mail at the digest hour, and nothing queued after it", async () => {
  await savePreferences(app.database, ids.bob as string, { muted: [], mail_digest: true });
  const relay = startMailRelay({ db: app.database, mailer: app.mailer, publicUrl: PUBLIC_URL, pollMs: 50 });
  try {
    await raise(event({ title: 'First of the day' }));
    await raise(event({ title: 'Task given', event: 'Task: Assign', message: 'You have ##a task##.', link: '/tasks/9' }));
    await waitFor(() => to('ann').length, (count) => count === 2, "ann's two mails");
    await relay.idle();
    expect(to('bob')).toEqual([]);

    // A day earlier, the last digest hour is before the mails; a day later, after them.
    const day = 24 * 60 * 60_000;
    clock.set(new Date(Date.now() - day));
    expect(await app.mailDigest.tick()).toBe(0);
    clock.set(new Date(Date.now() + day));
    expect(await app.mailDigest.tick()).toBe(1);
    expect(await app.mailDigest.tick()).toBe(0);
    await waitFor(() => to('bob').length, (count) => count === 1, "bob's digest");
    const [digest] = to('bob');
    expect(digest?.decoded).toMatch(/^Subject: Your daily digest of \d{4}-\d{2}-\d{2}: 2 notifications\r?$/m);
    expect(digest?.decoded).toContain('* First of the day');
    expect(digest?.decoded).toContain('https://portal.example.com/tasks/9');
    expect(digest?.decoded).toContain("'Requirement: Submit for Review', 'Task: Assign'");
    expect(digest?.decoded).toContain('<a href="https://portal.example.com/requirements/REQ-7">REQ-7 Password rules</a>');
  } finally {
    await relay.stop();
  }
});

it('without SMTP, stores each batch in the mail outbox and marks it sent in one transaction: once each, and again after a failed store', async () => {
  await app.mailRelay.stop();
  const outbox = createMailer({ db: app.database, jobs: createInProcessJobs(), log: { info: () => undefined, error: () => undefined }, now: clock.now });
  let failNext = true;
  const mailer = {
    sendMail: outbox.sendMail,
    storeAll: async (tx: Queryable, messages: readonly MailMessage[]) => {
      await outbox.storeAll?.(tx, messages);
      // The store went through, then the transaction fails: nothing may count as sent.
      if (failNext) {
        failNext = false;
        throw new Error('the database went away');
      }
    },
  };
  await raise(event({ recipients: [ids.ann as string, ids.bob as string, ids.dora as string], title: 'Kept' }));
  const relay = startMailRelay({ db: app.database, mailer, publicUrl: PUBLIC_URL, batchSize: 2, pollMs: 50, retryBaseMs: 20 });
  try {
    await waitFor(() => failNext, (failing) => !failing, 'the failed store');
    const stored = async () => (await listOutbox(app.database)).filter((mail) => mail.subject === 'Kept').map((mail) => mail.to);
    const all = await (async () => {
      for (const end = Date.now() + 5000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 20))) {
        const addresses = await stored();
        if (addresses.length >= 3) return addresses;
      }
      return stored();
    })();
    await relay.idle();
    expect(all.sort()).toEqual(['ann@example.com', 'bob@example.com', 'dora@example.com']);
    expect((await stored()).length).toBe(3);
    expect(smtp.received.filter((mail) => mail.raw.includes('Subject: Kept'))).toEqual([]);
    const rows = await app.database.query<{ sent: boolean }>("SELECT sent_at IS NOT NULL AS sent FROM mail_queue WHERE subject = 'Kept'");
    expect(rows.map((row) => row.sent)).toEqual([true, true, true]);
  } finally {
    await relay.stop();
  }
});
