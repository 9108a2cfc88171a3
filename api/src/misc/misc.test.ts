// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The misc API (spec 7): POST /api/misc/inquiry stores the Contact Us inquiry with the caller's
// organization and mails it to the support address; it needs a session and valid fields (spec 5);
// the Beginners Guide is a PDF produced from docs/beginners-guide.md.
import type { FastifyInstance } from 'fastify';
import { INQUIRY_FAILURE_MESSAGE, MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import type { MailTransport } from '../mail/mailer';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate, lastMail } from '../testing/users';
import { parseGuide } from './beginners-guide';
import { PHONE_MESSAGE } from './inquiries';

const clock = manualClock(new Date('2030-05-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let ada: SessionCookie;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: { ...environment.config, supportEmail: 'help@acme.test' }, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createTestUser(app, 'ada', clock.now, '--org', 'Acme', '--role', 'READER');
  ada = await authenticate(app, 'ada', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const inquire = (payload: object, cookie: SessionCookie | null = ada) =>
  app.inject({ method: 'POST', url: '/api/misc/inquiry', headers: cookie ? withCookie(cookie) : {}, payload });

async function storedInquiries() {
  return app.database.query<{ organization: string; login_id: string; subject: string; message: string; phone: string | null }>(
    `SELECT o.name AS organization, u.login_id, i.subject, i.message, i.phone
       FROM inquiries i JOIN organizations o ON o.id = i.organization_id JOIN users u ON u.id = i.user_id
      ORDER BY i.created_at`,
  );
}

describe('POST /api/misc/inquiry', () => {
  it('stores the inquiry with the caller and their organization, and mails it to the support address', async () => {
    const response = await inquire({ subject: 'Invoice question', message: 'Where is my invoice?\nThanks.', phone: '+1 555-0100' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(String), created_at: expect.any(String) });

    expect(await storedInquiries()).toEqual([
      { organization: 'Acme', login_id: 'ada', subject: 'Invoice question', message: 'Where is my invoice?\nThanks.', phone: '+1 555-0100' },
    ]);
    const mail = await lastMail(app, 'help@acme.test');
    expect(mail?.subject).toBe('Inquiry: Invoice question');
    expect(mail?.text).toContain('From: User ada (ada, ada@example.com)');
    expect(mail?.text).toContain('Organization: Acme');
    expect(mail?.text).toContain('Phone: +1 555-0100');
    expect(mail?.text).toContain('Where is my invoice?\nThanks.');
  });

  it('answers 401 without a session and keeps nothing', async () => {
    const before = (await storedInquiries()).length;
    expectProblem(await inquire({ subject: 'Hi', message: 'Hello' }, null), 401, STATUS_MESSAGES[401]);
    expect(await storedInquiries()).toHaveLength(before);
  });

  it('refuses missing, too long or malformed fields with the spec 5 messages', async () => {
    const before = (await storedInquiries()).length;
    const empty = await inquire({ subject: '  ', message: '' });
    expectProblem(empty, 400, MESSAGES.required);
    expect(empty.json().errors).toEqual([
      { field: 'subject', message: MESSAGES.required },
      { field: 'message', message: MESSAGES.required },
    ]);
    expectProblem(await inquire({ subject: 'x'.repeat(256), message: 'ok' }), 400, MESSAGES.maxLength(255));
    expectProblem(await inquire({ subject: 'javascript:alert(1)', message: 'ok' }), 400, MESSAGES.invalidInput);
    expectProblem(await inquire({ subject: 'Call me', message: 'ok', phone: 'call me maybe' }), 400, PHONE_MESSAGE);
    expect(await storedInquiries()).toHaveLength(before);
  });

  it('keeps nothing and answers the inquiry failure message when the mail cannot be sent', async () => {
    const failing: MailTransport = { sendMail: () => Promise.reject(new Error('SMTP down')) };
    const broken = likeTheApiClient(
      await buildApp({
        config: { ...environment.config, smtpUrl: 'smtp://mail.invalid:25' },
        database: app.database,
        now: clock.now,
        mailTransport: failing,
        logStream: { write: () => undefined },
      }),
    );
    try {
      const before = (await storedInquiries()).length;
      const response = await broken.inject({
        method: 'POST',
        url: '/api/misc/inquiry',
        headers: withCookie(ada),
        payload: { subject: 'Lost', message: 'Anyone there?' },
      });
      expectProblem(response, 503, INQUIRY_FAILURE_MESSAGE);
      expect(await storedInquiries()).toHaveLength(before);
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/misc/beginners-guide.pdf', () => {
  it('answers the guide as a PDF for a signed-in user, and 401 without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/misc/beginners-guide.pdf', headers: withCookie(ada) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.rawPayload.length).toBeGreaterThan(2000);
    expectProblem(await app.inject({ method: 'GET', url: '/api/misc/beginners-guide.pdf' }), 401, STATUS_MESSAGES[401]);
  });

  it('reads headings, paragraphs and bullets of the markdown', () => {
    expect(parseGuide('# Guide\n\nIntro line\ncontinues.\n\n## Start\n- one\n  more\n- two')).toEqual([
      { kind: 'title', text: 'Guide' },
      { kind: 'paragraph', text: 'Intro line continues.' },
      { kind: 'heading', text: 'Start' },
      { kind: 'bullet', text: 'one more' },
      { kind: 'bullet', text: 'two' },
    ]);
  });
});
