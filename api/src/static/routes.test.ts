// @backend-agnostic: serving the built remotes and the host page from disk; no table is read.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTES } from '@portal/shared/server';
import { buildApp } from '../app';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';

const HOST_PAGE = '<!doctype html><title>Portal</title><div id="root"></div>';
const MANIFEST = JSON.stringify({ id: 'mfe_auth', name: 'mfe_auth' });

let environment: TestEnvironment;
let app: FastifyInstance;

// Stand-ins for the webpack builds: the server only needs files in the right places.
async function writeBuild(staticDir: string): Promise<void> {
  const host = path.join(staticDir, 'host', 'dist');
  await mkdir(host, { recursive: true });
  await writeFile(path.join(host, 'index.html'), HOST_PAGE);
  await writeFile(path.join(host, 'main.3f2a9c1b.js'), 'console.log("host");');
  const auth = path.join(staticDir, 'mfe-auth', 'dist');
  await mkdir(auth, { recursive: true });
  await writeFile(path.join(auth, 'mf-manifest.json'), MANIFEST);
  await writeFile(path.join(auth, '__federation_expose_app.0a1b2c3d4e.js'), 'export {};');
  const help = path.join(staticDir, 'docs', 'help');
  await mkdir(help, { recursive: true });
  await writeFile(path.join(help, 'login.md'), '# Signing in');
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  await writeBuild(environment.config.staticDir);
  app = await buildApp({ config: environment.config });
});

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

describe('/remotes.json', () => {
  it('points every remote at its build served by the API', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual(
      Object.fromEntries(REMOTES.map((remote) => [remote, `/remotes/${remote}/mf-manifest.json`])),
    );
  });

  it('takes the entries of REMOTES_JSON over the defaults, re-read on every request', async () => {
    const file = path.join(environment.dir, 'remotes.json');
    const moved = { 'mfe-auth': 'http://127.0.0.1:9001/mf-manifest.json' };
    await writeFile(file, JSON.stringify(moved));
    const other = await buildApp({ config: { ...environment.config, remotesJson: file }, database: app.database });
    try {
      const first = (await other.inject({ method: 'GET', url: '/remotes.json' })).json();
      expect(first['mfe-auth']).toBe('http://127.0.0.1:9001/mf-manifest.json');
      expect(first['mfe-admin']).toBe('/remotes/mfe-admin/mf-manifest.json');

      await writeFile(file, JSON.stringify({ 'mfe-admin': 'https://admin.example.com/mf-manifest.json' }));
      const second = (await other.inject({ method: 'GET', url: '/remotes.json' })).json();
      expect(second['mfe-admin']).toBe('https://admin.example.com/mf-manifest.json');
      expect(second['mfe-auth']).toBe('/remotes/mfe-auth/mf-manifest.json');

      await writeFile(file, '["not", "an", "object"]');
      const broken = await other.inject({ method: 'GET', url: '/remotes.json' });
      expect(broken.statusCode).toBe(500);
    } finally {
      await other.close();
    }
  });
});

describe('the built portal', () => {
  it('serves the host at / without long caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(HOST_PAGE);
  });

  it('caches content-hashed assets for long', async () => {
    const response = await app.inject({ method: 'GET', url: '/main.3f2a9c1b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers deep links with the host page, so the router can take them', async () => {
    for (const url of ['/requirements', '/applications/my.app/rbom-settings', '/settings/change-password?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(HOST_PAGE);
    }
    const withoutAccept = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(withoutAccept.body).toBe(HOST_PAGE);
  });

  it('does not answer a missing script, an API path or a remote path with the host page', async () => {
    const script = await app.inject({ method: 'GET', url: '/missing.0123abcd.js' });
    expect(script.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
    const remote = await app.inject({ method: 'GET', url: '/remotes/mfe-auth/gone.js' });
    expect(remote.statusCode).toBe(404);
  });

  it('serves a remote readable from any origin', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/remotes/mfe-auth/mf-manifest.json',
      headers: { origin: 'http://elsewhere.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual(JSON.parse(MANIFEST));

    const chunk = await app.inject({ method: 'GET', url: '/remotes/mfe-auth/__federation_expose_app.0a1b2c3d4e.js' });
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('online help', () => {
  it('serves the help documents as markdown, cached for 5 minutes', async () => {
    const answer = await app.inject({ method: 'GET', url: '/help/login.md' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.body).toBe('# Signing in');
  });

  it('answers a missing document with 404, not the portal page', async () => {
    const answer = await app.inject({ method: 'GET', url: '/help/nothing.md', headers: { accept: 'text/html' } });
    expect(answer.statusCode).toBe(404);
  });
});

describe('without builds', () => {
  it('starts, warns which builds are missing, and says so instead of the portal', async () => {
    const lines: string[] = [];
    const bare = await buildApp({
      config: { ...environment.config, staticDir: path.join(environment.dir, 'nothing-built'), logLevel: 'warn' },
      database: app.database,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 40);
      expect(warning.msg).toMatch(/not built/);
      expect(warning.missing).toContain(path.join(environment.dir, 'nothing-built', 'host', 'dist'));

      const page = await bare.inject({ method: 'GET', url: '/requirements', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(503);
      expect(page.body).toMatch(/npm run build/);
      expect((await bare.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await bare.inject({ method: 'GET', url: '/remotes.json' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });

  it('serves a build that appears while running', async () => {
    const staticDir = path.join(environment.dir, 'built-later');
    const later = await buildApp({ config: { ...environment.config, staticDir }, database: app.database });
    try {
      expect((await later.inject({ method: 'GET', url: '/' })).statusCode).toBe(503);
      await writeBuild(staticDir);
      expect((await later.inject({ method: 'GET', url: '/' })).body).toBe(HOST_PAGE);
      expect((await later.inject({ method: 'GET', url: '/remotes/mfe-auth/mf-manifest.json' })).statusCode).toBe(200);
    } finally {
      await later.close();
    }
  });
});

describe('with SERVE_STATIC off (each package on its own origin)', () => {
  it('serves only the API', async () => {
    const apiOnly = await buildApp({ config: { ...environment.config, serveStatic: false }, database: app.database });
    try {
      expect((await apiOnly.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      for (const url of ['/', '/requirements', '/remotes.json', '/remotes/mfe-auth/mf-manifest.json']) {
        const response = await apiOnly.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await apiOnly.close();
    }
  });
});
