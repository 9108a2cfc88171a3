// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The alarms API (issue 25 item 4) in the tasks world (Acme's process alpha: olga the
// organization admin, rita in the workgroup Reviewers, andy, reed, vic; Other's ursula): CRUD and
// a 400 for every field, 403 without the permission; the state machine driven by real changes
// (requirements created and deleted through the API) and metric snapshots under a manual clock,
// `for` honoured by the timer; notifications to the recipients and workgroup members only; a
// signed webhook checked by a local HTTP server, retried after a 500 and delivered once, even
// when two senders race; the secret never answered; the preview replaying a crafted series;
// hostile bodies 4xx.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Alarm, AlarmHistoryPage, AlarmPreview } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { ALARM_MESSAGES } from './rules';
import { ACKNOWLEDGE_MESSAGES, PREVIEW_MESSAGES } from './service';
import { createWebhookSender } from './webhook';

const SECRET = 'a-webhook-secret-of-some-length';
const MINUTE = 60_000;

interface Received {
  body: string;
  signature: string | undefined;
  eventId: string | undefined;
}

let world: TaskWorld;
let server: Server;
let url = '';
const received: Received[] = [];
/** Status codes the server answers, in order (then 200); a delay before answering. */
let script: number[] = [];
let delayMs = 0;
let organizationId = '';

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const process = () => ({ id: world.processId, organization_id: organizationId, code_name: 'alpha' });
const snapshot = () => world.app.metricSnapshots.snapshot(process());
const rule = (extra: Record<string, unknown> = {}) => ({
  name: 'Too many drafts',
  metric_key: 'requirements',
  labels: { status: 'DRAFT' },
  comparator: '>=',
  threshold: 3,
  for_minutes: 30,
  severity: 'high',
  user_ids: [world.ids.andy],
  workgroup_ids: [world.workgroupId],
  ...extra,
});
const alarm = (id: string) => world.ok<Alarm>('olga', 'GET', `/api/alarms/${id}?${G}`);
const history = (id: string) => world.ok<AlarmHistoryPage>('olga', 'GET', `/api/alarms/${id}/history?${G}`);
const drafts: string[] = [];
let made = 0;
const addDraft = async () => {
  made += 1;
  drafts.push((await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: `RQ-${100 + made}`, title: `Draft ${made}` }, 201)).id);
};
/** Who was told of alarms (login ids: mail, and portal notifications), and what. */
const told = async () => ({
  mail: (await world.app.database.query<{ login_id: string }>("SELECT u.login_id FROM mail_queue q JOIN users u ON u.id = q.user_id WHERE q.event = 'Alarm' ORDER BY q.seq")).map((row) => row.login_id),
  portal: (
    await world.app.database.query<{ login_id: string }>(
      "SELECT u.login_id FROM outbox o JOIN users u ON o.destination = 'notifications#' || u.id::text WHERE o.body ->> 'title' LIKE 'Alarm %' ORDER BY o.seq",
    )
  ).map((row) => row.login_id),
});
const verified = (entry: Received) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(entry.body).digest('hex')}`);
  const given = Buffer.from(entry.signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

beforeAll(async () => {
  world = await taskWorld();
  organizationId = (await world.app.database.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [world.processId]))[0]!.organization_id;
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ body, signature: request.headers['x-portal-signature'] as string | undefined, eventId: request.headers['x-portal-event-id'] as string | undefined });
      const status = script.shift() ?? 200;
      setTimeout(() => response.writeHead(status).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}, 120_000);

afterAll(async () => {
  await world?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('CRUD', () => {
  it('creates, reads, lists, changes and deletes an alarm; the webhook secret is never answered', async () => {
    const created = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule({ webhook_url: url, webhook_secret: SECRET }), 201);
    expect(created).toMatchObject({
      process: 'alpha',
      name: 'Too many drafts',
      metric_key: 'requirements',
      labels: { status: 'DRAFT' },
      comparator: '>=',
      threshold: 3,
      for_minutes: 30,
      severity: 'high',
      user_ids: [world.ids.andy],
      workgroup_ids: [world.workgroupId],
      webhook_url: url,
      webhook_secret_set: true,
      state: 'ok',
    });
    expect(JSON.stringify(created)).not.toContain(SECRET);
    const [stored] = await world.app.database.query<{ webhook_secret: string }>('SELECT webhook_secret FROM alarms WHERE id = $1', [created.id]);
    expect(stored!.webhook_secret).not.toContain(SECRET);
    expect(world.app.identity.box.open(stored!.webhook_secret)).toBe(SECRET);

    const list = await world.call('olga', 'GET', `/api/alarms?${G}`);
    expect(list.json().map((item: Alarm) => item.id)).toEqual([created.id]);
    expect(list.body).not.toContain(SECRET);

    // PUT without the secret keeps it; a forged webhook_secret_set is refused, not stored.
    const changed = await world.ok<Alarm>('olga', 'PUT', `/api/alarms/${created.id}?${G}`, rule({ name: 'Drafts piling up', webhook_url: url }));
    expect(changed).toMatchObject({ name: 'Drafts piling up', webhook_secret_set: true });
    expectProblem(await world.call('olga', 'PUT', `/api/alarms/${created.id}?${G}`, { ...rule({ webhook_url: url }), webhook_secret_set: false }), 400, ALARM_MESSAGES.unknownField('webhook_secret_set'));
    expect((await alarm(created.id)).webhook_secret_set).toBe(true);
    // Without a webhook, no secret either.
    expect(await world.ok<Alarm>('olga', 'PUT', `/api/alarms/${created.id}?${G}`, rule({ webhook_url: null }))).toMatchObject({ webhook_url: null, webhook_secret_set: false });

    expect((await world.call('olga', 'DELETE', `/api/alarms/${created.id}?${G}`)).statusCode).toBe(204);
    expectProblem(await world.call('olga', 'GET', `/api/alarms/${created.id}?${G}`), 404, 'There is no such alarm in this process.');
    expectProblem(await world.call('olga', 'GET', `/api/alarms/not-an-id?${G}`), 404, 'There is no such alarm in this process.');
  });

  it('answers a precise 400 for every field', async () => {
    const cases: Array<[Record<string, unknown> | unknown, string]> = [
      [[1, 2], ALARM_MESSAGES.body],
      [{ ...rule(), extra: 1 }, ALARM_MESSAGES.unknownField('extra')],
      [rule({ name: '' }), ALARM_MESSAGES.name],
      [rule({ name: 'x'.repeat(201) }), ALARM_MESSAGES.name],
      [rule({ metric_key: 7 }), ALARM_MESSAGES.metricKey],
      [rule({ metric_key: 'no_such_metric' }), ALARM_MESSAGES.noMetric('no_such_metric')],
      [rule({ metric_key: 'custom.00000000-0000-4000-8000-000000000000' }), ALARM_MESSAGES.noMetric('custom.00000000-0000-4000-8000-000000000000')],
      [rule({ labels: { status: 5 } }), ALARM_MESSAGES.labels],
      [rule({ labels: {} }), ALARM_MESSAGES.labelNames('requirements', ['status'])],
      [rule({ metric_key: 'overdue_tasks' }), ALARM_MESSAGES.labelNames('overdue_tasks', [])],
      [rule({ metric_key: 'open_findings', labels: { severity: 'critical' } }), ALARM_MESSAGES.labelNames('open_findings', ['source', 'severity'])],
      [rule({ comparator: '!=' }), ALARM_MESSAGES.comparator],
      [rule({ threshold: '3' }), ALARM_MESSAGES.threshold],
      [rule({ threshold: 1e13 }), ALARM_MESSAGES.threshold],
      [rule({ for_minutes: -1 }), ALARM_MESSAGES.forMinutes],
      [rule({ for_minutes: 1.5 }), ALARM_MESSAGES.forMinutes],
      [rule({ for_minutes: 43_201 }), ALARM_MESSAGES.forMinutes],
      [rule({ severity: 'info' }), ALARM_MESSAGES.severity],
      [rule({ user_ids: ['olga'] }), ALARM_MESSAGES.ids('user_ids', 'user')],
      [rule({ user_ids: 'x' }), ALARM_MESSAGES.ids('user_ids', 'user')],
      [rule({ workgroup_ids: [1] }), ALARM_MESSAGES.ids('workgroup_ids', 'workgroup')],
      [rule({ user_ids: [world.ids.ursula] }), ALARM_MESSAGES.unknownUser(world.ids.ursula)],
      [rule({ workgroup_ids: ['00000000-0000-4000-8000-000000000000'] }), ALARM_MESSAGES.unknownWorkgroup('00000000-0000-4000-8000-000000000000')],
      [rule({ webhook_url: 'http://example.com/hook', webhook_secret: SECRET }), ALARM_MESSAGES.webhookUrl],
      [rule({ webhook_url: 'ftp://127.0.0.1/x', webhook_secret: SECRET }), ALARM_MESSAGES.webhookUrl],
      [rule({ webhook_url: 'https://user:pw@example.com/x', webhook_secret: SECRET }), ALARM_MESSAGES.webhookUrl],
      [rule({ webhook_url: 'not a url', webhook_secret: SECRET }), ALARM_MESSAGES.webhookUrl],
      [rule({ webhook_url: 'https://hooks.example.com/x' }), ALARM_MESSAGES.secretRequired],
      [rule({ webhook_url: 'https://hooks.example.com/x', webhook_secret: 'short' }), ALARM_MESSAGES.webhookSecret],
      [rule({ webhook_url: 'https://hooks.example.com/x', webhook_secret: { value: SECRET } }), ALARM_MESSAGES.webhookSecret],
      [rule({ webhook_secret: SECRET }), ALARM_MESSAGES.secretWithoutUrl],
    ];
    const answers: string[] = [];
    for (const [body, detail] of cases) {
      const response = await world.call('olga', 'POST', `/api/alarms?${G}`, body);
      answers.push(`${response.statusCode} ${response.json().detail === detail ? 'ok' : `${response.json().detail} ≠ ${detail}`}`);
    }
    expect(answers).toEqual(cases.map(() => '400 ok'));
    expect(await world.ok<Alarm[]>('olga', 'GET', `/api/alarms?${G}`)).toEqual([]);
  });

  it('answers hostile bodies and queries with 4xx, never 5xx', async () => {
    const created = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule({ name: 'Hostile' }), 201);
    const hostile: Array<[string, string, unknown]> = [
      ['POST', `/api/alarms?${G}`, { __proto__: { admin: true }, constructor: { prototype: {} } }],
      ['POST', `/api/alarms?${G}`, { ...rule(), labels: { status: 'DRAFT', "x'; DROP TABLE alarms; --": 'y' } }],
      ['POST', `/api/alarms?${G}`, { ...rule(), user_ids: Array.from({ length: 101 }, () => world.ids.andy) }],
      ['POST', `/api/alarms?${G}`, { ...rule(), threshold: null }],
      ['PUT', `/api/alarms/${created.id}?${G}`, null],
      ['PUT', `/api/alarms/${created.id}?${G}`, 'x'.repeat(10_000)],
      ['POST', `/api/alarms/${created.id}/acknowledge?${G}`, { note: 'x'.repeat(2001) }],
      ['POST', `/api/alarms/${created.id}/acknowledge?${G}`, [{ note: 'x' }]],
      ['GET', `/api/alarms/${created.id}/history?${G}&limit=-1`, undefined],
      ['GET', `/api/alarms/${created.id}/history?${G}&offset=1e9`, undefined],
      ['GET', `/api/alarms/${created.id}/history?${G}&limit[]=1`, undefined],
      ['GET', `/api/alarms/${created.id}/preview?${G}&days=0`, undefined],
      ['GET', `/api/alarms/${created.id}/preview?${G}&days=367`, undefined],
      ['GET', `/api/alarms/${created.id}/preview?${G}&days=abc&x=1`, undefined],
      ['POST', `/api/alarms/preview?${G}`, { metric_key: "requirements' OR 1=1", labels: {} }],
      ['GET', `/api/alarms/${'%00'.repeat(40)}?${G}`, undefined],
    ];
    const statuses: string[] = [];
    for (const [method, path, body] of hostile) {
      const response = await world.call('olga', method as 'GET', path, body);
      statuses.push(`${method} ${path.slice(0, 60)} ${response.statusCode >= 400 && response.statusCode < 500 ? '4xx' : response.statusCode}`);
    }
    expect(statuses.filter((status) => !status.endsWith('4xx'))).toEqual([]);
    expectProblem(await world.call('olga', 'GET', `/api/alarms/${created.id}/preview?${G}&days=0`), 400, PREVIEW_MESSAGES.days);
    expectProblem(await world.call('olga', 'POST', `/api/alarms/${created.id}/acknowledge?${G}`, { note: 'on it' }), 409, ACKNOWLEDGE_MESSAGES.notFiring('ok'));
    expectProblem(await world.call('olga', 'POST', `/api/alarms/${created.id}/acknowledge?${G}`, {}), 400, ACKNOWLEDGE_MESSAGES.body);
    await world.ok('olga', 'DELETE', `/api/alarms/${created.id}?${G}`, undefined, 204);
  });

  it('refuses who may not handle alarms (403), and needs a process (400)', async () => {
    const created = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule({ name: 'Guarded' }), 201);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/alarms?${G}`],
      ['POST', `/api/alarms?${G}`, rule()],
      ['POST', `/api/alarms/preview?${G}`, rule()],
      ['GET', `/api/alarms/${created.id}?${G}`],
      ['PUT', `/api/alarms/${created.id}?${G}`, rule()],
      ['DELETE', `/api/alarms/${created.id}?${G}`],
      ['POST', `/api/alarms/${created.id}/acknowledge?${G}`, { note: 'mine' }],
      ['GET', `/api/alarms/${created.id}/history?${G}`],
      ['GET', `/api/alarms/${created.id}/preview?${G}`],
    ];
    for (const who of ['reed', 'rita', 'andy'] as const) {
      const statuses = [];
      for (const [method, path, body] of calls) statuses.push((await world.call(who, method as 'GET', path, body)).statusCode);
      expect(statuses).toEqual(calls.map(() => 403));
    }
    expect((await alarm(created.id)).name).toBe('Guarded');
    expect((await world.call('olga', 'GET', '/api/alarms')).statusCode).toBe(400);
    await world.ok('olga', 'DELETE', `/api/alarms/${created.id}?${G}`, undefined, 204);
  });
});

