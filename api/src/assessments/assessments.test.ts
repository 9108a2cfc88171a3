// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Gap analysis, risk assessment and conflicts through the API (issue 6 items 7 and 8): each
// opens its task and raises its requirement event; closing a gap completes its task; completing
// a task elsewhere closes the gap or resolves the risk or conflict; input errors, unknown ids and
// readers are refused.
import { MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { createFixture, type Fixture } from '../testing/analysis';
import { DELETED_REQUIREMENT } from '../analysis/service';
import { expectProblem } from '../testing/identity';
import { completeTask } from '../tasks/service';
import { CONFLICT_RECORDED, SELF_CONFLICT } from '../conflicts/routes';
import { GAP_ALREADY_CLOSED, INVALID_DATE, NOT_A_GAP_ASSIGNEE } from './routes';

let f: Fixture;
let login: string; // REQ-1, owned by amy
let mfa: string; // REQ-2, no owner
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  f = await createFixture();
  login = await f.requirement({ code: 'REQ-1', title: 'Login', owner: f.ids.amy });
  mfa = await f.requirement({ code: 'REQ-2', title: 'Multi-factor authentication' });
}, 60_000);

afterAll(() => f.close());

const gapBody = { description: 'No lockout after failed sign-ins', remediation_plan: 'Add a lockout after 5 failures', target_date: '2026-07-01' };

async function eventsOf(requirementId: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return f.app.database.query('SELECT type, data FROM requirement_events WHERE requirement_id = $1 ORDER BY time', [requirementId]);
}

async function task(id: string) {
  const [row] = await f.app.database.query<{ type: string; status: string; assigned_to_user: string | null; related_id: string; due: string | null }>(
    `SELECT type, status, assigned_to_user, related_id, to_char(due_date, 'YYYY-MM-DD') AS due FROM tasks WHERE id = $1`,
    [id],
  );
  return row;
}

