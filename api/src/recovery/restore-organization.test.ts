// Restoring into another organization (issue 25 item 6: "a new process of the same or another
// organization"): a Global Admin who is also an administrator in Acme restores alpha's backup into
// Other, whose admin then sees the process; an organization admin restores into her own
// organization only — another one, or one that does not exist, is not found (404) and nothing is
// written; Other's admin cannot reach Acme's backup at all (404).
import type { InjectOptions } from 'fastify';
import type { Backup } from '@portal/shared/server';
import { createTestUser, withCookie, type SessionCookie } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { authenticate } from '../testing/users';

let world: TaskWorld;
let gina: SessionCookie;
let backupId = '';
const organizations: Record<'acme' | 'other', string> = { acme: '', other: '' };

const asGina = (method: InjectOptions['method'], url: string, payload?: object) => world.app.inject({ method, url, headers: withCookie(gina), payload });
const restoreUrl = () => `/api/recovery/backups/${backupId}/restore?${G}`;
const processesNamed = (code: string) =>
  world.app.database.query<{ organization_id: string; name: string }>('SELECT organization_id, name FROM processes WHERE lower(code_name) = lower($1)', [code]);

beforeAll(async () => {
  world = await taskWorld();
  // Gina administers Acme and holds the Global Admin role.
  await createTestUser(world.app, 'gina', world.clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN', '--role', '_global_admin');
  gina = await authenticate(world.app, 'gina', world.clock.now);
  for (const [key, name] of [['acme', 'Acme'], ['other', 'Other']] as const) {
    organizations[key] = (await world.app.database.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [name]))[0]!.id;
  }
  const started = await world.ok<Backup>('olga', 'POST', `/api/recovery/backups?${G}`, undefined, 202);
  await world.app.recovery.idle();
  expect((await world.ok<Backup>('olga', 'GET', `/api/recovery/backups/${started.id}?${G}`)).status).toBe('succeeded');
  backupId = started.id;
}, 120_000);
afterAll(async () => world?.close());

describe('restore into another organization', () => {
  it("lets a Global Admin restore into another organization, whose admin then has the process", async () => {
    const response = await asGina('POST', restoreUrl(), { code_name: 'alpha-other', name: 'Alpha in Other', organization_id: organizations.other });
    expect(response.statusCode).toBe(201);
    expect(response.json().process).toMatchObject({ code_name: 'alpha-other', name: 'Alpha in Other' });
    expect(await processesNamed('alpha-other')).toEqual([{ organization_id: organizations.other, name: 'Alpha in Other' }]);
    // Other's admin sees it and its requirements; Acme's admin does not.
    const requirements = await world.ok<{ items: Array<{ code: string }> }>('ursula', 'GET', '/api/requirements?graph=alpha-other');
    expect(requirements.items.map((item) => item.code)).toContain('RQ-12');
    expect((await world.call('olga', 'GET', '/api/requirements?graph=alpha-other')).statusCode).toBe(404);
    // Gina is not made a member of another organization's process.
    const [member] = await world.app.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM memberships m JOIN users u ON u.id = m.user_id JOIN processes p ON p.id = m.process_id WHERE u.login_id = 'gina' AND p.code_name = 'alpha-other'",
    );
    expect(member!.n).toBe(0);
  });

  it('lets a Global Admin restore into her own organization too', async () => {
    const response = await asGina('POST', restoreUrl(), { code_name: 'alpha-again', organization_id: organizations.acme });
    expect(response.statusCode).toBe(201);
    expect(await processesNamed('alpha-again')).toEqual([{ organization_id: organizations.acme, name: 'Alpha' }]);
  });

  it('answers a Global Admin 404 for an organization that does not exist, and writes nothing', async () => {
    const response = await asGina('POST', restoreUrl(), { code_name: 'alpha-nowhere', organization_id: '00000000-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('There is no such organization, or you may not create processes in it.');
    expect(await processesNamed('alpha-nowhere')).toEqual([]);
  });

  it('lets an organization admin restore into her own organization, named or not, and answers 404 for another', async () => {
    const named = await world.call('olga', 'POST', restoreUrl(), { code_name: 'alpha-named', organization_id: organizations.acme });
    expect(named.statusCode).toBe(201);
    expect(await processesNamed('alpha-named')).toEqual([{ organization_id: organizations.acme, name: 'Alpha' }]);
    const elsewhere = await world.call('olga', 'POST', restoreUrl(), { code_name: 'alpha-elsewhere', organization_id: organizations.other });
    expect(elsewhere.statusCode).toBe(404);
    expect(await processesNamed('alpha-elsewhere')).toEqual([]);
  });

  it("answers another organization's admin 404 for Acme's backup, through Acme's process or her own", async () => {
    const body = { code_name: 'stolen', organization_id: organizations.other };
    expect((await world.call('ursula', 'POST', restoreUrl(), body)).statusCode).toBe(404);
    expect((await world.call('ursula', 'POST', `/api/recovery/backups/${backupId}/restore?graph=omega`, body)).statusCode).toBe(404);
    expect(await processesNamed('stolen')).toEqual([]);
  });
});
