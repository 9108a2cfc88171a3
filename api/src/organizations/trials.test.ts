// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MODULE_CONFIGURATION, GLOBAL_ADMIN_ROLE, MESSAGES, SIGN_IN_MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { ensureProcess } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate, codeIn, lastMail, signIn } from '../testing/users';
import { findOrganizationByName } from './repository';
import { TRIAL_EDITION, loginIdCandidates } from './service';

const NEW_PASSWORD = 'Tr1al!Passw0rd';
const DAY_MS = 24 * 3_600_000;
const clock = manualClock(new Date('2030-05-01T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let globalAdmin: SessionCookie;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'gina', clock.now, '--role', GLOBAL_ADMIN_ROLE);
  globalAdmin = await authenticate(app, 'gina', clock.now);
}, 30_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const startTrial = (body: object, cookie: SessionCookie = globalAdmin) =>
  app.inject({ method: 'POST', url: '/api/organizations/trials', payload: body, headers: withCookie(cookie) });
const subscription = (cookie: SessionCookie) =>
  app.inject({ method: 'GET', url: '/api/organizations/subscription', headers: withCookie(cookie) });

describe('trial organizations', () => {
  it('creates a 14-day trial whose admin is invited by mail, completes the invitation and administers it', async () => {
    const created = await startTrial({ name: 'Trial Inc', email: 'tina.t@example.com' });
    expect(created.statusCode).toBe(201);
    const endsAt = new Date(clock.now().getTime() + 14 * DAY_MS).toISOString();
    expect(created.json()).toMatchObject({
      name: 'Trial Inc',
      edition: TRIAL_EDITION,
      trial_ends_at: endsAt,
      module_configuration: DEFAULT_MODULE_CONFIGURATION,
      usage: { projects: 0, users: 1, apps: 0 },
    });

    const mail = await lastMail(app, 'tina.t@example.com');
    expect(mail?.text).toContain("invites you to the portal as 'tina_t'");
    expect(mail?.text).toContain("Your organization 'Trial Inc' has a 14-day trial of the portal, until 2030-05-15.");
    const token = /\/user-invitation\/(\S+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    // Invited, not yet a user who can sign in.
    expectProblem(await signIn(app, 'tina_t', NEW_PASSWORD), 401, SIGN_IN_MESSAGES[401]);

    expect((await app.inject({ method: 'PATCH', url: `/api/users/invitation/${token}`, payload: {} })).statusCode).toBe(204);
    const code = codeIn(await lastMail(app, 'tina.t@example.com'));
    const done = await app.inject({ method: 'PATCH', url: `/api/users/invitation/${token}`, payload: { code, new_password: NEW_PASSWORD } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ authentication_status: 'MfaSetup', organization: { name: 'Trial Inc' } });

    const tina = await authenticate(app, 'tina_t', clock.now, NEW_PASSWORD);
    const seen = await subscription(tina);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      organization: { name: 'Trial Inc' },
      edition: TRIAL_EDITION,
      trial: { active: true, ends_at: endsAt },
    });
    // ORG_ADMIN of the trial organization.
    expect((await app.inject({ method: 'GET', url: '/api/iam/roles', headers: withCookie(tina) })).statusCode).toBe(200);
  });

  it('makes a free login id from the address, and refuses invalid input or a name in use', async () => {
    const second = await startTrial({ name: 'Second Trial', email: 'tina.t@example.org' });
    expect(second.statusCode).toBe(201);
    expect((await lastMail(app, 'tina.t@example.org'))?.text).toContain("as 'tina_t_2'");

    const invalid = await startTrial({ name: '', email: 'nope' });
    expectProblem(invalid, 400, MESSAGES.required);
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: MESSAGES.required },
      { field: 'email', message: MESSAGES.format.email },
    ]);
    expectProblem(await startTrial({ name: 'trial inc', email: 'x@example.org' }), 409, "An organization named 'Trial Inc' already exists.");
    expect(await findOrganizationByName(app.database, 'trial inc')).toBeUndefined();
  });

  it('derives login ids in the login id alphabet, at least 3 characters', () => {
    expect(loginIdCandidates('Jo.Doe+x@example.org', 3)).toEqual(['jo_doe_x', 'jo_doe_x_2', 'jo_doe_x_3']);
    expect(loginIdCandidates('al@example.org', 2)).toEqual(['al_admin', 'al_admin_2']);
  });
});

describe('the subscription of the caller organization', () => {
  it('shows edition, no trial, limits and usage to its admin', async () => {
    const acme = (await findOrganizationByName(app.database, 'Acme'))!;
    await ensureProcess(app.database, acme.id, { code_name: 'p1', name: 'P1', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
    await ensureProcess(app.database, acme.id, { code_name: 'p2', name: 'P2', type: 'REQUIREMENTS', dashboard_type: 'MIX' });
    await createTestUser(app, 'ulla', clock.now, '--org', 'Acme', '--role', 'READER');
    const olga = await authenticate(app, 'olga', clock.now);
    const seen = await subscription(olga);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      organization: { id: acme.id, name: 'Acme' },
      edition: 'Enterprise',
      trial: null,
      limits: DEFAULT_MODULE_CONFIGURATION,
      usage: { projects: 2, users: 2, apps: 0 },
    });
    // A plain reader may not see it; the Global Admin belongs to no organization's subscription.
    expectProblem(await subscription(await authenticate(app, 'ulla', clock.now)), 403, STATUS_MESSAGES[403]);
    expectProblem(await subscription(globalAdmin), 403, STATUS_MESSAGES[403]);
  });

  it('shows an ended trial as inactive', async () => {
    clock.advance(15 * DAY_MS);
    await createTestUser(app, 'theo', clock.now, '--org', 'Trial Inc', '--role', 'ORG_ADMIN');
    const seen = await subscription(await authenticate(app, 'theo', clock.now));
    expect(seen.json().trial).toEqual({ active: false, ends_at: '2030-05-15T09:00:00.000Z' });
  });
});
