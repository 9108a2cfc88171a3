// The world of the tasks inbox suites (test-only): Acme's process alpha with an organization
// admin (olga), a reviewer (rita, in the workgroup Reviewers), an author (andy: no assign=>Task),
// a reader (reed), a member who may view tasks but not list them (vic, role TASK_VIEWER), a
// requirement RQ-12 and an application; Other's admin (ursula) with her own process omega.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import type { Config } from '../config';
import { createOrganizationCommand } from '../cli/users';
import { manualClock, type ManualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from './identity';
import { createTestEnvironment } from './test-environment';
import { authenticate } from './users';
import { findUserByLogin } from '../users/repository';

export const LOGINS = ['olga', 'rita', 'andy', 'reed', 'vic', 'ursula'] as const;
export type Login = (typeof LOGINS)[number];
export const G = 'graph=alpha';

export interface TaskWorld {
  app: FastifyInstance;
  clock: ManualClock;
  ids: Record<Login, string>;
  processId: string;
  workgroupId: string;
  requirementId: string;
  applicationId: string;
  call(who: Login, method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** The answer's JSON when its status is `status`; throws with the body otherwise. */
  ok<T>(who: Login, method: InjectOptions['method'], url: string, payload?: unknown, status?: number): Promise<T>;
  close(): Promise<void>;
}

/** `options`: what else the app is built with (the cloud syncs' transport, configuration of its own). */
export async function taskWorld(options: Pick<AppOptions, 'cloudSync' | 'jobWorkers'> & { config?: Partial<Config> } = {}): Promise<TaskWorld> {
  const environment = await createTestEnvironment();
  const clock = manualClock(new Date('2030-06-01T08:00:00Z'));
  const { config, ...rest } = options;
  const app = likeTheApiClient(await buildApp({ config: { ...environment.config, ...config }, now: clock.now, ...rest }));
  const cookies = {} as Record<Login, SessionCookie>;
  const call: TaskWorld['call'] = (who, method, url, payload) =>
    app.inject({ method, url, headers: withCookie(cookies[who]), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const ok: TaskWorld['ok'] = async <T>(who: Login, method: InjectOptions['method'], url: string, payload?: unknown, status = 200) => {
    const response = await call(who, method, url, payload);
    if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return (response.body ? response.json() : undefined) as T;
  };
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Other']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'ursula', clock.now, '--org', 'Other', '--role', 'ORG_ADMIN');
  for (const login of ['olga', 'ursula'] as const) cookies[login] = await authenticate(app, login, clock.now);
  const project = { type: 'REQUIREMENTS', dashboard_type: 'LIVE' };
  await ok('olga', 'POST', '/api/projects', { code_name: 'alpha', name: 'Alpha', ...project }, 201);
  await ok('ursula', 'POST', '/api/projects', { code_name: 'omega', name: 'Omega', ...project }, 201);
  await ok('olga', 'POST', '/api/iam/roles', {
    name: 'TASK_VIEWER',
    kind: 'process',
    description: 'Views tasks without listing them.',
    policies: [
      { effect: 'allow', actions: ['view'], resources: ['Task'], condition: null },
      { effect: 'allow', actions: ['use'], resources: ['Module::Requirement'], condition: null },
    ],
  }, 201);
  const members: Array<[Login, string]> = [['rita', 'REVIEWER'], ['andy', 'AUTHOR'], ['reed', 'READER'], ['vic', 'TASK_VIEWER']];
  for (const [login, role] of members) {
    await createTestUser(app, login, clock.now, '--org', 'Acme', '--member', `alpha=${role}`);
    cookies[login] = await authenticate(app, login, clock.now);
  }
  const ids = {} as Record<Login, string>;
  for (const login of LOGINS) ids[login] = (await findUserByLogin(app.database, login))!.id;
  const workgroupId = (await ok<{ id: string }>('olga', 'POST', '/api/workgroups', { name: 'Reviewers', description: '', member_ids: [ids.rita] }, 201)).id;
  const requirementId = (await ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: 'RQ-12', title: 'Password length' }, 201)).id;
  const [alpha] = await app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'alpha'");
  const [application] = await app.database.query<{ id: string }>(
    `INSERT INTO applications (organization_id, process_id, app_key, name)
     SELECT organization_id, id, 'portal-web', 'Portal web' FROM processes WHERE id = $1 RETURNING id`,
    [alpha.id],
  );
  return {
    app,
    clock,
    ids,
    processId: alpha.id,
    workgroupId,
    requirementId,
    applicationId: application.id,
    call,
    ok,
    async close() {
      await app.close();
      await environment.cleanup();
    },
  };
}
