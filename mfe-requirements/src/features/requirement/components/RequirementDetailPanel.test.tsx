import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../../testing/fakeApi';
import { detail, requirement, task } from '../../../testing/fixtures';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { RequirementDetailPanel } from './RequirementDetailPanel';
import { AUTHOR, REVIEWER, signInEachTestAt } from '../../../testing/session';

const HAS_CHILDREN = 'A requirement with sub-requirements cannot be deleted.';

function api(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/requirements/r1': {
      body: detail(1, {
        title: 'Access control',
        description: '## Scope\n\nAll **admins**. <script>alert(1)</script>',
        ancestors: [{ id: 'r0', code: 'REQ-0', title: 'Security' }],
        children_count: 1,
        tags: ['iso27001'],
        due_date: '2099-01-31',
      }),
    },
    'GET /api/requirements': { body: { items: [requirement(2, { parent_id: 'r1', title: 'MFA' })], total: 1 } },
    'GET /api/requirements/r1/events': {
      body: [
        { eventId: 'e1', type: 'Add', requirement: { id: 'r1', code: 'REQ-1', title: 'Access control' }, actor: AUTHOR, time: '2026-11-01T10:00:00.000Z', data: {} },
        { eventId: 'e2', type: 'Reject Review', requirement: { id: 'r1', code: 'REQ-1', title: 'Access control' }, actor: REVIEWER, time: '2026-11-02T10:00:00.000Z', data: { comment: 'Too vague' } },
      ],
    },
    'GET /api/requirements/r1/comments': { body: [] },
    'GET /api/requirements/r1/attachments': { body: [] },
    'GET /api/requirements/r1/duplicates': { body: [] },
    'GET /api/requirements/r1/applications': { body: [] },
    'GET /api/requirements/r1/evidence': { body: [] },
    'GET /api/requirements/r1/compliance': { body: { requirement_id: 'r1', status: null, since: null, evaluated_at: null, checks: [], history: [] } },
    'GET /api/apps': { body: [] },
    'GET /api/tasks': { body: [] },
    ...overrides,
  } as Parameters<typeof fakeApi>[0]);
}

signInEachTestAt('/requirements?id=r1');

