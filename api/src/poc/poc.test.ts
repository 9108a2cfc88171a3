// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The poc family and flag (spec 2.3 POC group, issue 25 item 3): POC_FEATURES puts the poc feature
// flag in every session; GET /api/poc/grafana gives the configured Grafana dashboard to those who may
// open the /poc routes (view=>DevelopmentInfo), null when none is configured, and 404 — as if the
// family did not exist — while the flag is off.
import type { FastifyInstance } from 'fastify';
import { STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import type { Config } from '../config';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate } from '../testing/users';

const clock = manualClock(new Date('2030-05-01T08:00:00Z'));
const DASHBOARD = 'https://grafana.example.com/d/portal/security?orgId=1&kiosk';
let environment: TestEnvironment;
let portals = 0;

beforeAll(async () => {
  environment = await createTestEnvironment();
}, 60_000);

afterAll(async () => {
  await environment.cleanup();
});

/** An API with the given settings, a demo user (DEMO role) and a reader, both signed in. */
async function portal(settings: Partial<Config>) {
  const app = likeTheApiClient(await buildApp({ config: { ...environment.config, ...settings }, now: clock.now }));
  try {
    const n = ++portals;
    await createOrganizationCommand(app.database, ['--name', `Acme ${n}`]);
    await createTestUser(app, `demo_${n}`, clock.now, '--org', `Acme ${n}`, '--role', 'DEMO');
    await createTestUser(app, `reader_${n}`, clock.now, '--org', `Acme ${n}`, '--role', 'READER');
    return { app, demo: await authenticate(app, `demo_${n}`, clock.now), reader: await authenticate(app, `reader_${n}`, clock.now) };
  } catch (error) {
    await app.close();
    throw error;
  }
}

const grafana = (app: FastifyInstance, cookie: SessionCookie | null) =>
  app.inject({ method: 'GET', url: '/api/poc/grafana', headers: cookie ? withCookie(cookie) : {} });
const features = async (app: FastifyInstance, cookie: SessionCookie) =>
  (await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(cookie) })).json().features;

describe('with POC_FEATURES on and a Grafana dashboard configured', () => {
  let app: FastifyInstance;
  let demo: SessionCookie;
  let reader: SessionCookie;
  beforeAll(async () => {
    ({ app, demo, reader } = await portal({ pocFeatures: true, grafanaDashboardUrl: DASHBOARD }));
  }, 60_000);
  afterAll(() => app?.close());

  it('puts the poc flag in sessions and gives the dashboard to who may open the /poc routes', async () => {
    expect(await features(app, demo)).toMatchObject({ poc: true });
    const response = await grafana(app, demo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: DASHBOARD });
    // The page may frame that dashboard's origin (CSP frame-src), and only it.
    expect(response.headers['content-security-policy']).toContain("frame-src 'self' https://grafana.example.com;");
  });

  it('refuses a member without the development permission, and a caller without a session', async () => {
    expectProblem(await grafana(app, reader), 403, STATUS_MESSAGES[403]);
    expect((await grafana(app, null)).statusCode).toBe(401);
  });
});

describe('with POC_FEATURES on and no dashboard', () => {
  it('answers null: the screen explains how to configure one', async () => {
    const { app, demo } = await portal({ pocFeatures: true });
    try {
      expect((await grafana(app, demo)).json()).toEqual({ url: null });
    } finally {
      await app.close();
    }
  });
});

describe('with POC_FEATURES off (the default)', () => {
  it('has no poc flag in sessions and answers 404, even with a dashboard configured', async () => {
    const { app, demo } = await portal({ grafanaDashboardUrl: DASHBOARD });
    try {
      expect(await features(app, demo)).not.toHaveProperty('poc');
      const response = await grafana(app, demo);
      expectProblem(response, 404, STATUS_MESSAGES[404]);
      expect(response.headers['content-security-policy']).not.toContain('frame-src');
    } finally {
      await app.close();
    }
  });
});
