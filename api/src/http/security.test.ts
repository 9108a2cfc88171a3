// @backend-agnostic: CSRF and security headers, decided before any handler.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { API_KEY_NOT_ACCEPTED, INVALID_API_KEY } from './api-key';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import { contentSecurityPolicy, remoteOrigins, STRICT_TRANSPORT_SECURITY } from './security';

let environment: TestEnvironment;
let app: FastifyInstance;
/** The same database behind a reverse proxy (TRUST_PROXY): X-Forwarded-Proto says https. Sends the CSRF header. */
let proxied: FastifyInstance;
let olga: SessionCookie; // ORG_ADMIN of Acme
let ciKey: string;
const CSRF = { 'x-requested-with': 'XMLHttpRequest' };
const HASHED_SCRIPT = 'main.0123abcd.js';

beforeAll(async () => {
  environment = await createTestEnvironment();
  const remotesJson = path.join(environment.dir, 'remotes.json');
  await writeFile(
    remotesJson,
    JSON.stringify({
      'mfe-auth': 'https://auth.example.com/mf-manifest.json',
      'mfe-admin': 'https://auth.example.com/admin/mf-manifest.json',
      'mfe-applications': 'http://localhost:3003/mf-manifest.json',
    }),
  );
  await mkdir(path.join(environment.config.staticDir, 'host', 'dist'), { recursive: true });
  await writeFile(path.join(environment.config.staticDir, 'host', 'dist', HASHED_SCRIPT), 'console.log(1);');
  const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
  app = await buildApp({ config: { ...environment.config, remotesJson }, now: clock.now });
  proxied = likeTheApiClient(await buildApp({ config: { ...environment.config, remotesJson, trustProxy: true }, database: app.database, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  olga = await authenticate(proxied, 'olga', clock.now);
  const module = await proxied.inject({ method: 'POST', url: '/api/modules/cicd-ingestion', headers: { ...withCookie(olga), ...CSRF }, payload: { name: 'Pipelines' } });
  ciKey = module.json().api_key_value;
}, 60_000);

afterAll(async () => {
  await proxied?.close();
  await app?.close();
  await environment.cleanup();
});

describe('CSRF', () => {
  it('refuses a state-changing API call without the X-Requested-With header, with the catalogue 403', async () => {
    for (const method of ['POST', 'DELETE', 'PATCH', 'PUT'] as const) {
      const response = await app.inject({ method, url: '/api/sessions', payload: { username: 'a', password: 'b' } });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 403, detail: STATUS_MESSAGES[403] });
    }
    const wrongValue = await app.inject({ method: 'POST', url: '/api/sessions', headers: { 'x-requested-with': 'fetch' } });
    expect(wrongValue.statusCode).toBe(403);
  });

  it("lets a CI pipeline's call with X-Api-Key through to the route (a custom header, as the client's)", async () => {
    const upload = await app.inject({ method: 'POST', url: '/api/apps/shop/builds', headers: { 'x-api-key': 'not-a-key', 'content-type': 'application/json' }, payload: '{}' });
    expect(upload.json()).toMatchObject({ status: 401, detail: 'Invalid API key.' });
  });

  it('lets reads and calls with the header through', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/sessions' })).statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { username: 'nobody', password: 'x' },
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('security headers', () => {
  it('are on API answers, problems and pages alike', async () => {
    for (const url of ['/api/health', '/api/no/such', '/remotes.json']) {
      const response = await app.inject({ method: 'GET', url, headers: { host: 'portal.test:8080' } });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' http://localhost:3003 https://auth.example.com;");
      expect(csp).toContain("style-src 'self' 'unsafe-inline' http://localhost:3003 https://auth.example.com;");
      expect(csp).toContain("img-src 'self' data: http://localhost:3003 https://auth.example.com;");
      expect(csp).toContain("connect-src 'self' ws://portal.test:8080 wss://portal.test:8080 http://localhost:3003 https://auth.example.com;");
    }
  });

  it('name only the distinct absolute origins of the manifests', () => {
    expect(
      remoteOrigins({
        a: '/remotes/mfe-auth/mf-manifest.json',
        b: 'https://x.example.com:8443/a/mf-manifest.json',
        c: 'https://x.example.com:8443/b/mf-manifest.json',
        d: 'remotes/relative.json',
      }),
    ).toEqual(['https://x.example.com:8443']);
    expect(contentSecurityPolicy([])).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
        "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    // The POC Grafana dashboard's origin may be framed, nothing else.
    expect(contentSecurityPolicy([], [], ['https://grafana.example.com'])).toContain("; frame-src 'self' https://grafana.example.com; ");
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on an https request (X-Forwarded-Proto behind a trusted proxy), for a year with subdomains', async () => {
    for (const url of ['/api/health', '/api/no/such', '/remotes.json', `/${HASHED_SCRIPT}`]) {
      const response = await proxied.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    }
    const maxAge = Number(/max-age=(\d+)/.exec(STRICT_TRANSPORT_SECURITY)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
  });

  it('is never sent over http, nor on an X-Forwarded-Proto nobody trusts', async () => {
    const plain = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const direct = await proxied.inject({ method: 'GET', url: '/api/health' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is the client's claim, not a fact about the connection.
    const spoofed = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Cache-Control: no-store', () => {
  const asOlga = (method: InjectOptions['method'], url: string, payload?: object) =>
    app.inject({ method, url, headers: { ...withCookie(olga), ...CSRF }, ...(payload ? { payload } : {}) });

  it('is on every answer to a signed-in API call, errors included, whatever the route set', async () => {
    const answers = [
      await asOlga('GET', '/api/projects'),
      await asOlga('GET', '/api/requirements?graph=alpha'),
      await asOlga('GET', '/api/misc/beginners-guide.pdf'), // the route's own 'private, max-age=300' must not survive
      await asOlga('GET', '/api/requirements?graph=nosuch'), // 404
      await asOlga('GET', '/api/organizations'), // 403: a Global Admin's
      await asOlga('POST', '/api/requirements?graph=alpha', { title: 7 }), // 400
      await asOlga('GET', '/api/no/such/route'),
    ];
    expect(answers.map((response) => [response.statusCode, response.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [404, 'no-store'],
      [403, 'no-store'],
      [400, 'no-store'],
      [404, 'no-store'],
    ]);
  });

  it("is on every answer to a call with an API key, the invalid key's 401 included", async () => {
    const whoami = await app.inject({ method: 'GET', url: '/api/modules/whoami', headers: { 'x-api-key': ciKey } });
    expect([whoami.statusCode, whoami.headers['cache-control']]).toEqual([200, 'no-store']);
    const invalid = await app.inject({ method: 'GET', url: '/api/modules/whoami', headers: { 'x-api-key': 'not-a-key' } });
    expect([invalid.statusCode, invalid.headers['cache-control']]).toEqual([401, 'no-store']);
  });

  it('is not put on the static files, whose hashed names let browsers keep them', async () => {
    const script = await app.inject({ method: 'GET', url: `/${HASHED_SCRIPT}`, headers: withCookie(olga) });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const remotes = await app.inject({ method: 'GET', url: '/remotes.json', headers: withCookie(olga) });
    expect(remotes.headers['cache-control']).toBe('no-cache');
  });
});

describe('X-Api-Key', () => {
  it('that is invalid answers 401 before the session cookie is looked at, even beside a valid one', async () => {
    for (const [method, url] of [
      ['GET', '/api/projects'],
      ['GET', '/api/sessions'], // a public route that reads the cookie itself
      ['GET', '/api/modules/whoami'],
      ['POST', '/api/apps/shop/builds'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { ...withCookie(olga), 'x-api-key': 'forged' } });
      expect([method, url, response.statusCode, response.json().detail]).toEqual([method, url, 401, INVALID_API_KEY]);
    }
    const twice = await app.inject({ method: 'GET', url: '/api/projects', headers: { ...withCookie(olga), 'x-api-key': [ciKey, ciKey] } });
    expect(twice.statusCode).toBe(401);
  });

  it('does not lend the cookie its CSRF exemption: a cross-site change with a made-up key does nothing', async () => {
    const before = await app.database.query('SELECT code_name FROM processes ORDER BY code_name');
    const forged = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...withCookie(olga), 'x-api-key': 'anything' },
      payload: { code_name: 'evil', name: 'Evil', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
    });
    expect(forged.statusCode).toBe(401);
    expect(await app.database.query('SELECT code_name FROM processes ORDER BY code_name')).toEqual(before);
  });

  it('that is valid is refused by routes that take a signed-in user, the cookie beside it unused', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/projects', headers: { ...withCookie(olga), 'x-api-key': ciKey } });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(API_KEY_NOT_ACCEPTED);
    // The key's own routes take it, and the cookie alone still works.
    expect((await app.inject({ method: 'GET', url: '/api/modules/whoami', headers: { 'x-api-key': ciKey } })).json()).toMatchObject({ type: 'cicd-ingestion', name: 'Pipelines' });
    expect((await app.inject({ method: 'GET', url: '/api/projects', headers: withCookie(olga) })).statusCode).toBe(200);
  });
});
