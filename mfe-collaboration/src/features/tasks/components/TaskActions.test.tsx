// Which actions /view-task offers, per spec 6's task authorization (each reason of authorizeTask),
// and what each action sends.
import { fakeApi, fill, ok, problem, renderRoute, type FakeRoutes } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { InboxTask } from '@portal/shared/collaboration';
import { AUDITORS, BOB, EVE, generalTask, task } from '../../../testing/fixtures';
import { signIn, signInEachTest } from '../../../testing/sessions';
import { ViewTaskScreen } from './ViewTaskScreen';

signInEachTest();

const REVIEWER = 'handle=>ReviewRequirementTask';
const GAP_ANALYST = 'update=>GapAnalysis';
const BASE = ['list=>Task', 'view=>Task'];

function show(shown: InboxTask, routes: FakeRoutes = {}) {
  const api = fakeApi({
    [`GET /api/tasks/${shown.id}`]: ok(shown),
    [`GET /api/tasks/${shown.id}/events`]: ok([]),
    [`GET /api/tasks/${shown.id}/comments`]: ok([]),
    'GET /api/workgroups/myMembership': ok([]),
    ...routes,
  });
  return { ...api, ...renderRoute(ViewTaskScreen, '/view-task', `/view-task?id=${shown.id}`) };
}

const toolbar = () => screen.queryByRole('toolbar', { name: 'Task actions' });
const actions = () => (toolbar() ? within(toolbar()!).queryAllByRole('button').map((button) => button.textContent) : []);
const verdict = async (text: string) => expect(await screen.findByText(text)).toBeInTheDocument();

describe('who may act on a task (spec 6 task authorization)', () => {
  it('the assigned user: a review is accepted or rejected', async () => {
    signIn(BASE);
    show(task('1'));
    await verdict('You may act on this task: it is assigned to you.');
    expect(actions()).toEqual(['Accept…', 'Reject…']);
  });

  it('the delegate: progress or a failure is reported', async () => {
    signIn(BASE);
    show(task('2', { type: 'DELEGATE', title: 'Implement RQ-2', assigned_to_user: BOB, delegated_to: { id: 'u-ada', login_id: 'ada', name: 'Ada Author' } }));
    await verdict('You may act on this task: it is delegated to you.');
    expect(actions()).toEqual(['Update progress', 'Report failure…']);
  });

  it('an unassigned review: whoever may handle reviews', async () => {
    signIn([...BASE, REVIEWER]);
    show(task('3', { assigned_to_user: null }));
    await verdict('You may act on this task: it is unassigned, and you may handle reviews.');
    expect(actions()).toEqual(['Accept…', 'Reject…']);
  });

  it('an unassigned review without the review permission: nothing to do', async () => {
    signIn(BASE);
    show(task('3', { assigned_to_user: null }));
    await verdict('Acting on an unassigned task needs the review permission.');
    expect(actions()).toEqual([]);
  });

  it("a group's task: its members who may handle reviews", async () => {
    signIn([...BASE, REVIEWER]);
    show(task('4', { assigned_to_user: null, assigned_to_group: AUDITORS }), { 'GET /api/workgroups/myMembership': ok([AUDITORS]) });
    await verdict('You may act on this task: it is for your workgroup Auditors, and you may handle reviews.');
    expect(actions()).toEqual(['Accept…', 'Reject…']);
  });

  it("a group's task: not for who is outside the group, whatever their permissions", async () => {
    signIn([...BASE, REVIEWER, GAP_ANALYST]);
    show(task('4', { assigned_to_user: null, assigned_to_group: AUDITORS }), { 'GET /api/workgroups/myMembership': ok([{ id: 'g-other', name: 'Other' }]) });
    await verdict('This task is for the workgroup Auditors, and you may not handle it.');
    expect(actions()).toEqual([]);
  });

  it('an unassigned gap: the gap analysis update permission, not the review permission', async () => {
    signIn([...BASE, GAP_ANALYST]);
    show(task('5', { type: 'HAS_GAP', title: 'Close the gap of RQ-5', assigned_to_user: null, related_id: 'gap-5' }));
    await verdict('You may act on this task: it is unassigned, and you may update gap analyses.');
    expect(actions()).toEqual(['Update progress', 'Report failure…']);
    expect(screen.getByRole('link', { name: 'Gap on the gap analysis' })).toHaveAttribute('href', '/gap-analysis');
  });

  it('an unassigned gap with only the review permission: nothing to do', async () => {
    signIn([...BASE, REVIEWER]);
    show(task('5', { type: 'HAS_GAP', assigned_to_user: null }));
    await verdict('Acting on an unassigned gap task needs the gap analysis update permission.');
    expect(actions()).toEqual([]);
  });

  it("someone else's task: only they may act; an assign=>Task holder may still reassign it", async () => {
    signIn([...BASE, REVIEWER, 'assign=>Task']);
    show(task('6', { assigned_to_user: BOB }));
    await verdict('Only Bob Reviewer may act on this task.');
    expect(actions()).toEqual([]);
    expect(within(toolbar()!).getByRole('link', { name: 'Reassign…' })).toHaveAttribute('href', '/assign-task?id=6');
  });

  it('while my workgroups cannot be read, no action shows (the verdict is pending)', async () => {
    signIn([...BASE, REVIEWER]);
    show(task('7', { assigned_to_user: null }), { 'GET /api/workgroups/myMembership': problem(500, 'The server failed.') });
    await verdict('Your workgroups could not be read: whether you may act on this task is not known.');
    expect(actions()).toEqual([]);
  });

  it('a closed task offers nothing', async () => {
    signIn([...BASE, 'assign=>Task']);
    show(task('8', { status: 'COMPLETED' }));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(toolbar()).not.toBeInTheDocument();
    expect(screen.queryByText(/may act on this task/)).not.toBeInTheDocument();
  });
});

