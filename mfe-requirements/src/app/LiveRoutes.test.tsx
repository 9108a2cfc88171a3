// The remote's one subscription (issue 22 item 3): the screens of the current process read again
// what another user's change touched, without reload; another process's events change nothing.
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../testing/fakeApi';
import { detail, requirement } from '../testing/fixtures';
import { fakeRealtime } from '../testing/realtime';
import { renderScreen } from '../testing/renderScreen';
import { AUTHOR, REVIEWER, signIn } from '../testing/session';
import { definition } from './definition';

const LiveRoutes = definition.App!;
let realtime: ReturnType<typeof fakeRealtime>;
beforeEach(() => {
  realtime = fakeRealtime();
});
afterEach(() => realtime.stop());

const page = (items: unknown[]) => ({ body: { items, total: items.length } });
const comment = (id: string, text: string) => ({ id, requirement_id: 'r1', text, author: REVIEWER, created_at: '2026-11-02T10:00:00.000Z' });
const deliver = (type: string, data: Record<string, unknown>) =>
  act(() => realtime.deliver(AUTHOR.id, { type, eventId: `e-${type}`, session_id: 's-other', time: '2026-11-02T10:00:00Z', data }));

describe('mfe-requirements live routes', () => {
  it('one subscription for every screen: the open requirement shows another user’s comment and status, the tree its change', async () => {
    signIn(AUTHOR);
    const { calls } = fakeApi({
      'GET /api/requirements': [page([requirement(1)]), page([requirement(1, { status: 'IN_REVIEW' })])],
      'GET /api/requirements/r1': [{ body: detail(1) }, { body: detail(1, { status: 'IN_REVIEW' }) }],
      'GET /api/requirements/r1/events': { body: [] },
      'GET /api/requirements/r1/comments': [{ body: [] }, { body: [comment('c1', 'Name the MFA methods.')] }],
      'GET /api/requirements/r1/attachments': { body: [] },
      'GET /api/requirements/r1/duplicates': { body: [] },
      'GET /api/requirements/r1/applications': { body: [] },
      'GET /api/apps': { body: [] },
      'GET /api/tasks': { body: [] },
    });
    renderScreen(<LiveRoutes />, { location: '/requirements?id=r1' });
    const panel = await screen.findByRole('group', { name: 'REQ-1 Requirement 1' });
    expect(await within(panel).findByText('No comments yet.')).toBeInTheDocument();
    expect(realtime.subscriptions).toBe(1);
    const reads = (path: string) => calls.filter((call) => call.path === path).length;

    // Another process's comment: nothing is read again.
    deliver('Comment', { graph: 'other', id: 'c9', requirement_id: 'r1', kind: 'comment' });
    deliver('Comment', { graph: 'core', id: 'c1', requirement_id: 'r1', kind: 'comment' });
    expect(await within(panel).findByText('Name the MFA methods.')).toBeInTheDocument();
    expect(reads('/api/requirements/r1/comments')).toBe(2);
    expect(reads('/api/requirements/r1')).toBe(1);

    deliver('Submit for Review', { graph: 'core', id: 'r1', requirement_id: 'r1', kind: 'requirement' });
    expect(await within(panel).findByText('In review')).toBeInTheDocument();
    const item = screen.getByRole('treeitem', { name: 'REQ-1 Requirement 1' });
    // The tree row's status, beside its item, describes it.
    await waitFor(() => expect(item).toHaveAccessibleDescription(/^In review /));
    expect(realtime.subscriptions).toBe(1);
  });

  it('the LIVE dashboard reads its figures again and counts the changes of its process', async () => {
    signIn(AUTHOR, { dashboard_type: 'LIVE' });
    const stats = (total: number) => ({
      body: { total, by_status: { DRAFT: total }, by_priority: { HIGH: total }, average_progress: 0, overdue: 0, open_gaps: 0, open_risks: 0, my_tasks: [], recent_events: [] },
    });
    const { calls } = fakeApi({ 'GET /api/statistics/dashboard': [stats(5), stats(6)] });
    renderScreen(<LiveRoutes />, { location: '/dashboard' });
    expect(await screen.findByRole('group', { name: 'Requirements' })).toHaveTextContent('5');
    deliver('Add', { graph: 'other', id: 'r9', requirement_id: 'r9', kind: 'requirement' });
    deliver('Add', { graph: 'core', id: 'r6', requirement_id: 'r6', kind: 'requirement' });
    deliver('New', { graph: 'core', id: 't6', task_id: 't6', requirement_id: 'r6', kind: 'task' });
    expect(screen.getByRole('status', { name: 'Dashboard mode' })).toHaveTextContent('Live: 2 changes received');
    await waitFor(() => expect(screen.getByRole('group', { name: 'Requirements' })).toHaveTextContent('6'));
    expect(calls.filter((call) => call.path === '/api/statistics/dashboard')).toHaveLength(2);
  });
});
