// Test helpers of the application analysis families (graph, priority plane, monitoring,
// deployment profiles): an API on its own database, signed-in users, apps with processed builds.
// Test-only.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { DeclaredRoute } from '../authorization/guard';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate, globalAdmin } from '../testing/users';

export const OSV_TESTDATA = path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv');

/** An OSV advisory of the matcher's test data (../vulnerabilities/testdata/osv). */
export function advisory(id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(OSV_TESTDATA, `${id}.json`), 'utf8')) as Record<string, unknown>;
}

export interface Component {
  ref: string;
  name: string;
  version?: string;
  purl?: string;
  group?: string;
  type?: string;
}

/** A CycloneDX 1.5 document: `root` depends on what `dependencies` says, refs as given. */
export function cycloneDx(root: string, components: readonly Component[], dependencies: Record<string, string[]>): string {
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: { component: { type: 'application', 'bom-ref': root, name: root, version: '1.0.0' } },
    components: components.map((component) => ({
      type: component.type ?? 'library',
      'bom-ref': component.ref,
      name: component.name,
      ...(component.group ? { group: component.group } : {}),
      ...(component.version ? { version: component.version } : {}),
      ...(component.purl ? { purl: component.purl } : {}),
    })),
    dependencies: Object.entries(dependencies).map(([ref, dependsOn]) => ({ ref, dependsOn })),
  });
}

/** An npm component whose bom-ref is its purl. */
export const npm = (name: string, version: string): Component => ({ ref: `pkg:npm/${name}@${version}`, name, version, purl: `pkg:npm/${name}@${version}` });

export interface TestApi {
  app: FastifyInstance;
  clock: ReturnType<typeof manualClock>;
  /** Creates a user (createTestUser arguments) and signs them in with two-factor. */
  user(login: string, ...args: string[]): Promise<SessionCookie>;
  call(cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Creates an app in the process; answers its id. */
  createApp(cookie: SessionCookie, graph: string, appKey: string, extra?: Record<string, unknown>): Promise<string>;
  /** Uploads an SBOM as a new build and waits until it is processed; answers the build. */
  uploadBuild(cookie: SessionCookie, graph: string, appKey: string, sbom: string | Buffer, contentType?: string): Promise<{ id: string; number: number; status: string }>;
  /** Imports OSV records as a Global Admin's (made once): the vulnerability database is the installation's. */
  importAdvisories(records: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** An API with organizations (name → its process codes) made by the command line. */
export async function startTestApi(organizations: Record<string, string[]>): Promise<TestApi> {
  const environment: TestEnvironment = await createTestEnvironment();
  const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
  const app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  // An import's monitoring run starts once imports pause (monitoring/import-runs.ts): a test's import is alone.
  app.monitoring.imports.quietMs = 20;
  for (const [organization, processes] of Object.entries(organizations)) {
    await createOrganizationCommand(app.database, ['--name', organization]);
    for (const code of processes) await createProcessCommand(app.database, ['--org', organization, '--code', code, '--name', `Process ${code}`]);
  }
  let keeper: Promise<SessionCookie> | undefined;
  const call: TestApi['call'] = (cookie, method, url, payload) =>
    app.inject({ method, url, headers: withCookie(cookie), ...(payload !== undefined ? { payload: payload as object } : {}) });

  return {
    app,
    clock,
    async user(login, ...args) {
      await createTestUser(app, login, clock.now, ...args);
      return authenticate(app, login, clock.now);
    },
    call,
    async createApp(cookie, graph, appKey, extra = {}) {
      const created = await call(cookie, 'POST', `/api/apps?graph=${graph}`, { app_key: appKey, name: `App ${appKey}`, ...extra });
      if (created.statusCode !== 201) throw new Error(`app not created: ${created.body}`);
      return (created.json() as { id: string }).id;
    },
    async uploadBuild(cookie, graph, appKey, sbom, contentType = 'application/json') {
      const uploaded = await app.inject({
        method: 'POST',
        url: `/api/apps/${appKey}/builds?graph=${graph}`,
        headers: { ...withCookie(cookie), 'content-type': contentType },
        payload: sbom,
      });
      if (uploaded.statusCode !== 202) throw new Error(`build not accepted: ${uploaded.body}`);
      const { id } = uploaded.json() as { id: string };
      for (let attempt = 0; attempt < 800; attempt += 1) {
        const build = (await call(cookie, 'GET', `/api/apps/${appKey}/builds/${id}?graph=${graph}`)).json() as { id: string; number: number; status: string };
        if (build.status === 'DONE') return build;
        if (build.status === 'FAILED') throw new Error(`build failed: ${JSON.stringify(build)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the build was not processed');
    },
    async importAdvisories(records) {
      keeper ??= globalAdmin(app, clock.now, 'advisory_keeper');
      const imported = await call(await keeper, 'POST', '/api/vulnerabilities/imports', records);
      if (imported.statusCode !== 200) throw new Error(`advisories not imported: ${imported.body}`);
    },
    async close() {
      await app.close();
      await environment.cleanup();
    },
  };
}

export interface RouteCall {
  url: string;
  payload?: unknown;
}

/**
 * Issue 5 item 6 for a family's routes: each called by `caller` as `request` says, once per graph
 * (appended as ?graph=); answers 'METHOD url graph=label → status' lines to compare with 404s.
 */
export async function answersOf(
  api: TestApi,
  caller: SessionCookie,
  routes: readonly DeclaredRoute[],
  request: (route: DeclaredRoute) => RouteCall,
  graphs: ReadonlyArray<readonly [string, string]>,
): Promise<string[]> {
  const answers: string[] = [];
  for (const route of routes) {
    const { url, payload } = request(route);
    for (const [label, graph] of graphs) {
      const response = await api.call(caller, route.method as InjectOptions['method'], `${url}${url.includes('?') ? '&' : '?'}graph=${graph}`, payload);
      answers.push(`${route.method} ${route.url} graph=${label} → ${response.statusCode}`);
    }
  }
  return answers;
}

/** The declared routes under any of `prefixes` (route patterns, e.g. '/api/apps/:appKey/plane'). */
export function routesUnder(api: TestApi, prefixes: readonly string[]): DeclaredRoute[] {
  return api.app.declaredRoutes.filter((route) => prefixes.some((prefix) => route.url === prefix || route.url.startsWith(prefix)));
}

export interface TwoOrganizations {
  api: TestApi;
  /** Acme's organization admin: owns the objects, in process 'pa'. */
  alice: SessionCookie;
  /** Beta's organization admin (with `bobRoles`), in process 'pb': reaches for them. */
  bob: SessionCookie;
  acmeProcessId: string;
}

/** The world of a cross-organization suite: Acme (process pa) and Beta (process pb), an admin each. */
export async function twoOrganizations(...bobRoles: string[]): Promise<TwoOrganizations> {
  const api = await startTestApi({ Acme: ['pa'], Beta: ['pb'] });
  const alice = await api.user('alice', '--org', 'Acme', '--role', 'ORG_ADMIN');
  const bob = await api.user('bob', '--org', 'Beta', '--role', 'ORG_ADMIN', ...bobRoles.flatMap((role) => ['--role', role]));
  const [{ id: acmeProcessId }] = await api.app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'pa'");
  return { api, alice, bob, acmeProcessId };
}