describe('acting on a task', () => {
  it('accepts a review, delegating it to an implementer by a date', async () => {
    const { mutations, user, snackbars } = show(task('1'), {
      'GET /api/users/assignees': ok([EVE]),
      'POST /api/tasks/1/accept': ok(task('10', { type: 'DELEGATE' }), 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept “Review RQ-1 Password length”' });
    await user.selectOptions(within(dialog).getByLabelText('Delegate to'), await within(dialog).findByRole('option', { name: 'Eve Implementer (eve)' }));
    await fill(user, within(dialog).getByLabelText('Implementation due date'), '2027-01-15');
    await user.click(within(dialog).getByRole('button', { name: 'Accept and delegate' }));
    await waitFor(() => expect(snackbars).toContain('Review accepted and delegated.'));
    expect(mutations()).toEqual([{ method: 'POST', path: '/api/tasks/1/accept', query: { graph: 'core' }, body: { delegate_to_id: 'u-eve', due_date: '2027-01-15' } }]);
  });

  it('rejects a review only with a comment, and shows a refusal in the dialog', async () => {
    const { mutations, user } = show(task('1'), { 'POST /api/tasks/1/reject': { status: 409, problem: { detail: 'The task is already closed.' } } });
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Review RQ-1 Password length”' });
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await fill(user, within(dialog).getByLabelText(/^Why is it rejected\?/), 'Too vague.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('The task is already closed.')).toBeInTheDocument();
    expect(mutations()[0]!.body).toEqual({ comment: 'Too vague.' });
  });

  it('reports progress', async () => {
    const delegated = task('2', { type: 'DELEGATE', assigned_to_user: BOB, delegated_to: { id: 'u-ada', login_id: 'ada', name: 'Ada Author' }, progress: 20 });
    const { mutations, user, snackbars } = show(delegated, { 'PATCH /api/tasks/2/progress': ok({ ...delegated, progress: 60 }) });
    await user.click(await screen.findByRole('button', { name: 'Update progress' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText('Progress (%)'), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(snackbars).toContain('Progress saved.'));
    expect(mutations()[0]).toMatchObject({ method: 'PATCH', path: '/api/tasks/2/progress', body: { progress: 60 } });
  });

  it('completes a general task after asking, and says its next occurrence opens', async () => {
    const recurring = generalTask('11', { recurrence: 'FREQ=MONTHLY;INTERVAL=3' });
    const { mutations, user, snackbars } = show(recurring, { 'POST /api/tasks/11/complete': ok({ ...recurring, status: 'COMPLETED' }) });
    await verdict('You may act on this task: it is assigned to you.');
    expect(screen.getByText('Quarterly')).toBeInTheDocument();
    expect(actions()).toEqual(['Update progress', 'Complete…', 'Report failure…', 'Edit']);
    await user.click(screen.getByRole('button', { name: 'Complete…' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('The task is closed and its next occurrence opens.');
    await user.click(within(confirm).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(snackbars).toContain('Task completed.'));
    expect(mutations()).toEqual([{ method: 'POST', path: '/api/tasks/11/complete', query: { graph: 'core' }, body: {} }]);
  });

  it('reports a failure only with a comment', async () => {
    const general = generalTask('12');
    const { mutations, user } = show(general, { 'POST /api/tasks/12/fail': ok({ ...general, status: 'FAILED' }) });
    await user.click(await screen.findByRole('button', { name: 'Report failure…' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/^What failed\?/), 'The vendor did not answer.');
    await user.click(within(dialog).getByRole('button', { name: 'Report failure' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0]).toMatchObject({ path: '/api/tasks/12/fail', body: { comment: 'The vendor did not answer.' } });
  });

  it('edits a general task its creator made, clearing what was emptied', async () => {
    signIn(BASE);
    const general = generalTask('13', { assigned_to_user: BOB, description: 'Every account', due_date: '2026-12-31', recurrence: 'FREQ=YEARLY' });
    const { mutations, user } = show(general, {
      'GET /api/users/assignees': ok([BOB]),
      'PUT /api/tasks/13': ok({ ...general, title: 'Yearly access review' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Yearly access review');
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'Does not repeat');
    await user.clear(within(dialog).getByLabelText('Due date'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/tasks/13',
      // What was cleared is sent as '' (a null would be left out, and an edit keeps what is left out).
      body: { title: 'Yearly access review', description: 'Every account', due_date: '', assigned_to_user_id: 'u-bob', assigned_to_group_id: '', recurrence: '' },
    });
  });

  it("removes a general task's link with Remove link (sent as '')", async () => {
    signIn(BASE);
    const general = generalTask('15', { link: { kind: 'application', id: 'a-1', label: 'shop' } });
    const { mutations, user } = show(general, {
      'GET /api/users/assignees': ok([]),
      'GET /api/apps': ok([]),
      'PUT /api/tasks/15': ok({ ...general, link: null }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Links to')).toHaveValue('application');
    await user.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    expect(within(dialog).getByLabelText('Links to')).toHaveValue('');
    expect(within(dialog).queryByRole('button', { name: 'Remove link' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0]).toMatchObject({ method: 'PUT', path: '/api/tasks/15', body: { link: '' } });
  });

  it("a general task someone else made is not edited without assign=>Task", async () => {
    signIn(BASE);
    show(generalTask('14', { created_by: BOB, assigned_to_user: BOB }));
    await verdict('Only Bob Reviewer may act on this task.');
    expect(toolbar()).not.toBeInTheDocument();
  });
});
