import { history } from '@portal/shared';
import { fakeApi, ok, problem, renderRoute } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { AUDITORS, BOB, EVE, task } from '../../../testing/fixtures';
import { signIn, signInEachTest } from '../../../testing/sessions';
import { AssignTaskScreen } from './AssignTaskScreen';

signInEachTest();

const open = (id: string) => renderRoute(AssignTaskScreen, '/assign-task', `/assign-task?id=${id}`);
const where = () => `${history.location.pathname}${history.location.search}`;

describe('/assign-task', () => {
  it('assigns a review to a person who may review, notifies through the API and returns to the task', async () => {
    const { calls, mutations } = fakeApi({
      'GET /api/tasks/1': ok(task('1', { assigned_to_user: null })),
      'GET /api/users/assignees': ok([BOB]),
      'POST /api/tasks/1/assign': ok(task('1', { assigned_to_user: BOB })),
    });
    const { user, snackbars } = open('1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assign “Review RQ-1 Password length”' })).toBeInTheDocument();
    expect(screen.getByText(/now: Unassigned/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Assign the task' });
    expect(within(form).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.selectOptions(within(form).getByLabelText('Person'), await within(form).findByRole('option', { name: 'Bob Reviewer (bob)' }));
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(where()).toBe('/view-task?id=1'));
    expect(calls.find((call) => call.path === '/api/users/assignees')!.query).toEqual({ graph: 'core', permission: 'handle=>ReviewRequirementTask' });
    expect(mutations()).toEqual([{ method: 'POST', path: '/api/tasks/1/assign', query: { graph: 'core' }, body: { user_id: 'u-bob' } }]);
    expect(snackbars).toContain('“Review RQ-1 Password length” assigned to Bob Reviewer.');
  });

  it("reassigns an implementer's task to a workgroup", async () => {
    const { calls, mutations } = fakeApi({
      'GET /api/tasks/2': ok(task('2', { type: 'DELEGATE', delegated_to: EVE })),
      'GET /api/users/assignees': ok([EVE]),
      'GET /api/workgroups': ok([{ ...AUDITORS, description: '', members: [] }]),
      'POST /api/tasks/2/assign': ok(task('2', { type: 'DELEGATE', assigned_to_group: AUDITORS })),
    });
    const { user } = open('2');
    const form = await screen.findByRole('form', { name: 'Assign the task' });
    expect(screen.getByText(/A person becomes its delegate\./)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.query.permission === 'updateProgress=>Requirement')).toBe(true));
    await user.selectOptions(within(form).getByLabelText('Assign to'), 'A workgroup');
    await user.selectOptions(within(form).getByLabelText('Workgroup'), await within(form).findByRole('option', { name: 'Auditors' }));
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(where()).toBe('/view-task?id=2'));
    // The delegate is cleared ('' — the client leaves null fields out, spec 7).
    expect(mutations()[0]!.body).toEqual({ user_id: '', workgroup_id: 'g-auditors' });
  });

  it("offers the owner's manager from the organization chart, and assigns the one picked", async () => {
    signIn(['list=>Task', 'view=>Task', 'assign=>Task', 'use=>OrgChart']);
    const { calls, mutations } = fakeApi({
      'GET /api/tasks/3': ok(task('3', { assigned_to_user: null, created_by: BOB })),
      'GET /api/users/assignees': ok([BOB]),
      'GET /api/org-chart/suggestions': ok({ owner_manager: EVE, department_members: [], departments: ['Security'] }),
      'POST /api/tasks/3/assign': ok(task('3', { assigned_to_user: EVE })),
    });
    const { user } = open('3');
    const suggestions = await screen.findByRole('region', { name: 'Suggested by the organization chart' });
    await user.click(await within(suggestions).findByRole('button', { name: 'Eve Implementer (eve)' }));
    expect(screen.getByRole('status')).toHaveTextContent('Chosen from the organization chart: Eve Implementer (eve)');
    expect(calls.find((call) => call.path === '/api/org-chart/suggestions')!.query).toMatchObject({ owner: BOB.id });
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(mutations()).toEqual([expect.objectContaining({ path: '/api/tasks/3/assign', body: { user_id: EVE.id } })]));
  });

  it('shows a refusal and stays', async () => {
    fakeApi({
      'GET /api/tasks/3': ok(task('3')),
      'GET /api/users/assignees': ok([BOB]),
      'POST /api/tasks/3/assign': { status: 409, problem: { detail: 'The task is already closed.' } },
    });
    const { user } = open('3');
    const form = await screen.findByRole('form', { name: 'Assign the task' });
    await user.selectOptions(within(form).getByLabelText('Person'), await within(form).findByRole('option', { name: 'Bob Reviewer (bob)' }));
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByText('The task is already closed.')).toBeInTheDocument();
    expect(where()).toBe('/assign-task?id=3');
  });

  it('does not assign a closed task, nor one that does not exist', async () => {
    fakeApi({ 'GET /api/tasks/4': ok(task('4', { status: 'FAILED' })), 'GET /api/tasks/5': problem(404, 'Not found.') });
    const first = open('4');
    expect(await screen.findByText('This task is closed')).toBeInTheDocument();
    first.unmount();
    open('5');
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
  });
});
