// Issue 5 item 6: the role × route table is generated from the routes' declarations, checked in,
// and the real guard decides every route as the table says for a holder of every built-in role,
// each with a real session (the Initiator's on the empty database, then users of an organization
// and a Global Admin). A route without a declaration cannot be registered.
// @backend-agnostic: the guard's decisions per role and route; the guard's SQL runs against the
// servers in every family's permission and cross-organization suites.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { INITIATOR_LOGIN } from '@portal/shared/server';
import { buildApp } from '../app';
import { ApiProblem } from '../http/problem';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, sessionCookie, withCookie, type SessionCookie } from '../testing/identity';
import { createInitializationCode } from '../initialization/initiator';
import { ensureProcess } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate, signIn } from '../testing/users';
import { BUILT_IN_ROLES, type RoleDefinition } from './defaults';
import type { AuthorizationDecision, DeclaredRoute } from './guard';
import { setMembership } from './memberships.repository';
import { expectation, renderRouteTable, sortedRoutes, TABLE_ORGANIZATION, TABLE_PROCESS } from './route-table';

const TABLE_FILE = path.join(__dirname, 'route-table.md');
const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let decisions: AuthorizationDecision[] = [];

class StoppedAfterTheGuard extends ApiProblem {
  constructor() {
    super(418, 'Stopped by the test: the guard let the request through.');
  }
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(
    await buildApp({
      config: environment.config,
      now: clock.now,
      // The handler does not run: the test checks the guard's decision, not the route's work.
      onAuthorization: (decision) => {
        decisions.push(decision);
        if (decision.allowed) throw new StoppedAfterTheGuard();
      },
    }),
  );
}, 30_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const guarded = () => sortedRoutes(app.declaredRoutes).filter((route) => route.permission !== 'public');

function urlOf(route: DeclaredRoute, role: RoleDefinition): string {
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    // A route checked in the process of a path parameter is called for the table's process.
    if (name === route.processParam) return TABLE_PROCESS;
    return /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : `some-${name.toLowerCase()}`;
  });
  return role.kind === 'global' || route.processParam ? url : `${url}?graph=${TABLE_PROCESS}`;
}

async function expectTheTable(role: RoleDefinition, cookie: SessionCookie): Promise<void> {
  const seen: string[] = [];
  const wanted: string[] = [];
  for (const route of guarded()) {
    decisions = [];
    const response = await app.inject({
      method: route.method as 'GET',
      url: urlOf(route, role),
      headers: withCookie(cookie),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });
    const allowed = decisions.length === 1 && decisions[0].allowed && response.statusCode === 418;
    // A caller without organization (global roles) finds no process at all: 404 before any check
    // (also for a route whose process is its path object's, e.g. the SBOM upload's app).
    const noProcess =
      role.kind === 'global' && (route.processParam ?? route.processFrom) !== undefined && decisions.length === 0 && response.statusCode === 404;
    const denied = noProcess || (decisions.length === 1 && !decisions[0].allowed && response.statusCode === 403);
    seen.push(`${route.method} ${route.url}: ${allowed ? 'allow' : denied ? 'deny' : `status ${response.statusCode}`}`);
    wanted.push(`${route.method} ${route.url}: ${expectation(route, role)}`);
  }
  expect(seen).toEqual(wanted);
}

it('is the checked-in table (route-table.md)', async () => {
  const generated = renderRouteTable(app.declaredRoutes);
  if (process.env.UPDATE_ROUTE_TABLE) await writeFile(TABLE_FILE, generated);
  expect(generated).toBe(await readFile(TABLE_FILE, 'utf8'));
});

it('holds for every route and every built-in role, through the real guard and real sessions', async () => {
  const roles = new Map(BUILT_IN_ROLES.map((role) => [role.name, role]));
  // The Initiator exists only on an empty database: first.
  const code = await createInitializationCode(app.database, clock.now());
  const initiator = sessionCookie(await signIn(app, INITIATOR_LOGIN, code));
  await expectTheTable(roles.get('_initiator')!, initiator);

  await createOrganizationCommand(app.database, ['--name', TABLE_ORGANIZATION]);
  const [organization] = await app.database.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [
    TABLE_ORGANIZATION,
  ]);
  const { process } = await ensureProcess(app.database, organization.id, {
    code_name: TABLE_PROCESS,
    name: 'Process one',
    type: 'REQUIREMENTS',
    dashboard_type: 'LIVE',
  });
  for (const role of BUILT_IN_ROLES) {
    if (role.name === '_initiator') continue;
    const login = `holder_${role.name.replace(/^_/, '').toLowerCase()}`;
    if (role.kind === 'process') {
      await createTestUser(app, login, clock.now, '--org', TABLE_ORGANIZATION);
      const user = await findUserByLogin(app.database, login);
      await setMembership(app.database, user!.id, process.id, [role.name]);
    } else if (role.kind === 'organization') {
      await createTestUser(app, login, clock.now, '--org', TABLE_ORGANIZATION, '--role', role.name);
    } else {
      await createTestUser(app, login, clock.now, '--role', role.name);
    }
    await expectTheTable(role, await authenticate(app, login, clock.now));
  }
  // Some 300 routes × 8 roles through the real guard: 25 s alone on 2 cores, more beside another worker.
}, 180_000);

it('refuses to register an API route that declares no permission', async () => {
  const environmentB = await createTestEnvironment();
  const other = await buildApp({ config: environmentB.config });
  try {
    expect(() => other.get('/api/undeclared', async () => 'nothing')).toThrow(
      'GET /api/undeclared declares no permission (config.permission).',
    );
  } finally {
    await other.close();
    await environmentB.cleanup();
  }
});