describe('states', () => {
  it('goes ok → pending → firing → acknowledged → resolved through snapshots, honouring `for`, and tells the recipients only', async () => {
    const before = await told();
    // RQ-12 is a draft: 1.
    const created = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule({ name: 'Draft pile', webhook_url: url, webhook_secret: SECRET }), 201);
    await snapshot();
    expect(await alarm(created.id)).toMatchObject({ state: 'ok', value: 1 });
    await addDraft();
    await world.app.metricSnapshots.flush();
    expect(await alarm(created.id)).toMatchObject({ state: 'ok', value: 2 });
    await addDraft();
    await world.app.metricSnapshots.flush();
    const pending = await alarm(created.id);
    expect(pending).toMatchObject({ state: 'pending', value: 3, condition_since: world.clock.now().toISOString() });

    // `for` (30 minutes) not elapsed: still pending, however often evaluated.
    world.clock.advance(29 * MINUTE);
    expect(await world.app.alarms.tick()).toBe(0);
    await snapshot();
    expect((await alarm(created.id)).state).toBe('pending');
    world.clock.advance(MINUTE);
    expect(await world.app.alarms.tick()).toBe(1);
    expect((await alarm(created.id)).state).toBe('firing');

    // Acknowledged with a note; stays so while the condition holds.
    const acknowledged = await world.ok<Alarm>('olga', 'POST', `/api/alarms/${created.id}/acknowledge?${G}`, { note: 'Olga triages the drafts' });
    expect(acknowledged.state).toBe('acknowledged');
    expectProblem(await world.call('olga', 'POST', `/api/alarms/${created.id}/acknowledge?${G}`, { note: 'again' }), 409, ACKNOWLEDGE_MESSAGES.notFiring('acknowledged'));
    await addDraft();
    await world.app.metricSnapshots.flush();
    expect((await alarm(created.id)).state).toBe('acknowledged');

    // Two drafts deleted: 2 < 3, resolved.
    for (const id of drafts.splice(0, 2)) await world.ok('olga', 'DELETE', `/api/requirements/${id}?${G}`, undefined, 204);
    await world.app.metricSnapshots.flush();
    expect(await alarm(created.id)).toMatchObject({ state: 'resolved', value: 2, condition_since: null });
    await world.app.alarms.tick();
    expect((await alarm(created.id)).state).toBe('resolved');

    const page = await history(created.id);
    expect(page.total).toBe(4);
    expect(page.items.map((event) => `${event.from}→${event.to} ${event.value} ${event.by ?? '-'} ${event.note ?? '-'}`)).toEqual([
      'acknowledged→resolved 2 - -',
      'firing→acknowledged 3 olga Olga triages the drafts',
      'pending→firing 3 - -',
      'ok→pending 3 - -',
    ]);
    const second = await world.ok<AlarmHistoryPage>('olga', 'GET', `/api/alarms/${created.id}/history?${G}&offset=1&limit=2`);
    expect(second.items.map((event) => event.to)).toEqual(['acknowledged', 'firing']);

    // Resolved counts as ok: the next cycle starts with pending.
    await addDraft();
    await world.app.metricSnapshots.flush();
    expect((await alarm(created.id)).state).toBe('pending');

    // Each change told andy (a recipient) and rita (in Reviewers), by mail and in the portal; nobody else.
    const after = await told();
    const newMail = after.mail.slice(before.mail.length);
    const newPortal = after.portal.slice(before.portal.length);
    expect(newMail.sort()).toEqual(Array.from({ length: 5 }, () => ['andy', 'rita']).flat().sort());
    expect(newPortal.sort()).toEqual(newMail.sort());
    const [bell] = await world.app.database.query<{ body: { title: string; message: string; link: string } }>(
      "SELECT body FROM outbox WHERE destination = $1 AND body ->> 'title' = 'Alarm Draft pile: acknowledged'",
      [`notifications#${world.ids.rita}`],
    );
    expect(bell!.body).toMatchObject({
      link: `/alarms/${created.id}`,
      message: '##Draft pile## (high) went from firing to acknowledged: requirements is 3 (>= 3). Olga triages the drafts',
    });

    // The webhook heard each change once, signed.
    await world.app.alarms.webhooks.settle();
    const hooks = received.filter((entry) => (JSON.parse(entry.body) as { alarm: { id: string } }).alarm.id === created.id);
    // Each delivery goes on its own: they may arrive in any order (receivers order by `at`).
    expect(hooks.map((entry) => `${JSON.parse(entry.body).from}→${JSON.parse(entry.body).to}`).sort()).toEqual(
      ['ok→pending', 'pending→firing', 'firing→acknowledged', 'acknowledged→resolved', 'resolved→pending'].sort(),
    );
    expect(new Set(hooks.map((entry) => entry.eventId)).size).toBe(5);
    expect(hooks.every(verified)).toBe(true);
    expect(hooks.every((entry) => entry.eventId === JSON.parse(entry.body).event_id)).toBe(true);
    expect(JSON.parse(hooks[1]!.body)).toMatchObject({ process: 'alpha', value: 3, threshold: 3, alarm: { name: 'Draft pile', metric_key: 'requirements', severity: 'high' } });
    await world.ok('olga', 'DELETE', `/api/alarms/${created.id}?${G}`, undefined, 204);
  });

  it('fires at once with for 0, and a pending alarm whose condition stops goes back to ok', async () => {
    const now = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule({ name: 'At once', threshold: 1, for_minutes: 0, comparator: '>' }), 201);
    const later = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule({ name: 'Later', threshold: 4, for_minutes: 60 }), 201);
    await snapshot();
    expect((await alarm(now.id)).state).toBe('firing');
    await addDraft();
    await world.app.metricSnapshots.flush();
    expect((await alarm(later.id)).state).toBe('pending');
    await world.ok('olga', 'DELETE', `/api/requirements/${drafts.pop()}?${G}`, undefined, 204);
    await world.app.metricSnapshots.flush();
    expect((await alarm(later.id)).state).toBe('ok');
    expect((await history(later.id)).items.map((event) => `${event.from}→${event.to}`)).toEqual(['pending→ok', 'ok→pending']);
    for (const id of [now.id, later.id]) await world.ok('olga', 'DELETE', `/api/alarms/${id}?${G}`, undefined, 204);
  });
});

