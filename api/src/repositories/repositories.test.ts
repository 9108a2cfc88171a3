// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// Repository analysis through the API (issue 7 item 9): juice-shop's components by source
// repository and host, with the counts derived here from the SBOM itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { caller, expectRefused } from '../testing/apps';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate } from '../testing/users';

const juiceShopGz = readFileSync(path.join(__dirname, '..', 'sbom', 'testdata', 'juice-shop-v11.1.2.bom.json.gz'));

interface Component {
  name: string;
  externalReferences?: Array<{ type: string; url: string }>;
}

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let rita: SessionCookie;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createTestUser(app, 'andy', clock.now, '--org', 'Acme', '--member', 'alpha=AUTHOR');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'alpha=READER');
  rita = await authenticate(app, 'rita', clock.now);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

it("counts juice-shop's components per source repository and host", async () => {
  const api = caller(app, 'alpha');
  const andy = await authenticate(app, 'andy', clock.now);
  expect((await api.call(andy, 'POST', '/api/apps?graph=alpha', { app_key: 'shop' })).statusCode).toBe(201);
  const build = await api.uploaded(andy, 'shop', juiceShopGz, { 'content-encoding': 'gzip' });
  const response = await api.call(rita, 'GET', `/api/apps/shop/builds/${build.id}/repositoryAnalysis?graph=alpha`);
  expect(response.statusCode).toBe(200);
  const analysis = response.json();

  // The same counts, straight from the document.
  const document = JSON.parse(gunzipSync(juiceShopGz).toString()) as { metadata: { component: Component }; components: Component[] };
  const components = [document.metadata.component, ...document.components];
  const having = (type: string) => components.filter((component) => component.externalReferences?.some((reference) => reference.type === type)).length;
  const referenced = components.filter((component) => component.externalReferences?.some((reference) => ['vcs', 'website', 'distribution'].includes(reference.type))).length;
  expect(analysis).toMatchObject({
    app_key: 'shop',
    build: { id: build.id, number: 1 },
    components: components.length,
    with_vcs: having('vcs'),
    without_reference: components.length - referenced,
    by_type: { vcs: having('vcs'), website: having('website'), distribution: having('distribution') },
  });
  expect(analysis.with_vcs).toBeGreaterThan(800);

  const github = analysis.hosts.find((host: { host: string }) => host.host === 'github.com');
  expect(analysis.hosts[0]).toBe(github);
  expect(github.repositories).toBe(analysis.repositories.filter((repository: { host: string }) => repository.host === 'github.com').length);
  const bodyParser = analysis.repositories.find((repository: { url: string }) => repository.url === 'https://github.com/expressjs/body-parser');
  expect(bodyParser).toEqual({ url: 'https://github.com/expressjs/body-parser', host: 'github.com', types: ['vcs', 'website'], components: 1, component_refs: ['pkg:npm/body-parser@1.19.0'] });
  // Most components first; a monorepo's packages share one repository.
  const counts = analysis.repositories.map((repository: { components: number }) => repository.components);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  expect(counts[0]).toBeGreaterThan(1);

  expectRefused(await api.call(rita, 'GET', '/api/apps/shop/builds/7/repositoryAnalysis?graph=alpha'), 404, /does not exist/);
});
