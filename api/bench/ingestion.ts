// What the SBOM benchmarks share: an API on a data directory with a process, an admin, a CI/CD
// ingestion module's key and apps, and an upload through POST /api/apps/{appKey}/builds that
// answers the server's time for the request and for the background processing.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { manualClock } from '../src/identity/clock';
import { createTestUser, likeTheApiClient } from '../src/testing/identity';
import { limitHeapGrowth } from '../src/memory';
import { createOrganizationCommand, createProcessCommand } from '../src/cli/users';
import { authenticate } from '../src/testing/users';

export interface Ingested {
  /** The upload request's server time (Server-Timing). */
  request: number;
  /** The background processing (tree, matching, findings stored), from the build's timestamps. */
  processing: number;
  components: number;
  findings: number;
}

export interface IngestionBench {
  app: FastifyInstance;
  upload(appKey: string, payload: Buffer): Promise<Ingested>;
  close(): Promise<void>;
}

async function waitDone(app: FastifyInstance, buildId: string): Promise<{ status: string; processing: number; findings: number }> {
  for (;;) {
    const [row] = await app.database.query<{ status: string; processing: number; findings: number }>(
      `SELECT status, extract(epoch FROM (finished_at - started_at)) * 1000 AS processing,
              (SELECT count(*)::int FROM build_findings WHERE build_id = $1) AS findings
         FROM application_builds WHERE id = $1`,
      [buildId],
    );
    if (row.status === 'DONE' || row.status === 'FAILED') return { ...row, processing: Number(row.processing) };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * An API on `dataDir` (its database as found there) with the apps `appKeys`, in an organization
 * named `Bench{tag}` (a kept data directory gets a new one per run).
 */
export async function startIngestionBench(dataDir: string, appKeys: string[], tag = ''): Promise<IngestionBench> {
  limitHeapGrowth(); // as the server's entry point does
  const clock = manualClock(new Date());
  const app = likeTheApiClient(
    await buildApp({ config: { port: 0, host: '127.0.0.1', dataDir, databaseUrl: process.env.DATABASE_URL, serveStatic: false, staticDir: dataDir, logLevel: 'silent' } }),
  );
  const organization = `Bench${tag}`;
  const admin = `bench_admin${tag}`;
  let apiKey: string;
  try {
    await createOrganizationCommand(app.database, ['--name', organization]);
    await createProcessCommand(app.database, ['--org', organization, '--code', 'bench', '--name', 'Bench']);
    await createTestUser(app, admin, clock.now, '--org', organization, '--role', 'ORG_ADMIN');
    const cookie = await authenticate(app, admin, clock.now);
    const headers = { cookie: `${cookie.name}=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' };
    const module = await app.inject({ method: 'POST', url: '/api/modules/cicd-ingestion', headers, payload: { name: 'CI' } });
    apiKey = module.json().api_key_value as string;
    for (const app_key of appKeys) {
      await app.inject({ method: 'POST', url: '/api/apps?graph=bench', headers, payload: { app_key, name: app_key } });
    }
  } catch (error) {
    // An API left open would keep the process waiting forever.
    await app.close();
    throw error;
  }
  return {
    app,
    async upload(appKey, payload) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/apps/${appKey}/builds`,
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        payload,
      });
      const roundTrip = performance.now() - started;
      if (response.statusCode !== 202) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
      // The server's time (Server-Timing), without inject's overhead and the processing it makes wait.
      const timing = /dur=([\d.]+)/.exec(String(response.headers['server-timing'] ?? ''));
      const request = timing ? Number(timing[1]) : roundTrip;
      const done = await waitDone(app, response.json().id);
      if (done.status !== 'DONE') throw new Error('processing failed');
      return { request, processing: done.processing, findings: done.findings, components: response.json().component_count as number };
    },
    close: () => app.close(),
  };
}

/** A CycloneDX 1.5 document of `components` under a root, each depending on the next three (a tree of depth ~log3 n). */
export function cycloneDxTree(components: { 'bom-ref': string; [field: string]: unknown }[]): Buffer {
  const dependencies = components.map((component, i) => ({
    ref: component['bom-ref'],
    dependsOn: [1, 2, 3].map((k) => i * 3 + k).filter((j) => j < components.length).map((j) => components[j]['bom-ref']),
  }));
  return Buffer.from(
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      version: 1,
      metadata: { component: { type: 'application', 'bom-ref': 'bench-root', name: 'bench-root' } },
      components,
      dependencies: [{ ref: 'bench-root', dependsOn: components.length > 0 ? [components[0]['bom-ref']] : [] }, ...dependencies],
    }),
  );
}
