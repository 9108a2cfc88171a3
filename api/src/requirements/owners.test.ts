// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The owner of a requirement (issue 26 item 2): Add and Modify name one who may own it (a member
// of the process who may update its progress, REQUIREMENT_OWNER_PERMISSION), GET
// requirements/owners lists them; accepting a review and giving the delegation to someone else
// make the delegate the owner. Another organization's user is 404, a member without the
// permission 400 naming the field, and nothing changes on a refusal.
import { STATUS_MESSAGES, type Requirement, type RequirementDetail, type RequirementTask, type UserRef } from '@portal/shared/server';
import { createFixture, type Fixture } from '../testing/analysis';
import { expectProblem, type SessionCookie } from '../testing/identity';
import { NOT_AN_OWNER } from './people';

let f: Fixture;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const G = 'graph=alpha';

beforeAll(async () => {
  f = await createFixture();
}, 60_000);

afterAll(() => f.close());

async function ok<T>(who: SessionCookie, method: 'GET' | 'POST' | 'PUT', url: string, body?: object, status = 200): Promise<T> {
  const response = await f.call(who, method, url, body);
  if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

const ownerOf = async (id: string) => (await ok<RequirementDetail>(f.rita, 'GET', `/api/requirements/${id}?${G}`)).owner?.login_id ?? null;

describe('GET requirements/owners', () => {
  it('lists the members who may update progress, by name, to whoever adds or modifies requirements', async () => {
    const owners = await ok<UserRef[]>(f.amy, 'GET', `/api/requirements/owners?${G}`);
    // amy (AUTHOR) and olga (ORG_ADMIN); not rex (REVIEWER), rita (READER) nor bob (another organization).
    expect(owners).toEqual([
      { id: f.ids.amy, login_id: 'amy', name: 'User amy' },
      { id: f.ids.olga, login_id: 'olga', name: 'User olga' },
    ]);
    expectProblem(await f.call(f.rita, 'GET', `/api/requirements/owners?${G}`), 403, STATUS_MESSAGES[403]);
    expectProblem(await f.call(f.rex, 'GET', `/api/requirements/owners?${G}`), 403, STATUS_MESSAGES[403]);
    expectProblem(await f.call(f.bob, 'GET', `/api/requirements/owners?${G}`), 404, STATUS_MESSAGES[404]);
  });
});

describe('Add and Modify', () => {
  it('set an owner who may own the requirement; refuse a member without the permission and another organization', async () => {
    const added = await ok<Requirement>(f.amy, 'POST', `/api/requirements?${G}`, { title: 'Owned', owner_id: f.ids.amy }, 201);
    expect(added.owner).toEqual({ id: f.ids.amy, login_id: 'amy', name: 'User amy' });

    const reviewer = await f.call(f.amy, 'POST', `/api/requirements?${G}`, { title: 'Owned by a reviewer', owner_id: f.ids.rex });
    expectProblem(reviewer, 400, NOT_AN_OWNER);
    expect(reviewer.json().errors).toEqual([{ field: 'owner_id', message: NOT_AN_OWNER }]);
    expectProblem(await f.call(f.amy, 'POST', `/api/requirements?${G}`, { title: 'Owned elsewhere', owner_id: f.ids.bob }), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.amy, 'POST', `/api/requirements?${G}`, { title: 'Owned by nobody known', owner_id: UNKNOWN }), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.amy, 'POST', `/api/requirements?${G}`, { title: 'Owned by a string', owner_id: 'amy' }), 400, 'Invalid input.');

    const changed = await ok<Requirement>(f.amy, 'PUT', `/api/requirements/${added.id}?${G}`, { version: added.version, owner_id: f.ids.olga });
    expect(changed.owner?.login_id).toBe('olga');
    expectProblem(await f.call(f.amy, 'PUT', `/api/requirements/${added.id}?${G}`, { version: changed.version, owner_id: f.ids.rita }), 400, NOT_AN_OWNER);
    expectProblem(await f.call(f.amy, 'PUT', `/api/requirements/${added.id}?${G}`, { version: changed.version, owner_id: f.ids.bob }), 404, STATUS_MESSAGES[404]);
    expect(await ownerOf(added.id)).toBe('olga');
    // '' (what the browser sends for 'Nobody': it drops nulls) removes the owner.
    const cleared = await ok<Requirement>(f.amy, 'PUT', `/api/requirements/${added.id}?${G}`, { version: changed.version, owner_id: '' });
    expect(cleared.owner).toBeNull();
  });

  it('keep an owner who has since lost the permission when other fields change', async () => {
    const id = await f.requirement({ code: 'KEEP-1', title: 'Kept owner', owner: f.ids.rex });
    const { version } = await ok<RequirementDetail>(f.amy, 'GET', `/api/requirements/${id}?${G}`);
    const saved = await ok<Requirement>(f.amy, 'PUT', `/api/requirements/${id}?${G}`, { version, title: 'Kept owner, new title', owner_id: f.ids.rex });
    expect(saved).toMatchObject({ title: 'Kept owner, new title', owner: { login_id: 'rex' } });
  });
});

describe('accepting and delegating', () => {
  it('make the delegate the owner, refusing one who may not own it', async () => {
    const requirement = await ok<Requirement>(f.amy, 'POST', `/api/requirements?${G}`, { title: 'To review' }, 201);
    const review = await ok<RequirementTask>(f.amy, 'POST', `/api/requirements/${requirement.id}/submit?${G}`, { reviewer_id: f.ids.rex }, 201);

    const reader = await f.call(f.rex, 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: f.ids.rita });
    expectProblem(reader, 400, NOT_AN_OWNER);
    expect(reader.json().errors).toEqual([{ field: 'delegate_to_id', message: NOT_AN_OWNER }]);
    expectProblem(await f.call(f.rex, 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: f.ids.bob }), 404, STATUS_MESSAGES[404]);
    expect(await ownerOf(requirement.id)).toBeNull();

    const delegated = await ok<RequirementTask>(f.rex, 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: f.ids.amy }, 201);
    expect(delegated).toMatchObject({ type: 'DELEGATE', delegated_to: { login_id: 'amy' } });
    expect(await ownerOf(requirement.id)).toBe('amy');

    // The delegation given to someone else (a reviewer may assign tasks): they own it now.
    expectProblem(await f.call(f.rex, 'POST', `/api/tasks/${delegated.id}/assign?${G}`, { user_id: f.ids.rita }), 400, NOT_AN_OWNER);
    expect((await ok<RequirementTask>(f.rex, 'GET', `/api/tasks/${delegated.id}?${G}`)).delegated_to?.login_id).toBe('amy');
    const reassigned = await ok<RequirementTask>(f.rex, 'POST', `/api/tasks/${delegated.id}/assign?${G}`, { user_id: f.ids.olga });
    expect(reassigned.delegated_to?.login_id).toBe('olga');
    expect(await ownerOf(requirement.id)).toBe('olga');
    const history = await ok<{ type: string; data: Record<string, unknown> }[]>(f.rita, 'GET', `/api/requirements/${requirement.id}/events?${G}`);
    expect(history.map(({ type, data }) => [type, data.owner ?? null])).toEqual([
      ['Add', null],
      ['Submit for Review', null],
      ['Accept Review', 'amy'],
      ['Update', 'olga'],
    ]);
  });
});
