import { history } from '@portal/shared';
import { fakeApi, fill, ok, problem, renderRoute, type FakeCall } from '@portal/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { counts, generalTask, page, task } from '../../../testing/fixtures';
import { signIn, signInEachTest } from '../../../testing/sessions';
import { TasksInboxScreen } from './TasksInboxScreen';

signInEachTest();

const PATH = '/collaboration/tasks';
const open = (location = PATH) => renderRoute(TasksInboxScreen, PATH, location);
const where = () => `${history.location.pathname}${history.location.search}`;
const inboxCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/tasks/inbox');
const rows = () => within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem');

function inbox(
  answer: (call: FakeCall) => ReturnType<typeof ok> = () => ok(page([task('1'), task('2', { title: 'Close the gap of RQ-2', type: 'HAS_GAP', overdue: true })])),
  assigned = 2,
) {
  return fakeApi({
    'GET /api/tasks/inbox': answer,
    'GET /api/tasks/inbox/counts': ok(counts({ assigned, workgroups: 0, created: 5, all: 40 })),
    'GET /api/users/assignees': ok([]),
  });
}

describe('the tasks inbox', () => {
  it('shows the tasks assigned to me with the count of every tab, a page at a time from the server', async () => {
    const { calls } = inbox();
    open();
    expect(await screen.findByRole('link', { name: 'Review RQ-1 Password length' })).toHaveAttribute('href', '/view-task?id=1');
    expect(screen.getByRole('tab', { name: 'Assigned to me (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'My workgroups (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Created by me (5)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (40)' })).toBeInTheDocument();
    expect(rows()[1]).toHaveTextContent('Close the gap of RQ-2');
    expect(rows()[1]).toHaveTextContent('Overdue');
    expect(rows()[0]).toHaveTextContent('Review · RQ-1 Password length · Ada Author');
    expect(screen.getByText('Showing 2 of 2 tasks')).toBeInTheDocument();
    expect(inboxCalls(calls)[0]!.query).toEqual({ graph: 'core', tab: 'assigned', status: 'OPEN', sort: 'due_date', order: 'asc', limit: '50' });
    expect(calls.find((call) => call.path === '/api/tasks/inbox/counts')!.query).toEqual({ graph: 'core', status: 'OPEN' });
  });

  it('offers "All" only to whom may list every task', async () => {
    signIn(['view=>Task']);
    const { calls } = fakeApi({
      'GET /api/tasks/inbox': ok(page([])),
      'GET /api/tasks/inbox/counts': ok(counts({ assigned: 0, all: null })),
      'GET /api/users/assignees': ok([]),
    });
    // A link to "all" shows their own tasks instead.
    open(`${PATH}?tab=all`);
    expect(await screen.findByText('Nothing assigned to you')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Assigned to me (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /^All/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New task' })).not.toBeInTheDocument();
    expect(inboxCalls(calls).map((call) => call.query.tab)).toEqual(['assigned']);
  });

  it("switches tabs, and says what each empty tab is for", async () => {
    const { calls } = inbox((call) => ok(page(call.query.tab === 'workgroups' ? [] : [task('1')])));
    const { user } = open();
    await screen.findByRole('link', { name: 'Review RQ-1 Password length' });
    await user.click(screen.getByRole('tab', { name: 'My workgroups (0)' }));
    expect(await screen.findByText('Nothing for your workgroups')).toBeInTheDocument();
    expect(where()).toBe('/collaboration/tasks?tab=workgroups');
    expect(inboxCalls(calls).at(-1)!.query.tab).toBe('workgroups');
  });

  it('filters by kind, state, due date and assignee, and searches when the typing pauses', async () => {
    const { calls } = fakeApi({
      'GET /api/tasks/inbox': (call) => ok(page(call.query.q === 'zzz' ? [] : [task('1')])),
      'GET /api/tasks/inbox/counts': ok(counts()),
      'GET /api/users/assignees': ok([{ id: 'u-bob', login_id: 'bob', name: 'Bob Reviewer' }]),
    });
    const { user } = open();
    await screen.findByRole('link', { name: 'Review RQ-1 Password length' });
    await user.selectOptions(screen.getByLabelText('Kind'), 'Close gap');
    await user.selectOptions(screen.getByLabelText('State'), 'Any state');
    await user.selectOptions(screen.getByLabelText('Due'), 'Overdue');
    await screen.findByRole('option', { name: 'Bob Reviewer' });
    await user.selectOptions(screen.getByLabelText('Assignee'), 'Bob Reviewer');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Title');
    await user.click(screen.getByRole('button', { name: 'Ascending order; sort descending' }));
    await waitFor(() => expect(where()).toBe('/collaboration/tasks?type=HAS_GAP&status=any&due=overdue&assignee=u-bob&sort=title&order=desc'));
    await fill(user, screen.getByLabelText('Search tasks'), 'zzz');
    expect(await screen.findByText('No tasks match')).toBeInTheDocument();
    expect(inboxCalls(calls).at(-1)!.query).toEqual({ graph: 'core', tab: 'assigned', type: 'HAS_GAP', due: 'overdue', assignee: 'u-bob', q: 'zzz', sort: 'title', order: 'desc', limit: '50' });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/collaboration/tasks?sort=title&order=desc'));
  });

  it('filters by a requirement found by code or title, named when the address holds it', async () => {
    const { calls } = fakeApi({
      'GET /api/tasks/inbox': ok(page([task('7')])),
      'GET /api/tasks/inbox/counts': ok(counts()),
      'GET /api/users/assignees': ok([]),
      'GET /api/requirements': ok({ items: [{ id: 'r-7', code: 'RQ-7', title: 'Access review' }], total: 1 }),
      'GET /api/requirements/r-7': ok({ id: 'r-7', code: 'RQ-7', title: 'Access review' }),
    });
    const { user } = open();
    await screen.findByRole('link', { name: 'Review RQ-7 Password length' });
    await fill(user, screen.getByLabelText('Requirement'), 'RQ-7');
    await user.click(await screen.findByRole('button', { name: 'RQ-7 Access review' }));
    await waitFor(() => expect(where()).toBe('/collaboration/tasks?requirement=r-7'));
    expect(await screen.findByText('RQ-7 Access review')).toBeInTheDocument();
    await waitFor(() => expect(inboxCalls(calls).at(-1)!.query.requirement).toBe('r-7'));
    await user.click(screen.getByRole('button', { name: 'Clear requirement' }));
    await waitFor(() => expect(where()).toBe('/collaboration/tasks'));
  });

  it('reads the next page from the server on "Load more"', async () => {
    const { calls } = inbox((call) => (call.query.cursor === 'c2' ? ok(page([task('3')])) : ok(page([task('1'), task('2')], 'c2'))), 3);
    const { user } = open();
    expect(await screen.findByText('Showing 2 of 3 tasks')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 3 of 3 tasks')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(inboxCalls(calls).at(-1)!.query.cursor).toBe('c2');
  });

  it('says why the list failed and reads it again on Try again', async () => {
    inbox(() => problem(500, 'The server failed.'));
    const { user } = open();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed.');
    inbox();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Review RQ-1 Password length' })).toBeInTheDocument();
  });
});

describe('the inbox keyboard', () => {
  it('moves the selection with j and k, opens with Enter and assigns with a', async () => {
    inbox(() => ok(page([task('1'), task('2'), task('3')])));
    const { user } = open();
    await screen.findByRole('link', { name: 'Review RQ-1 Password length' });
    const current = () => rows().findIndex((row) => row.getAttribute('aria-current') === 'true');
    expect(current()).toBe(-1);
    await user.keyboard('j');
    expect(current()).toBe(0);
    await user.keyboard('jjj');
    expect(current()).toBe(2);
    await user.keyboard('k');
    expect(current()).toBe(1);
    await user.keyboard('a');
    expect(where()).toBe('/assign-task?id=2');
    history.back();
    await waitFor(() => expect(where()).toBe('/collaboration/tasks'));
  });

  it('opens the selected task with Enter', async () => {
    inbox(() => ok(page([task('1'), task('2')])));
    const { user } = open();
    await screen.findByRole('link', { name: 'Review RQ-1 Password length' });
    await user.keyboard('jj{Enter}');
    expect(where()).toBe('/view-task?id=2');
  });

  it('leaves the keys to a field being typed in, and a does nothing without the assign permission', async () => {
    signIn(['list=>Task', 'view=>Task']);
    inbox(() => ok(page([task('1'), task('2')])));
    const { user } = open();
    await screen.findByRole('link', { name: 'Review RQ-1 Password length' });
    await user.click(screen.getByLabelText('Search tasks'));
    await user.keyboard('j');
    expect(rows().some((row) => row.getAttribute('aria-current') === 'true')).toBe(false);
    expect(screen.getByLabelText('Search tasks')).toHaveValue('j');
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('ja');
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');
    expect(where()).toMatch(/^\/collaboration\/tasks/);
  });
});

describe('a new general task', () => {
  it('is created with title, due date, assignee, link and a quarterly recurrence, then opened', async () => {
    const { mutations } = fakeApi({
      'GET /api/tasks/inbox': ok(page([])),
      'GET /api/tasks/inbox/counts': ok(counts()),
      'GET /api/users/assignees': ok([{ id: 'u-bob', login_id: 'bob', name: 'Bob Reviewer' }]),
      'GET /api/requirements': ok({ items: [{ id: 'r-7', code: 'RQ-7', title: 'Access review' }], total: 1 }),
      'POST /api/tasks': ok(generalTask('9', { title: 'Quarterly access review' }), 201),
    });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    expect(within(dialog).getByText('Required.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Quarterly access review');
    await fill(user, within(dialog).getByLabelText('Due date'), '2026-12-31');
    await user.selectOptions(within(dialog).getByLabelText('Assign to'), 'A person');
    await user.selectOptions(within(dialog).getByLabelText('Person'), await within(dialog).findByRole('option', { name: 'Bob Reviewer (bob)' }));
    await user.selectOptions(within(dialog).getByLabelText('Links to'), 'A requirement');
    await fill(user, within(dialog).getByLabelText('Linked requirement'), 'access');
    await user.click(await within(dialog).findByRole('button', { name: 'RQ-7 Access review' }));
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'Quarterly');
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(where()).toBe('/view-task?id=9'));
    expect(mutations()).toEqual([
      {
        method: 'POST',
        path: '/api/tasks',
        query: { graph: 'core' },
        body: {
          title: 'Quarterly access review',
          description: '',
          due_date: '2026-12-31',
          assigned_to_user_id: 'u-bob',
          link: { kind: 'requirement', id: 'r-7' },
          recurrence: 'FREQ=MONTHLY;INTERVAL=3',
        },
      },
    ]);
    expect(snackbars).toContain('Task “Quarterly access review” created.');
  });

  it("links to a finding by its own id, read from its build's findings", async () => {
    const { mutations } = fakeApi({
      'GET /api/tasks/inbox': ok(page([])),
      'GET /api/tasks/inbox/counts': ok(counts()),
      'GET /api/users/assignees': ok([]),
      'GET /api/apps/vulnerabilities/search': ok([
        { vulnerability_id: 'CVE-2021-23337', aliases: [], severity: 'HIGH', score: 7.2, active_exploit: false, summary: null, app_key: 'shop', build_id: 'b2', build_number: 2, bom_ref: 'pkg:npm/lodash@4.17.15', name: 'lodash', version: '4.17.15', purl: null },
      ]),
      'POST /api/apps/shop/builds/b2/vulnerabilities': ok({
        items: [
          { id: 'f-other', vulnerability_id: 'CVE-2021-23337', component: { bom_ref: 'pkg:npm/lodash@4.17.11' } },
          { id: 'f-lodash', vulnerability_id: 'CVE-2021-23337', component: { bom_ref: 'pkg:npm/lodash@4.17.15' } },
        ],
        total: 2,
      }),
      'POST /api/tasks': ok(generalTask('9'), 201),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Patch lodash');
    await user.selectOptions(within(dialog).getByLabelText('Links to'), 'A finding');
    await fill(user, within(dialog).getByLabelText('Linked finding'), 'CVE-2021');
    await user.click(await within(dialog).findByRole('button', { name: 'CVE-2021-23337 in shop (lodash)' }));
    expect(await within(dialog).findByText('CVE-2021-23337 in shop (lodash)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(mutations().at(-1)!.path).toBe('/api/tasks'));
    expect(mutations()[0]).toMatchObject({ path: '/api/apps/shop/builds/b2/vulnerabilities', body: { search: 'CVE-2021-23337' } });
    expect(mutations().at(-1)!.body).toEqual({ title: 'Patch lodash', description: '', link: { kind: 'finding', id: 'f-lodash' } });
  });

  it('checks a custom rule and its due date, and shows the server\'s refusal in the dialog', async () => {
    fakeApi({
      'GET /api/tasks/inbox': ok(page([])),
      'GET /api/tasks/inbox/counts': ok(counts()),
      'GET /api/users/assignees': ok([]),
      'POST /api/tasks': { status: 400, problem: { detail: 'The recurrence is not a valid RFC 5545 rule.' } },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'New task' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await fill(user, within(dialog).getByLabelText(/^Title/), 'Rotate keys');
    await user.selectOptions(within(dialog).getByLabelText('Repeats'), 'Custom rule (RRULE)');
    await fill(user, within(dialog).getByLabelText(/^Recurrence rule/), 'every tuesday');
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    expect(within(dialog).getByText('Write an RFC 5545 rule, e.g. FREQ=MONTHLY;INTERVAL=3.')).toBeInTheDocument();
    expect(within(dialog).getByText('A recurring task needs a due date: the series starts there.')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Due date'), '2026-12-01');
    await fill(user, within(dialog).getByLabelText(/^Recurrence rule/), 'FREQ=WEEKLY;BYDAY=TU;BYSETPOS=9');
    await user.click(within(dialog).getByRole('button', { name: 'Create task' }));
    expect(await within(dialog).findByText('The recurrence is not a valid RFC 5545 rule.')).toBeInTheDocument();
  });
});
