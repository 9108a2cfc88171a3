// @backend-agnostic: serving the built remotes and the host page from disk; no table is read.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { REMOTES } from '@portal/shared/server';
import { buildApp } from '../app';
import { STATIC_PATH_REFUSED } from '../http/errors';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { REPOSITORY_ROOT } from '../paths';

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
  // The host's build copies its favicon beside the page (host/webpack.config.cjs).
  await writeFile(path.join(host, 'favicon.svg'), await readFile(path.join(REPOSITORY_ROOT, 'host', 'src', 'assets', 'favicon.svg')));
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

  it('carries an ETag, and answers 304 when the client still has this content', async () => {
    const first = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { 'if-none-match': `"other", ${first.headers.etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    const changed = await app.inject({ method: 'GET', url: '/remotes.json', headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(first.json());
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

  it('serves the favicon as an SVG image, revalidated like the page, never the host page in its place', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
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

describe('precompressed assets', () => {
  // A build as webpack and shared/federation/precompress.cjs leave it: a content-hashed chunk, the
  // host page and a remote's entry, each with its Brotli and gzip siblings.
  const CHUNK = Array.from({ length: 300 }, (_, i) => `var v${i}={id:${i},label:"row ${i * 7}"};`).join('');
  const ENTRY = `var mfe_auth;${CHUNK.slice(0, 4000)}`;
  const PAGE = `<!doctype html><title>Portal</title>${'<script defer src="/x.js"></script>'.repeat(40)}`;
  let staticDir: string;
  let served: FastifyInstance;

  async function withSiblings(file: string, content: string): Promise<void> {
    await writeFile(file, content);
    await writeFile(`${file}.br`, brotliCompressSync(content));
    await writeFile(`${file}.gz`, gzipSync(content));
  }

  beforeAll(async () => {
    staticDir = path.join(environment.dir, 'precompressed');
    const host = path.join(staticDir, 'host', 'dist');
    const auth = path.join(staticDir, 'mfe-auth', 'dist');
    await mkdir(host, { recursive: true });
    await mkdir(auth, { recursive: true });
    await withSiblings(path.join(host, 'vendors-react.5a6b7c8d.js'), CHUNK);
    await withSiblings(path.join(host, 'index.html'), PAGE);
    await writeFile(path.join(host, 'small.0f1e2d3c.js'), 'export {};'); // under 1 KB: no siblings
    await withSiblings(path.join(auth, 'remoteEntry.js'), ENTRY);
    await writeFile(path.join(auth, 'mf-manifest.json'), MANIFEST);
    served = await buildApp({ config: { ...environment.config, staticDir }, database: app.database });
  });

  afterAll(async () => {
    await served.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    served.inject({ method, url, headers });

  it('sends the Brotli sibling to a browser that accepts br and gzip, which decompresses to the file', async () => {
    const response = await get('/vendors-react.5a6b7c8d.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(CHUNK).length);
    expect(response.rawPayload.length).toBeLessThan(CHUNK.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(CHUNK);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the gzip sibling to a client that accepts only gzip, and prefers br at equal weight', async () => {
    const response = await get('/vendors-react.5a6b7c8d.js', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(gunzipSync(response.rawPayload).toString()).toBe(CHUNK);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    expect((await get('/vendors-react.5a6b7c8d.js', { 'accept-encoding': 'br, gzip' })).headers['content-encoding']).toBe('br');
    expect((await get('/vendors-react.5a6b7c8d.js', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('sends the plain file without Accept-Encoding, still varying on it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const response = await get('/vendors-react.5a6b7c8d.js', headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(CHUNK);
      expect(Number(response.headers['content-length'])).toBe(CHUNK.length);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
    // A file too small to have siblings is sent plain to a browser that accepts br.
    const small = await get('/small.0f1e2d3c.js', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the security headers on compressed answers', async () => {
    const response = await get('/vendors-react.5a6b7c8d.js', { 'accept-encoding': 'br' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    const remote = await get('/remotes/mfe-auth/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(remote.headers['access-control-allow-origin']).toBe('*');
    expect(remote.headers['x-content-type-options']).toBe('nosniff');
  });

  it('has entry files revalidated: no-cache, an ETag, and 304 when it still matches', async () => {
    for (const [url, encoding] of [
      ['/', 'br'],
      ['/', ''],
      ['/index.html', 'gzip'],
      ['/remotes/mfe-auth/remoteEntry.js', 'br'],
      ['/remotes/mfe-auth/remoteEntry.js', ''],
      ['/remotes/mfe-auth/mf-manifest.json', 'br, gzip'],
    ]) {
      const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
      const first = await get(url, headers);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toBeTruthy();
      expect(first.headers['last-modified']).toBeTruthy();

      const again = await get(url, { ...headers, 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    // The compressed and the plain page are different representations with different tags.
    const br = await get('/', { 'accept-encoding': 'br' });
    const plain = await get('/');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
    expect(plain.body).toBe(PAGE);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    // A tag of an older build is answered with the whole file.
    const stale = await get('/remotes/mfe-auth/remoteEntry.js', { 'if-none-match': 'W/"1-0"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(ENTRY);
  });

  it('answers a deep link with the compressed host page', async () => {
    const response = await get('/applications/my.app', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await get('/vendors-react.5a6b7c8d.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(CHUNK).length);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBe(0);
  });

  it('answers a range request with those bytes', async () => {
    const plain = await get('/vendors-react.5a6b7c8d.js', { range: 'bytes=0-9' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 0-9/${CHUNK.length}`);
    expect(plain.body).toBe(CHUNK.slice(0, 10));
    // A range of the Brotli representation is a range of its bytes (RFC 9110 14.1.2).
    const br = await get('/vendors-react.5a6b7c8d.js', { range: 'bytes=0-9', 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(206);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload).toEqual(brotliCompressSync(CHUNK).subarray(0, 10));
  });

  it('refuses paths out of the build, whatever the encoding', async () => {
    await writeFile(path.join(staticDir, 'secret.js'), 'secret');
    // Over a socket: inject() resolves dot segments before the server sees them, a client need not.
    const address = await served.listen({ host: '127.0.0.1', port: 0 });
    const raw = (url: string, encoding: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const headers = encoding ? { 'accept-encoding': encoding } : {};
        // `path`, not a URL string: new URL() would resolve the dot segments too.
        const { hostname, port } = new URL(address);
        request({ host: hostname, port, path: url, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              type: String(response.headers['content-type']),
              body: Buffer.concat(chunks).toString(),
            }),
          );
        })
          .on('error', reject)
          .end();
      });
    const cases: [string, number][] = [
      ['/../../secret.js', 400],
      ['/%2e%2e/%2e%2e/secret.js', 400],
      ['/remotes/mfe-auth/../../secret.js', 400],
      ['/remotes/mfe-auth/%2e%2e/%2e%2e/secret.js', 400],
      ['/remotes/mfe-auth/./remoteEntry.js', 400],
      // An encoded slash keeps '..%2f..' one name, which no file has.
      ['/%2e%2e%2f%2e%2e%2fsecret.js', 404],
      ['/remotes/mfe-auth/..%2f..%2fsecret.js', 404],
    ];
    for (const [url, status] of cases) {
      for (const encoding of ['br, gzip', '']) {
        const response = await raw(url, encoding);
        expect({ url, encoding, status: response.status }).toEqual({ url, encoding, status });
        expect(response.type).toMatch(/^application\/problem\+json/);
        expect(response.body).not.toContain('secret');
        if (status === 400) expect(JSON.parse(response.body).detail).toBe(STATIC_PATH_REFUSED);
      }
    }
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
