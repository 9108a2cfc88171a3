// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Organization manage (spec 6, issue 26 item 14): an organization admin reads and changes the name,
// contacts and default notification settings of their own organization; every other caller and
// every other organization is refused, hostile bodies are 400s with the spec 5 messages.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GLOBAL_ADMIN_ROLE, MESSAGES, ORGANIZATION_CONTACTS_MAX, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { createOrganizationCommand } from '../cli/users';
import { manualClock } from '../identity/clock';
import { storedSettingsOf } from '../notifications/notify.repository';
import { ensureProcess } from '../processes/repository';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { authenticate } from '../testing/users';
import { findOrganizationByName } from './repository';
import { NOT_A_CONTACT_LIST, UPDATE_ORGANIZATION_EVENT } from './settings';

const clock = manualClock(new Date('2030-04-01T00:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie;
let rita: SessionCookie;
let gina: SessionCookie;
let acmeId: string;
let globexId: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Globex']);
  acmeId = (await findOrganizationByName(app.database, 'Acme'))!.id;
  globexId = (await findOrganizationByName(app.database, 'Globex'))!.id;
  await ensureProcess(app.database, acmeId, { code_name: 'alpha', name: 'Alpha', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--role', 'READER');
  await createTestUser(app, 'hans', clock.now, '--org', 'Globex', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'gina', clock.now, '--role', GLOBAL_ADMIN_ROLE);
  olga = await authenticate(app, 'olga', clock.now);
  rita = await authenticate(app, 'rita', clock.now);
  gina = await authenticate(app, 'gina', clock.now);
}, 30_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const call = (method: 'GET' | 'PATCH', url: string, cookie: SessionCookie | null, payload?: unknown): Promise<LightMyRequestResponse> =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: cookie ? withCookie(cookie) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const settingsOf = (id: string) => `/organizations/${id}/settings`;
const SECURITY = { role: 'Security', name: 'Sam Secure', email: 'security@acme.example' };
const BILLING = { role: 'Billing', name: 'Bea Bills', email: 'billing@acme.example' };

async function eventsSince(seq: string): Promise<{ destination: string; body: { type: string; data: Record<string, unknown> } }[]> {
  return app.database.query(`SELECT destination, body FROM outbox WHERE seq > $1 AND destination LIKE 'events#%' ORDER BY seq`, [seq]);
}
async function lastSeq(): Promise<string> {
  const [row] = await app.database.query<{ seq: string | null }>('SELECT max(seq)::text AS seq FROM outbox');
  return row.seq ?? '0';
}

describe('as the organization admin', () => {
  it('reads the organization: its name, no contacts yet, and every event with its default channels', async () => {
    const response = await call('GET', settingsOf(acmeId), olga);
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    expect(settings).toMatchObject({ id: acmeId, name: 'Acme', contacts: [] });
    expect(settings.notification_settings['Requirement: Submit for Review']).toEqual({ mail: true, portal: true });
    expect(settings.notification_settings['Requirement: Update Progress']).toEqual({ mail: false, portal: true });
  });

  it('renames the organization and sets its contacts; its active users hear Update Organization, no one else', async () => {
    const since = await lastSeq();
    const response = await call('PATCH', settingsOf(acmeId), olga, { name: '  Acme Security ', contacts: [SECURITY, BILLING] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Acme Security', contacts: [SECURITY, BILLING] });
    // Kept: what was not sent.
    const again = await call('PATCH', settingsOf(acmeId), olga, { contacts: [BILLING] });
    expect(again.json()).toMatchObject({ name: 'Acme Security', contacts: [BILLING] });
    expect((await call('GET', '/organizations/subscription', olga)).json().organization.name).toBe('Acme Security');
    // The members' sessions name it so at once.
    expect((await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(rita) })).json().organization.name).toBe('Acme Security');

    // An empty change changes nothing and tells nobody.
    expect((await call('PATCH', settingsOf(acmeId), olga, {})).json()).toMatchObject({ name: 'Acme Security', contacts: [BILLING] });
    const events = await eventsSince(since);
    const [olgaId, ritaId, hansId] = await Promise.all(
      ['olga', 'rita', 'hans'].map(async (login) => (await app.database.query<{ id: string }>('SELECT id FROM users WHERE login_id = $1', [login]))[0].id),
    );
    const told = events.filter((event) => event.body.type === UPDATE_ORGANIZATION_EVENT).map((event) => event.destination);
    expect(told.filter((destination) => destination === `events#${olgaId}`)).toHaveLength(2);
    expect(told).toContain(`events#${ritaId}`);
    expect(told).not.toContain(`events#${hansId}`);
    expect(events[0].body.data).toMatchObject({ graph: '', id: acmeId, login_id: 'olga', name: 'Acme Security', renamed: true });
  });

  it("sets the default notification settings, which a process takes for the events it has not set", async () => {
    const defaults = { 'Task: New': { mail: false, portal: true }, 'New Vulnerability': { mail: false, portal: false } };
    const response = await call('PATCH', settingsOf(acmeId), olga, { notification_settings: defaults });
    expect(response.statusCode).toBe(200);
    expect(response.json().notification_settings).toMatchObject({ ...defaults, 'Task: Assign': { mail: true, portal: true } });

    const ofProcess = async () => (await call('GET', '/projects/notificationSettings?graph=alpha', olga)).json().settings;
    expect(await ofProcess()).toMatchObject(defaults);
    // The process's own setting wins over the organization's.
    await app.inject({ method: 'POST', url: '/api/projects/notificationSettings?graph=alpha', headers: withCookie(olga), payload: { settings: { 'Task: New': { mail: true, portal: false } } } });
    expect(await ofProcess()).toMatchObject({ 'Task: New': { mail: true, portal: false }, 'New Vulnerability': { mail: false, portal: false } });
    // Deliveries read the same: the process's own over the organization's.
    const [{ id: alphaId }] = await app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'alpha'");
    expect(await storedSettingsOf(app.database, alphaId)).toEqual({ 'Task: New': { mail: true, portal: false }, 'New Vulnerability': { mail: false, portal: false } });
  });

  it('refuses a name another organization has, whatever its case, with 409', async () => {
    const response = await call('PATCH', settingsOf(acmeId), olga, { name: 'GLOBEX' });
    expectProblem(response, 409, "An organization named 'Globex' already exists.");
    expect((await call('GET', settingsOf(acmeId), olga)).json().name).toBe('Acme Security');
    // Its own name in another case is no conflict.
    expect((await call('PATCH', settingsOf(acmeId), olga, { name: 'ACME Security' })).json().name).toBe('ACME Security');
  });

  it('refuses hostile bodies with 400 and the spec 5 message of every field', async () => {
    const invalid = await call('PATCH', settingsOf(acmeId), olga, {
      name: '   ',
      contacts: [
        { role: 'Security<script>', name: '', email: 'not-an-address' },
        { role: 'Ok', name: 'javascript:alert(1)', email: 'a@b.example', extra: 'ignored' },
      ],
      notification_settings: { 'Task: New': { mail: 'yes', portal: true }, Nonsense: { mail: true, portal: true } },
    });
    expectProblem(invalid, 400, MESSAGES.required);
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: MESSAGES.required },
      { field: 'contacts.0.role', message: MESSAGES.format.safetext },
      { field: 'contacts.0.name', message: MESSAGES.required },
      { field: 'contacts.0.email', message: MESSAGES.format.email },
      { field: 'contacts.1.name', message: MESSAGES.invalidInput },
      { field: 'notification_settings.Task: New', message: expect.stringContaining("'Task: New' must be") },
      { field: 'notification_settings.Nonsense', message: expect.stringContaining("'Nonsense' is not an event") },
    ]);
    expectProblem(await call('PATCH', settingsOf(acmeId), olga, { name: 'n'.repeat(256) }), 400, MESSAGES.maxLength(255));
    const tooMany = Array.from({ length: ORGANIZATION_CONTACTS_MAX + 1 }, () => SECURITY);
    for (const contacts of [tooMany, 'Sam', { 0: SECURITY }, [null], [[SECURITY]]]) {
      expectProblem(await call('PATCH', settingsOf(acmeId), olga, { contacts }), 400, NOT_A_CONTACT_LIST);
    }
    for (const body of ['"text"', '[1,2]', '{"notification_settings":[]}', '{"name":{"$ne":1}}']) {
      const response = await app.inject({ method: 'PATCH', url: `/api${settingsOf(acmeId)}`, headers: { ...withCookie(olga), 'content-type': 'application/json' }, payload: body });
      expect(response.statusCode).toBe(400);
    }
    // Nothing of it was stored.
    expect((await call('GET', settingsOf(acmeId), olga)).json()).toMatchObject({ name: 'ACME Security', contacts: [BILLING] });
  });
});

