import { fakeApi, fill, ok, problem, renderRoute } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { AUDITORS, BOB, comment, generalTask, historyEntry, task } from '../../../testing/fixtures';
import { signInEachTest } from '../../../testing/sessions';
import { ViewTaskScreen } from './ViewTaskScreen';

signInEachTest();

const open = (id: string) => renderRoute(ViewTaskScreen, '/view-task', `/view-task?id=${id}`);

describe('/view-task', () => {
  it('shows what the task is about with links to its pages, who holds it, its history and comments', async () => {
    fakeApi({
      'GET /api/tasks/1': ok(task('1', { type: 'RESOLVE_REJECTED', title: 'Resolve the rejection of RQ-1', assigned_to_group: AUDITORS, progress: 40, comment: 'Too vague.', overdue: true })),
      'GET /api/tasks/1/events': ok([historyEntry('e1', 'New'), historyEntry('e2', 'Update Progress', { data: { progress: 40 }, actor: null })]),
      'GET /api/tasks/1/comments': ok([comment('c1', 'Which length?')]),
      'GET /api/workgroups/myMembership': ok([]),
    });
    open('1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resolve the rejection of RQ-1' })).toBeInTheDocument();
    const details = screen.getByLabelText('Task details');
    expect(within(details).getByRole('link', { name: 'RQ-1 Password length' })).toHaveAttribute('href', '/requirements?id=r-1');
    expect(details).toHaveTextContent('KindResolve rejection');
    expect(details).toHaveTextContent('StateOpen Overdue');
    expect(details).toHaveTextContent('Assigned toAda Author');
    expect(details).toHaveTextContent('WorkgroupAuditors');
    expect(details).toHaveTextContent('Due date12/01/2026');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Too vague.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Modify the requirement' })).toHaveAttribute('href', '/requirements/modify?id=r-1');
    const history = await screen.findByRole('list', { name: 'History' });
    expect(within(history).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Opened by Bob Reviewer$/),
      expect.stringMatching(/Progress updated to 40 %$/),
    ]);
    expect(within(await screen.findByRole('list', { name: 'Comments' })).getByText('Which length?')).toBeInTheDocument();
  });

  it("shows a general task's link, description and recurrence", async () => {
    fakeApi({
      'GET /api/tasks/2': ok(generalTask('2', { description: 'Every admin account', link: { kind: 'application', id: 'a-1', label: 'shop' }, recurrence: 'FREQ=WEEKLY;BYDAY=MO' })),
      'GET /api/tasks/2/events': ok([]),
      'GET /api/tasks/2/comments': ok([]),
      'GET /api/workgroups/myMembership': ok([]),
    });
    open('2');
    expect(await screen.findByRole('link', { name: 'shop' })).toHaveAttribute('href', '/applications/shop');
    expect(screen.getByText('Every admin account')).toBeInTheDocument();
    expect(screen.getByText('FREQ=WEEKLY;BYDAY=MO')).toBeInTheDocument();
    expect(await screen.findByText('No events yet.')).toBeInTheDocument();
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
  });

  it('adds a comment and reads the comments again', async () => {
    const { mutations } = fakeApi({
      'GET /api/tasks/3': ok(task('3', { assigned_to_user: BOB })),
      'GET /api/tasks/3/events': ok([]),
      'GET /api/tasks/3/comments': [ok([]), ok([comment('c2', 'On it.', BOB)])],
      'GET /api/workgroups/myMembership': ok([]),
      'POST /api/tasks/3/comments': ok(comment('c2', 'On it.', BOB), 201),
    });
    const { user } = open('3');
    await screen.findByText('No comments yet.');
    const form = screen.getByRole('form', { name: 'Add a comment' });
    expect(within(form).getByRole('button', { name: 'Add comment' })).toBeDisabled();
    await fill(user, within(form).getByLabelText('Comment'), 'On it.');
    await user.click(within(form).getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('On it.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Comment')).toHaveValue('');
    await waitFor(() => expect(mutations()).toEqual([{ method: 'POST', path: '/api/tasks/3/comments', query: { graph: 'core' }, body: { text: 'On it.' } }]));
  });

  it("opens the task an older notification or mail names (?task=)", async () => {
    fakeApi({
      'GET /api/tasks/5': ok(generalTask('5')),
      'GET /api/tasks/5/events': ok([]),
      'GET /api/tasks/5/comments': ok([]),
      'GET /api/workgroups/myMembership': ok([]),
    });
    renderRoute(ViewTaskScreen, '/view-task', '/view-task?task=5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly access review 5' })).toBeInTheDocument();
  });

  it('says when the task does not exist in this process', async () => {
    fakeApi({ 'GET /api/tasks/404': problem(404, 'Not found.'), 'GET /api/workgroups/myMembership': ok([]) });
    open('404');
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
  });
});
