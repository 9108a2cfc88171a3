import { history, ROUTES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeCall } from '../../../testing/fakeApi';
import { detail, task } from '../../../testing/fixtures';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { ReviewScreen } from './ReviewScreen';
import { AUTHOR, IMPLEMENTER, REVIEWER, signIn } from '../../../testing/session';

const route = ROUTES.find((candidate) => candidate.path === '/review-requirement')!;
const review = task('t1');
const implement = task('t2', { type: 'DELEGATE', assigned_to_user: null, delegated_to: IMPLEMENTER, progress: 40, requirement: { id: 'r2', code: 'REQ-2', title: 'Requirement 2' } });
const resolve = task('t3', { type: 'RESOLVE_REJECTED', assigned_to_user: AUTHOR, comment: 'Too vague', requirement: { id: 'r3', code: 'REQ-3', title: 'Requirement 3' } });
const free = task('t4', { assigned_to_user: null, requirement: { id: 'r4', code: 'REQ-4', title: 'Requirement 4' } });

function tasks(call: FakeCall) {
  if (call.query.mine !== 'true') return { body: [free, review] };
  if (call.query.type === 'REVIEW') return { body: [review] };
  return { body: [review, implement, resolve] };
}

const requirementRoutes = Object.fromEntries(
  [1, 2, 3, 4].flatMap((n) => [
    [`GET /api/requirements/r${n}`, { body: detail(n) }],
    [`GET /api/requirements/r${n}/events`, { body: [] }],
    [`GET /api/requirements/r${n}/comments`, { body: [] }],
    [`GET /api/requirements/r${n}/attachments`, { body: [] }],
  ]),
);

beforeEach(() => {
  signIn(REVIEWER);
  history.replace('/review-requirement');
});

describe('ReviewScreen', () => {
  it('lists my reviews, the unassigned ones and my other open tasks', async () => {
    const { calls } = fakeApi({ 'GET /api/tasks': tasks });
    renderScreen(<ReviewScreen route={route} />);
    const reviews = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(reviews).getAllByRole('listitem')).toHaveLength(1);
    expect(reviews).toHaveTextContent('REQ-1 Requirement 1');
    expect(await screen.findByRole('list', { name: 'Unassigned reviews' })).toHaveTextContent('REQ-4 Requirement 4');
    const others = await screen.findByRole('list', { name: 'Other tasks' });
    expect(within(others).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('REQ-2 Requirement 2Implement'),
      expect.stringContaining('REQ-3 Requirement 3Resolve rejection'),
    ]);
    expect(calls.find((call) => call.query.type === 'REVIEW' && call.query.mine === 'true')?.query).toEqual({ graph: 'core', mine: 'true', type: 'REVIEW', status: 'OPEN' });
  });

  it('accepts a review and delegates it to an implementer', async () => {
    const { mutations, calls } = fakeApi({
      'GET /api/tasks': tasks,
      ...requirementRoutes,
      'GET /api/users/assignees': { body: [IMPLEMENTER] },
      'POST /api/tasks/t1/accept': { status: 200, body: implement },
    });
    const { user } = renderScreen(<ReviewScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Open Review task of REQ-1 Requirement 1' }));
    expect(history.location.search).toBe('?task=t1');
    await user.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept REQ-1' });
    const submit = within(dialog).getByRole('button', { name: 'Accept and delegate' });
    expect(submit).toBeDisabled();
    await within(dialog).findByRole('option', { name: 'Ivy Implementer (ivy)' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Implementer' }), 'u-impl');
    await user.click(submit);
    await waitFor(() => expect(history.location.search).toBe(''));
    expect(mutations()).toEqual([expect.objectContaining({ path: '/api/tasks/t1/accept', body: { delegate_to_id: 'u-impl' } })]);
    expect(calls.find((call) => call.path === '/api/users/assignees')?.query).toEqual({ graph: 'core', permission: 'updateProgress=>Requirement' });
  });

  it('rejects a review only with a comment', async () => {
    const { mutations } = fakeApi({ 'GET /api/tasks': tasks, ...requirementRoutes, 'POST /api/tasks/t1/reject': { body: resolve } });
    const { user } = renderScreen(<ReviewScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Open Review task of REQ-1 Requirement 1' }));
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject REQ-1' });
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Why is it rejected?' }), 'Too vague');
    await user.click(reject);
    await waitFor(() => expect(mutations()).toEqual([expect.objectContaining({ path: '/api/tasks/t1/reject', body: { comment: 'Too vague' } })]));
  });

  it("updates the implementer's progress and shows the author's rejection to resolve", async () => {
    signIn(IMPLEMENTER);
    const { mutations } = fakeApi({ 'GET /api/tasks': tasks, ...requirementRoutes, 'PATCH /api/tasks/t2/progress': { body: { ...implement, progress: 100 } } });
    const { user } = renderScreen(<ReviewScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Open Implement task of REQ-2 Requirement 2' }));
    await user.click(await screen.findByRole('button', { name: 'Update progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update progress of REQ-2' });
    const progress = within(dialog).getByRole('spinbutton', { name: 'Progress (%)' });
    expect(progress).toHaveValue(40);
    await fill(user, progress, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(mutations()).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/tasks/t2/progress', body: { progress: 100 } })]));

    await user.click(await screen.findByRole('button', { name: 'Open Resolve rejection task of REQ-3 Requirement 3' }));
    const panel = await screen.findByRole('complementary', { name: 'Resolve rejection task of REQ-3' });
    expect(within(panel).getByText('Rejected: Too vague')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Modify' })).toHaveAttribute('href', '/requirements/modify?id=r3');
    expect(within(panel).getByRole('link', { name: 'View task' })).toHaveAttribute('href', expect.stringMatching(/^\/view-task\?id=/));
    expect(within(panel).getByRole('button', { name: 'Resubmit for review' })).toBeInTheDocument();
  });
});