describe('webhook', () => {
  it('retries a 500 with backoff and delivers once; a second sender racing for the same change sends nothing', async () => {
    script = [500];
    received.length = 0;
    const created = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule({ name: 'Hooked', threshold: 0, comparator: '>', for_minutes: 0, webhook_url: url, webhook_secret: SECRET }), 201);
    await snapshot();
    expect((await alarm(created.id)).state).toBe('firing');
    await world.app.alarms.webhooks.settle();
    expect(received).toHaveLength(2);
    expect(received.every(verified)).toBe(true);
    expect(new Set(received.map((entry) => entry.eventId)).size).toBe(1);
    const [delivery] = await world.app.database.query<{ id: string; status: string; attempts: number; last_error: string | null }>(
      'SELECT d.id, d.status, d.attempts, d.last_error FROM alarm_deliveries d JOIN alarm_events e ON e.id = d.alarm_event_id WHERE e.alarm_id = $1',
      [created.id],
    );
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    // Delivered is never sent again: by the timer, or by another sender.
    await world.app.alarms.tick();
    expect(await world.app.alarms.webhooks.deliver(delivery!.id)).toBe('skipped');
    expect(received).toHaveLength(2);

    // Two senders (two API processes) race for one transition: one request.
    received.length = 0;
    delayMs = 150;
    const other = createWebhookSender({ db: world.app.database, box: world.app.identity.box, backoffMs: 10 });
    await world.ok('olga', 'POST', `/api/alarms/${created.id}/acknowledge?${G}`, { note: 'race' });
    const [event] = await world.app.database.query<{ id: string }>(
      "SELECT d.id FROM alarm_deliveries d JOIN alarm_events e ON e.id = d.alarm_event_id WHERE e.alarm_id = $1 AND e.to_state = 'acknowledged'",
      [created.id],
    );
    const results = await Promise.all([other.deliver(event!.id), other.deliver(event!.id), world.app.alarms.webhooks.deliver(event!.id)]);
    await world.app.alarms.webhooks.settle();
    expect(received).toHaveLength(1);
    expect(results.filter((result) => result === 'delivered').length).toBeLessThanOrEqual(1);
    delayMs = 0;
    await world.ok('olga', 'DELETE', `/api/alarms/${created.id}?${G}`, undefined, 204);
  });

  it('gives up after the attempts on a server that keeps failing, and does not retry a 4xx', async () => {
    received.length = 0;
    script = [503, 503, 503, 503, 503, 503];
    const created = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, rule({ name: 'Down', threshold: 0, comparator: '>', for_minutes: 0, webhook_url: url, webhook_secret: SECRET }), 201);
    await snapshot();
    await world.app.alarms.webhooks.settle();
    expect(received).toHaveLength(5);
    script = [404];
    await world.ok('olga', 'POST', `/api/alarms/${created.id}/acknowledge?${G}`, { note: 'looking' });
    await world.app.alarms.webhooks.settle();
    expect(received).toHaveLength(6);
    const rows = await world.app.database.query<{ status: string; attempts: number; last_error: string }>(
      'SELECT d.status, d.attempts, d.last_error FROM alarm_deliveries d JOIN alarm_events e ON e.id = d.alarm_event_id WHERE e.alarm_id = $1 ORDER BY e.at, e.seq',
      [created.id],
    );
    expect(rows).toEqual([
      { status: 'failed', attempts: 5, last_error: 'HTTP 503' },
      { status: 'failed', attempts: 1, last_error: 'HTTP 404' },
    ]);
    script = [];
    await world.ok('olga', 'DELETE', `/api/alarms/${created.id}?${G}`, undefined, 204);
  });
});

