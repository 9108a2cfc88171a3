// /workflow: the states with their counts and moves, and the board whose cards move only where
// the workflow and task authorization allow (the request sent, or the reason shown).
import { fakeApi, ok, renderRoute, type FakeCall } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxTask } from '@portal/shared/collaboration';
import { BOB, counts, page, task } from '../../../testing/fixtures';
import { signIn, signInEachTest } from '../../../testing/sessions';
import { WorkflowScreen } from './WorkflowScreen';

signInEachTest();

const BASE = ['list=>Task', 'view=>Task', 'list=>Requirement'];
const COUNTS = { DRAFT: 3, IN_REVIEW: 2, REJECTED: 0, ACCEPTED: 0, IN_PROGRESS: 5, COMPLETED: 7, FAILED: 1 };

function show(open: InboxTask[], permissions = BASE) {
  signIn(permissions);
  const byStatus = (call: FakeCall) => ok(call.query.status === 'OPEN' ? page(open) : page([]));
  const api = fakeApi({
    'GET /api/statistics/dashboard': ok({ by_status: COUNTS }),
    'GET /api/tasks/inbox': byStatus,
    // A column's total is the 'all' count of its state.
    'GET /api/tasks/inbox/counts': (call) => ok(counts({ all: call.query.status === 'OPEN' ? open.length : 0 })),
    'GET /api/workgroups/myMembership': ok([]),
    'PATCH /api/tasks/d1/progress': ok(task('d1', { type: 'DELEGATE', status: 'COMPLETED' })),
    'POST /api/tasks/d1/fail': ok(task('d1', { type: 'DELEGATE', status: 'FAILED' })),
  });
  return { ...api, ...renderRoute(WorkflowScreen, '/workflow', '/workflow') };
}

const delegation = task('d1', { type: 'DELEGATE', title: 'Implement RQ-1 Password length' });
const othersReview = task('r2', { title: 'Review RQ-2 Session timeout', assigned_to_user: BOB });

describe('/workflow', () => {
  it('draws each state with how many requirements it holds, linked to the depository, and lists the moves', async () => {
    show([]);
    // Each state's name is what it shows (the state, its count), with "requirements" for screen readers.
    const inProgress = await screen.findByRole('link', { name: /^In progress\s*5 requirements$/ });
    expect(inProgress).toHaveAttribute('href', '/requirements?status=IN_PROGRESS');
    expect(screen.getByRole('link', { name: /^Completed\s*7 requirements$/ })).toBeInTheDocument();
    const moves = within(screen.getByRole('table', { name: 'Workflow moves' }));
    expect(moves.getAllByRole('row').map((row) => row.textContent)).toContain('Reject ReviewIn reviewRejecteda reviewer (review task)');
  });

  it('says why the counts are missing for a role that does not list requirements', async () => {
    const { calls } = show([], ['list=>Task', 'view=>Task']);
    expect(await screen.findByText(/Your role does not list requirements/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Draft\s*– \(count unknown\)$/ })).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/statistics/dashboard')).toBe(false);
  });

  it('shows the tasks by state with their totals and an empty column said so', async () => {
    show([delegation, othersReview]);
    const openColumn = within(await screen.findByRole('listitem', { name: 'Open tasks' }));
    expect(await openColumn.findByRole('link', { name: 'Implement RQ-1 Password length' })).toHaveAttribute('href', '/view-task?id=d1');
    expect(openColumn.getByText('open tasks', { exact: false }).parentElement).toHaveTextContent(/^2 open tasks$/);
    expect(within(screen.getByRole('listitem', { name: 'Failed tasks' })).getByText('No failed tasks')).toBeInTheDocument();
  });

  it('completes my delegation from its Move to menu (100 %), and fails it with the comment asked for', async () => {
    const { mutations } = show([delegation]);
    const menu = await screen.findByRole('combobox', { name: 'Move Implement RQ-1 Password length to' });
    await userEvent.selectOptions(menu, 'COMPLETED');
    await waitFor(() => expect(mutations()).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/tasks/d1/progress', body: { progress: 100 } })]));

    await userEvent.selectOptions(menu, 'FAILED');
    const dialog = within(await screen.findByRole('dialog', { name: 'Fail Implement RQ-1 Password length' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Comment/ }), 'Vendor cannot deliver');
    await userEvent.click(dialog.getByRole('button', { name: 'Fail task' }));
    await waitFor(() => expect(mutations()[1]).toEqual(expect.objectContaining({ method: 'POST', path: '/api/tasks/d1/fail', body: { comment: 'Vendor cannot deliver' } })));
  });

  it("offers no move on someone else's task: its card cannot be dragged", async () => {
    show([othersReview]);
    const card = await screen.findByLabelText('Review RQ-2 Session timeout');
    expect(card).toHaveAttribute('draggable', 'false');
    expect(within(card).queryByRole('combobox')).toBeNull();
  });
});