describe('RequirementDetailPanel', () => {
  it('shows the rendered description, fields, ancestors, children and history', async () => {
    api();
    const { container } = renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    const panel = await screen.findByRole('group', { name: 'REQ-1 Access control' });
    expect(within(panel).getByRole('navigation', { name: 'Ancestors' })).toHaveTextContent('REQ-0');
    expect(within(panel).getByRole('link', { name: 'REQ-0' })).toHaveAttribute('href', '/requirements?id=r0');
    const description = within(panel).getByRole('region', { name: 'Description' });
    expect(await within(description).findByRole('heading', { name: 'Scope' })).toBeInTheDocument();
    expect(within(description).getByText('admins').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(panel).toHaveTextContent('iso27001');
    expect(await within(panel).findByRole('link', { name: 'REQ-2 · MFA' })).toHaveAttribute('href', '/requirements?id=r2');
    const history = await within(panel).findByRole('list', { name: 'History' });
    expect(within(history).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Add by Ada Author · /),
      expect.stringMatching(/^Reject Review by Rex Reviewer · .* “Too vague”$/),
    ]);
  });

  it('proposes its near-duplicates with score and shared terms, and dismisses one', async () => {
    const pair = { a: { id: 'r1', code: 'REQ-1', title: 'Access control' }, b: { id: 'r7', code: 'REQ-7', title: 'Control of access' }, score: 0.82, shared_terms: ['access', 'control'] };
    const { mutations } = api({
      'GET /api/requirements/r1/duplicates': [{ body: [pair] }, { body: [] }],
      'POST /api/requirements/duplicates/dismiss': { status: 204 },
    });
    const { user } = renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    // The panel is long: on a busy machine its last sections take more than the default second.
    const candidate = await screen.findByRole('listitem', { name: 'Possible duplicates REQ-1 and REQ-7' }, { timeout: 5000 });
    expect(candidate).toHaveTextContent('Similarity 82%');
    expect(candidate).toHaveTextContent('Shared terms: access, control');
    await user.click(within(candidate).getByRole('button', { name: 'Not a duplicate: REQ-1 and REQ-7' }));
    expect(await screen.findByText('No similar requirement found.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(mutations()).toEqual([expect.objectContaining({ path: '/api/requirements/duplicates/dismiss', body: { a_id: 'r1', b_id: 'r7' } })]);
  });

  it('names the applications that implement it: an author adds one of the process and removes one', async () => {
    const portal = { id: 'a1', app_key: 'portal', name: 'Customer portal' };
    const mobile = { id: 'a2', app_key: 'mobile', name: 'mobile' };
    const { mutations } = api({
      'GET /api/requirements/r1/applications': [{ body: [portal] }, { body: [portal, mobile] }, { body: [mobile] }],
      'GET /api/apps': { body: [portal, mobile] },
      'PUT /api/requirements/r1/applications/a2': { body: [portal, mobile] },
      'DELETE /api/requirements/r1/applications/a1': { body: [mobile] },
    });
    const { user } = renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    const section = await screen.findByRole('region', { name: 'Applications' }, { timeout: 5000 });
    expect(await within(section).findByRole('list', { name: 'Implementing applications' }, { timeout: 5000 })).toHaveTextContent('portal Customer portal');
    const choice = within(section).getByRole('combobox', { name: 'Application' });
    await within(section).findByRole('option', { name: 'mobile' });
    expect(within(section).queryByRole('option', { name: 'portal' })).not.toBeInTheDocument();
    await user.selectOptions(choice, 'a2');
    await user.click(within(section).getByRole('button', { name: 'Add application' }));
    await within(section).findByRole('button', { name: 'Remove mobile' });
    await user.click(within(section).getByRole('button', { name: 'Remove portal' }));
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Remove portal' })).not.toBeInTheDocument());
    expect(mutations().map(({ method, path }) => `${method} ${path}`)).toEqual(['PUT /api/requirements/r1/applications/a2', 'DELETE /api/requirements/r1/applications/a1']);
  });

  it('lists its evidence: the shared files linked to it, each a link to the file in Shared Files', async () => {
    api({
      'GET /api/requirements/r1/evidence': {
        body: [{ id: 'd1', folder: 'audits', name: 'review-q1.pdf', current_version: 2, content_type: 'application/pdf', linked_by: null, linked_at: '2026-05-01T09:00:00.000Z' }],
      },
    });
    renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    const section = await screen.findByRole('region', { name: 'Evidence' }, { timeout: 5000 });
    const link = await within(section).findByRole('link', { name: 'audits/review-q1.pdf' });
    expect(link).toHaveAttribute('href', '/collaboration/share-files?document=d1');
    expect(section).toHaveTextContent('v2');
  });

  it("deletes only after the typed confirmation and shows the API's refusal", async () => {
    const { mutations } = api({ 'DELETE /api/requirements/r1': { status: 409, problem: { detail: HAS_CHILDREN } } });
    const { user } = renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete REQ-1?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox'), 'delete');
    await user.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(HAS_CHILDREN);
    expect(mutations()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/requirements/r1', query: { graph: 'core' } })]);
  });

  it('submits for review to a chosen reviewer and adds a comment', async () => {
    const { mutations } = api({
      'GET /api/users/assignees': { body: [REVIEWER] },
      'GET /api/workgroups': { body: [] },
      'POST /api/requirements/r1/submit': { status: 201, body: {} },
      'POST /api/requirements/r1/comments': { status: 201, body: {} },
    });
    const { user } = renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit REQ-1 for review' });
    const reviewer = within(dialog).getByRole('combobox', { name: 'Reviewer' });
    await within(dialog).findByRole('option', { name: 'Rex Reviewer (rex)' });
    await user.selectOptions(reviewer, 'u-reviewer');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Comment' }), 'Please look at the scope.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit REQ-1 for review' })).not.toBeInTheDocument());
    // Focus is back on the button that opened the dialog (WCAG 2.4.3).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit for review' })).toHaveFocus());

    await fill(user, screen.getByRole('textbox', { name: 'New comment' }), 'Looks good');
    await user.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(mutations().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
        { method: 'POST', path: '/api/requirements/r1/submit', body: { reviewer_id: 'u-reviewer', comment: 'Please look at the scope.' } },
        { method: 'POST', path: '/api/requirements/r1/comments', body: { text: 'Looks good' } },
      ]),
    );
  });

  it("offers the implementer's task on the requirement: progress updated through the task", async () => {
    const { mutations, calls } = api({
      'GET /api/tasks': { body: [task('t2', { type: 'DELEGATE', progress: 20, requirement: { id: 'r1', code: 'REQ-1', title: 'Access control' } })] },
      'PATCH /api/tasks/t2/progress': { body: task('t2', { type: 'DELEGATE', progress: 60 }) },
    });
    const { user } = renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    const mine = await screen.findByRole('region', { name: 'Your tasks' });
    expect(mine).toHaveTextContent('Implement · due — · 20 %');
    expect(within(mine).getByRole('link', { name: 'View task' })).toHaveAttribute('href', '/view-task?id=t2');
    await user.click(within(mine).getByRole('button', { name: 'Update progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update progress of REQ-1' });
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Progress (%)' }), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save progress' }));
    await waitFor(() => expect(mutations()).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/tasks/t2/progress', body: { progress: 60 } })]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(mine).getByRole('button', { name: 'Update progress' })).toHaveFocus());
    expect(calls.find((call) => call.path === '/api/tasks')?.query).toEqual({ graph: 'core', mine: 'true', requirement: 'r1', status: 'OPEN' });
  });

  it('shows a READER no action, and a deleted requirement read-only', async () => {
    setPermissionChecker((permission) => permission.startsWith('list=>') || permission.startsWith('view=>'));
    api();
    const first = renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    await screen.findByRole('group', { name: 'REQ-1 Access control' });
    expect(screen.queryByRole('toolbar', { name: 'Requirement actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New comment' })).not.toBeInTheDocument();
    expect(await screen.findByText('No application implements it yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add application' })).not.toBeInTheDocument();
    first.unmount();

    setPermissionChecker(null);
    api({ 'GET /api/requirements/r1': { body: detail(1, { deleted_at: '2026-11-05T10:00:00.000Z' }) } });
    renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    const panel = await screen.findByRole('group', { name: 'REQ-1 Requirement 1' });
    expect(within(panel).getByText('Deleted')).toBeInTheDocument();
    expect(within(panel).getByText(/shown read-only/)).toBeInTheDocument();
    expect(within(panel).queryByRole('toolbar', { name: 'Requirement actions' })).not.toBeInTheDocument();
  });

  it('offers no attach, edit or comment action on a deleted requirement, even with every permission', async () => {
    setPermissionChecker(null);
    const attachment = { id: 'a1', requirement_id: 'r1', name: 'policy.pdf', size: 2048, content_type: 'application/pdf', uploaded_by: AUTHOR, created_at: '2026-11-01T10:00:00.000Z' };
    api({
      'GET /api/requirements/r1': { body: detail(1, { deleted_at: '2026-11-05T10:00:00.000Z' }) },
      'GET /api/requirements/r1/attachments': { body: [attachment] },
      'GET /api/requirements/r1/comments': { body: [{ id: 'c1', requirement: { id: 'r1', code: 'REQ-1', title: 'Requirement 1' }, author: REVIEWER, text: 'Earlier remark', created_at: '2026-11-02T10:00:00.000Z' }] },
    });
    renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    const panel = await screen.findByRole('group', { name: 'REQ-1 Requirement 1' });
    // What it had stays readable: its attachment (downloadable) and its comments.
    expect(await within(panel).findByRole('row', { name: /policy\.pdf/ })).toBeInTheDocument();
    expect(await within(panel).findByText('Earlier remark')).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Attach a file')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Delete policy\.pdf/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Modify' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: 'New comment' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Add application' })).not.toBeInTheDocument();
  });

  it('offers attach, edit and comment on a live requirement', async () => {
    setPermissionChecker(null);
    const attachment = { id: 'a1', requirement_id: 'r1', name: 'policy.pdf', size: 2048, content_type: 'application/pdf', uploaded_by: AUTHOR, created_at: '2026-11-01T10:00:00.000Z' };
    api({ 'GET /api/requirements/r1/attachments': { body: [attachment] } });
    renderScreen(<RequirementDetailPanel graph="core" id="r1" onClose={() => undefined} />);
    const panel = await screen.findByRole('group', { name: 'REQ-1 Access control' });
    expect(await within(panel).findByRole('row', { name: /policy\.pdf/ })).toBeInTheDocument();
    expect(within(panel).getByLabelText('Attach a file')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /^Delete policy\.pdf/ })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Modify' })).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'New comment' })).toBeInTheDocument();
  });
});