describe('preview', () => {
  it('replays the rule over a crafted series: how many times it would have fired, and when', async () => {
    const at = (days: number, hours = 0) => new Date(world.clock.now().getTime() - days * 86_400_000 + hours * 3_600_000);
    // A custom metric of alpha (no snapshot of its own yet): 5 from 20 days ago for 2 hours, 6
    // from 10 days ago for 30 minutes, 7 from 3 days ago until now; 1 between.
    const custom = (await world.ok<{ key: string }>('olga', 'POST', `/api/metrics/custom?${G}`, { name: 'Crafted', entity: 'tasks', aggregate: 'count' }, 201)).key;
    const points: Array<[Date, number]> = [
      [at(40), 1],
      [at(20), 5],
      [at(20, 2), 1],
      [at(10), 6],
      [at(10, 0.5), 1],
      [at(3), 7],
    ];
    for (const [taken, value] of points) {
      await world.app.database.query(
        "INSERT INTO metric_snapshots (organization_id, process_id, metric_key, labels, value, taken_at) VALUES ($1, $2, $3, '{}', $4, $5)",
        [organizationId, world.processId, custom, value, taken.toISOString()],
      );
    }
    const draft = { metric_key: custom, labels: {}, comparator: '>', threshold: 4, for_minutes: 60 };
    const preview = await world.ok<AlarmPreview>('olga', 'POST', `/api/alarms/preview?${G}`, draft);
    expect(preview).toMatchObject({ days: 30, fired: 2, summary: 'would have fired 2 times in the last 30 days' });
    expect(preview.intervals).toEqual([
      { from: at(20, 1).toISOString(), to: at(20, 2).toISOString() },
      { from: at(3, 1).toISOString(), to: null },
    ]);
    const atOnce = await world.ok<AlarmPreview>('olga', 'POST', `/api/alarms/preview?${G}&days=7`, { ...draft, for_minutes: 0 });
    expect(atOnce).toMatchObject({ days: 7, fired: 1, summary: 'would have fired once in the last 7 days' });
    const stored = await world.ok<Alarm>('olga', 'POST', `/api/alarms?${G}`, { ...draft, name: 'Overdue', severity: 'low', for_minutes: 0 }, 201);
    expect(await world.ok<AlarmPreview>('olga', 'GET', `/api/alarms/${stored.id}/preview?${G}`)).toMatchObject({ fired: 3, summary: 'would have fired 3 times in the last 30 days' });
    expect(await world.ok<AlarmPreview>('olga', 'GET', `/api/alarms/${stored.id}/preview?${G}&days=1`)).toMatchObject({ fired: 1, intervals: [{ from: at(1).toISOString(), to: null }] });
    expectProblem(await world.call('olga', 'POST', `/api/alarms/preview?${G}`, { ...draft, comparator: '!' }), 400, ALARM_MESSAGES.comparator);
    await world.ok('olga', 'DELETE', `/api/alarms/${stored.id}?${G}`, undefined, 204);
  });
});