describe('gaps', () => {
  it('identifies a gap: a HAS_GAP task for the owner, Identify Gap, listed and closed', async () => {
    const created = await f.call(f.amy, 'POST', `/api/requirements/${login}/gaps?graph=alpha`, gapBody);
    expect(created.statusCode).toBe(201);
    const gap = created.json();
    expect(gap).toEqual({
      id: expect.any(String),
      requirement: { id: login, code: 'REQ-1', title: 'Login' },
      ...gapBody,
      status: 'OPEN',
      task_id: expect.any(String),
      // Who closes it: by default the requirement's owner.
      assignee: { id: f.ids.amy, login_id: 'amy', name: 'User amy' },
      created_by: { id: f.ids.amy, login_id: 'amy', name: 'User amy' },
      created_at: expect.any(String),
      closed_at: null,
    });
    expect(await task(gap.task_id)).toEqual({ type: 'HAS_GAP', status: 'OPEN', assigned_to_user: f.ids.amy, related_id: gap.id, due: '2026-07-01' });
    expect(await eventsOf(login)).toEqual([expect.objectContaining({ type: 'Identify Gap', data: expect.objectContaining({ gap_id: gap.id }) })]);
    const outbox = await f.app.database.query<{ body: { type: string; data: { graph: string } } }>(
      `SELECT body FROM outbox WHERE destination = $1 ORDER BY body->>'time'`,
      [`events#${f.ids.amy}`],
    );
    expect(outbox.map((row) => row.body.type)).toEqual(expect.arrayContaining(['New', 'Identify Gap']));

    const list = await f.call(f.rita, 'GET', '/api/assessments/gaps?graph=alpha&status=OPEN&search=lockout');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([gap]);
    expect((await f.call(f.rita, 'GET', '/api/assessments/gaps?graph=alpha&search=nothing-like-this')).json()).toEqual([]);
    expect((await f.call(f.rita, 'GET', '/api/assessments/gaps?graph=alpha&status=CLOSED')).json()).toEqual([]);

    // Closing needs GAP_ANALYSIS.UPDATE: a reviewer has it, a reader does not.
    expectProblem(await f.call(f.rita, 'POST', `/api/assessments/gaps/${gap.id}/close?graph=alpha`, {}), 403, STATUS_MESSAGES[403]);
    const closed = await f.call(f.rex, 'POST', `/api/assessments/gaps/${gap.id}/close?graph=alpha`, { comment: 'Lockout deployed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ id: gap.id, status: 'CLOSED', closed_at: expect.any(String) });
    expect((await task(gap.task_id)).status).toBe('COMPLETED');
    expectProblem(await f.call(f.rex, 'POST', `/api/assessments/gaps/${gap.id}/close?graph=alpha`, {}), 409, GAP_ALREADY_CLOSED);
    expect((await f.call(f.rita, 'GET', '/api/assessments/gaps?graph=alpha&status=CLOSED')).json()).toEqual([expect.objectContaining({ id: gap.id })]);
  });

  it('assigns the task to the assignee named, or to nobody when the requirement has no owner', async () => {
    const named = (await f.call(f.amy, 'POST', `/api/requirements/${login}/gaps?graph=alpha`, { ...gapBody, assignee_id: f.ids.rex })).json();
    expect((await task(named.task_id)).assigned_to_user).toBe(f.ids.rex);
    expect(named.assignee).toEqual({ id: f.ids.rex, login_id: 'rex', name: 'User rex' });
    const unowned = (await f.call(f.amy, 'POST', `/api/requirements/${mfa}/gaps?graph=alpha`, gapBody)).json();
    expect((await task(unowned.task_id)).assigned_to_user).toBeNull();
    expect(unowned.assignee).toBeNull();
    // Completing the task (as the task routes do) closes the gap.
    await f.app.database.transaction((tx) => completeTask(tx, unowned.task_id, null));
    const [row] = await f.app.database.query<{ status: string }>('SELECT status FROM gaps WHERE id = $1', [unowned.id]);
    expect(row.status).toBe('CLOSED');
    expect((await f.call(f.rita, 'GET', `/api/assessments/gaps?graph=alpha&requirement=${mfa}`)).json()).toEqual([
      expect.objectContaining({ id: unowned.id, status: 'CLOSED' }),
    ]);
  });

  it('refuses invalid input, unknown ids, readers and deleted requirements', async () => {
    const url = `/api/requirements/${login}/gaps?graph=alpha`;
    const missing = await f.call(f.amy, 'POST', url, { description: ' ', remediation_plan: 'x', target_date: '2026-02-30' });
    expectProblem(missing, 400, MESSAGES.required);
    expect(missing.json().errors).toEqual([
      { field: 'description', message: MESSAGES.required },
      { field: 'target_date', message: INVALID_DATE },
    ]);
    expectProblem(await f.call(f.amy, 'POST', url, { remediation_plan: 'x', target_date: '2026-01-01' }), 400, "Data is not valid: 'description' is required.");
    expectProblem(await f.call(f.amy, 'POST', url, { ...gapBody, description: 'see javascript:alert(1)' }), 400, MESSAGES.invalidInput);
    expectProblem(await f.call(f.amy, 'POST', url, { ...gapBody, description: 'x'.repeat(10001) }), 400, MESSAGES.maxLength(10000));
    expectProblem(await f.call(f.amy, 'POST', `/api/requirements/${UNKNOWN}/gaps?graph=alpha`, gapBody), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.amy, 'POST', `/api/requirements/not-a-uuid/gaps?graph=alpha`, gapBody), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.amy, 'POST', url, { ...gapBody, assignee_id: f.ids.bob }), 404, STATUS_MESSAGES[404]);
    // A member who may not close gaps (a reader) is no assignee.
    const reader = await f.call(f.amy, 'POST', url, { ...gapBody, assignee_id: f.ids.rita });
    expectProblem(reader, 400, NOT_A_GAP_ASSIGNEE);
    expect(reader.json().errors).toEqual([{ field: 'assignee_id', message: NOT_A_GAP_ASSIGNEE }]);
    expectProblem(await f.call(f.rita, 'POST', url, gapBody), 403, STATUS_MESSAGES[403]);
    expectProblem(await f.call(f.rex, 'POST', `/api/assessments/gaps/${UNKNOWN}/close?graph=alpha`, {}), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.amy, 'GET', '/api/assessments/gaps?graph=alpha&status=DONE'), 400, "Data is not valid: the query parameter 'status' must be equal to one of the allowed values.");
    const gone = await f.requirement({ code: 'REQ-GONE', title: 'Deleted' });
    await f.app.database.query('UPDATE requirements SET deleted_at = now() WHERE id = $1', [gone]);
    expectProblem(await f.call(f.amy, 'POST', `/api/requirements/${gone}/gaps?graph=alpha`, gapBody), 409, DELETED_REQUIREMENT);
  });
});