describe('anyone else', () => {
  it("answers another organization's id, an unknown or a malformed one with 404, and changes nothing", async () => {
    for (const id of [globexId, '00000000-0000-4000-8000-000000000000', 'not-an-id', `${acmeId}x`]) {
      expectProblem(await call('GET', settingsOf(id), olga), 404, STATUS_MESSAGES[404]);
      expectProblem(await call('PATCH', settingsOf(id), olga, { name: 'Taken over' }), 404, STATUS_MESSAGES[404]);
    }
    expect(await findOrganizationByName(app.database, 'Globex')).toBeDefined();
    expect(await findOrganizationByName(app.database, 'Taken over')).toBeUndefined();
  });

  it('refuses a member without organization manage and the Global Admin with 403, and no session with 401', async () => {
    for (const cookie of [rita, gina]) {
      expectProblem(await call('GET', settingsOf(acmeId), cookie), 403, STATUS_MESSAGES[403]);
      expectProblem(await call('PATCH', settingsOf(acmeId), cookie, { name: 'Mine' }), 403, STATUS_MESSAGES[403]);
    }
    expectProblem(await call('PATCH', settingsOf(acmeId), null, { name: 'Mine' }), 401, STATUS_MESSAGES[401]);
    expect(await findOrganizationByName(app.database, 'Mine')).toBeUndefined();
  });
});
