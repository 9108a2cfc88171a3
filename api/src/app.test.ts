import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app';
import { REPOSITORY_ROOT } from './config';
import { seedDemo, DEMO_ORGANIZATION } from './demo/seed';
import { createTestEnvironment, type TestEnvironment } from './testing/test-environment';

let environment: TestEnvironment;

beforeAll(async () => {
  environment = await createTestEnvironment();
});

afterAll(async () => {
  await environment.cleanup();
});

it('keeps its data across a restart', async () => {
  const first = await buildApp({ config: environment.config });
  await seedDemo(first.database);
  await first.close();

  const second = await buildApp({ config: environment.config });
  try {
    const rows = await second.database.query<{ name: string; processes: string }>(
      `SELECT o.name, count(p.id)::text AS processes
       FROM organizations o JOIN processes p ON p.organization_id = o.id
       WHERE o.name = $1 GROUP BY o.name`,
      [DEMO_ORGANIZATION],
    );
    expect(rows).toEqual([{ name: DEMO_ORGANIZATION, processes: '2' }]);
  } finally {
    await second.close();
  }
});

describe('a running API', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    app = await buildApp({ config: environment.config });
  });

  afterAll(async () => {
    await app.close();
  });

  it('publishes an OpenAPI 3 document of its routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/misc/version']));
    expect(document.paths['/api/health'].get.responses).toHaveProperty('503');
    // Files, the SPA fallback and /remotes.json are not part of the API.
    expect(Object.keys(document.paths).every((route) => route.startsWith('/api/'))).toBe(true);
  });

  it('tells the product version, the root package.json one', async () => {
    const manifest = JSON.parse(await readFile(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8'));
    const response = await app.inject({ method: 'GET', url: '/api/misc/version' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ version: manifest.version });
  });
});

it('answers the requests in flight, then closes the database, when shut down', async () => {
  const app = await buildApp({ config: environment.config });
  let entered: () => void = () => undefined;
  const handlerEntered = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/api/test/slow', { config: { permission: 'public' } }, async () => {
    entered();
    await gate;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  const base = `http://127.0.0.1:${address.port}`;

  const inFlight = fetch(`${base}/api/test/slow`);
  await handlerEntered;
  const closed = app.close();
  release();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ done: true });
  await closed;
  await expect(app.database.query('SELECT 1')).rejects.toThrow();
  await expect(fetch(`${base}/api/health`)).rejects.toThrow();
});