describe('risks', () => {
  it('assesses a risk: score = likelihood × impact, a RESOLVE_RISK task, Identify Risk', async () => {
    const created = await f.call(f.rex, 'POST', `/api/requirements/${login}/risks?graph=alpha`, { likelihood: 4, impact: 5, description: 'Credential stuffing' });
    expect(created.statusCode).toBe(201);
    const risk = created.json();
    expect(risk).toEqual({
      id: expect.any(String),
      requirement: { id: login, code: 'REQ-1', title: 'Login' },
      likelihood: 4,
      impact: 5,
      score: 20,
      description: 'Credential stuffing',
      status: 'OPEN',
      task_id: expect.any(String),
      created_at: expect.any(String),
    });
    expect(await task(risk.task_id)).toMatchObject({ type: 'RESOLVE_RISK', status: 'OPEN', assigned_to_user: f.ids.amy, related_id: risk.id });
    expect((await eventsOf(login)).map((event) => event.type)).toContain('Identify Risk');
    const low = (await f.call(f.amy, 'POST', `/api/requirements/${mfa}/risks?graph=alpha`, { likelihood: 1, impact: 2, description: 'Lost phone' })).json();
    expect((await f.call(f.rita, 'GET', '/api/assessments/risks?graph=alpha')).json().map((item: { score: number }) => item.score)).toEqual([20, 2]);
    await f.app.database.transaction((tx) => completeTask(tx, low.task_id, null));
    expect((await f.call(f.rita, 'GET', '/api/assessments/risks?graph=alpha&status=RESOLVED')).json()).toEqual([expect.objectContaining({ id: low.id, status: 'RESOLVED' })]);
    expect((await f.call(f.rita, 'GET', '/api/assessments/risks?graph=alpha&status=OPEN')).json()).toEqual([expect.objectContaining({ id: risk.id })]);
  });

  it('refuses values outside 1-5, unknown requirements and readers', async () => {
    const url = `/api/requirements/${login}/risks?graph=alpha`;
    expectProblem(await f.call(f.rex, 'POST', url, { likelihood: 0, impact: 3, description: 'x' }), 400, "Data is not valid: 'likelihood' must be >= 1.");
    expectProblem(await f.call(f.rex, 'POST', url, { likelihood: 3, impact: 6, description: 'x' }), 400, "Data is not valid: 'impact' must be <= 5.");
    expectProblem(await f.call(f.rex, 'POST', url, { likelihood: 2.5, impact: 3, description: 'x' }), 400, "Data is not valid: 'likelihood' must be integer.");
    expectProblem(await f.call(f.rex, 'POST', url, { likelihood: 2, impact: 3, description: '' }), 400, MESSAGES.required);
    expectProblem(await f.call(f.rex, 'POST', `/api/requirements/${UNKNOWN}/risks?graph=alpha`, { likelihood: 2, impact: 3, description: 'x' }), 404, STATUS_MESSAGES[404]);
    expectProblem(await f.call(f.rita, 'POST', url, { likelihood: 2, impact: 3, description: 'x' }), 403, STATUS_MESSAGES[403]);
  });
});

describe('conflicts', () => {
  it('records a conflict between two requirements with a RESOLVE_CONFLICT task, once while open', async () => {
    const body = { requirement_a_id: login, requirement_b_id: mfa, description: 'Password-only login contradicts MFA' };
    const created = await f.call(f.amy, 'POST', '/api/conflicts?graph=alpha', body);
    expect(created.statusCode).toBe(201);
    const conflict = created.json();
    expect(conflict).toEqual({
      id: expect.any(String),
      a: { id: login, code: 'REQ-1', title: 'Login' },
      b: { id: mfa, code: 'REQ-2', title: 'Multi-factor authentication' },
      description: body.description,
      status: 'OPEN',
      task_id: expect.any(String),
      created_at: expect.any(String),
    });
    expect(await task(conflict.task_id)).toMatchObject({ type: 'RESOLVE_CONFLICT', status: 'OPEN', assigned_to_user: f.ids.amy, related_id: conflict.id });
    expectProblem(await f.call(f.amy, 'POST', '/api/conflicts?graph=alpha', { ...body, requirement_a_id: mfa, requirement_b_id: login }), 409, CONFLICT_RECORDED);
    expect((await f.call(f.rita, 'GET', '/api/conflicts?graph=alpha&status=OPEN')).json()).toEqual([conflict]);
    await f.app.database.transaction((tx) => completeTask(tx, conflict.task_id, null));
    expect((await f.call(f.rita, 'GET', '/api/conflicts?graph=alpha&status=RESOLVED')).json()).toEqual([{ ...conflict, status: 'RESOLVED' }]);
  });

  it('refuses one requirement twice, unknown or foreign requirements and readers', async () => {
    expectProblem(
      await f.call(f.amy, 'POST', '/api/conflicts?graph=alpha', { requirement_a_id: login, requirement_b_id: login, description: 'x' }),
      400,
      SELF_CONFLICT,
    );
    expectProblem(
      await f.call(f.amy, 'POST', '/api/conflicts?graph=alpha', { requirement_a_id: login, requirement_b_id: UNKNOWN, description: 'x' }),
      404,
      STATUS_MESSAGES[404],
    );
    const foreign = await f.requirement({ code: 'B-1', title: 'Beta requirement', process: 'beta' });
    expectProblem(
      await f.call(f.amy, 'POST', '/api/conflicts?graph=alpha', { requirement_a_id: login, requirement_b_id: foreign, description: 'x' }),
      404,
      STATUS_MESSAGES[404],
    );
    expectProblem(await f.call(f.amy, 'POST', '/api/conflicts?graph=alpha', { requirement_a_id: login, description: 'x' }), 400, "Data is not valid: 'requirement_b_id' is required.");
    expectProblem(
      await f.call(f.rita, 'POST', '/api/conflicts?graph=alpha', { requirement_a_id: login, requirement_b_id: mfa, description: 'x' }),
      403,
      STATUS_MESSAGES[403],
    );
  });
});
