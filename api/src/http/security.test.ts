import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { contentSecurityPolicy, remoteOrigins } from './security';

let environment: TestEnvironment;
let app: FastifyInstance;

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
  app = await buildApp({ config: { ...environment.config, remotesJson } });
});

afterAll(async () => {
  await app.close();
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
  });
});
