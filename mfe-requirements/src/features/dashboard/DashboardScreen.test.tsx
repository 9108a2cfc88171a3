import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen, routeOf } from '../../testing/renderScreen';
import { AUTHOR, signIn } from '../../testing/session';
import { priorityBars, progressArcs, statusSlices } from './charts';
import { DashboardScreen } from './DashboardScreen';
import { REQ } from '../../testing/fixtures';

const route = routeOf('/dashboard');
const NO_CHECKS = { at: '2026-11-01T10:00:00.000Z', requirements: 0, passing: 0, failing: 0, not_evaluated: 0, percentage: null, trend: [], standards: [] };
const stats = (total: number, overdue = 1) => ({
  total,
  by_status: { DRAFT: 2, IN_PROGRESS: total - 2 },
  by_priority: { HIGH: total },
  average_progress: 42.4,
  overdue,
  open_gaps: 1,
  open_risks: 2,
  my_tasks: [
    {
      id: 't1',
      type: 'REVIEW',
      status: 'OPEN',
      requirement: REQ(1, 'Encrypt backups'),
      assigned_to_user: null,
      delegated_to: null,
      assigned_to_group: null,
      progress: 0,
      due_date: '2026-12-01',
      comment: '',
      related_id: null,
      created_by: null,
      created_at: '',
      updated_at: '',
    },
  ],
  recent_events: [{ eventId: 'e1', type: 'Add', requirement: REQ(1, 'Encrypt backups'), actor: { id: 'u', login_id: 'ada', name: 'Ada Author' }, time: '2026-11-01T10:00:00Z', data: {} }],
});

describe('DashboardScreen', () => {
  it('shows counters, charts, my tasks and recent events', async () => {
    signIn(AUTHOR, { dashboard_type: 'LIVE' });
    fakeApi({ 'GET /api/compliance/summary': { body: NO_CHECKS }, 'GET /api/statistics/dashboard': { body: stats(5) } });
    renderScreen(<DashboardScreen route={route} />);
    expect(await screen.findByRole('group', { name: 'Requirements' })).toHaveTextContent('5');
    expect(screen.getByRole('group', { name: 'Average progress' })).toHaveTextContent('42%');
    expect(screen.getByRole('group', { name: 'Overdue' })).toHaveTextContent('1');
    expect(screen.getByRole('img', { name: 'Requirements by status: Draft 2, In progress 3' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Average progress 42%' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Requirements by priority: Low 0, Medium 0, High 5, Critical 0/ })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'My open tasks' })).getByRole('link', { name: 'Review: REQ-1 Encrypt backups' })).toHaveAttribute(
      'href',
      '/review-requirement?task=t1',
    );
    expect(within(screen.getByRole('list', { name: 'Recent events' })).getByRole('listitem')).toHaveTextContent('Add REQ-1 Encrypt backups');

    expect(screen.getByRole('status', { name: 'Dashboard mode' })).toHaveTextContent('Live: updates as requirements and tasks change');
  });

  it("gives each chart a summary and its figures as a table (the charts' text alternative)", async () => {
    signIn(AUTHOR, { dashboard_type: 'LIVE' });
    fakeApi({ 'GET /api/compliance/summary': { body: NO_CHECKS }, 'GET /api/statistics/dashboard': { body: stats(5) } });
    const { user } = renderScreen(<DashboardScreen route={route} />);
    await screen.findByRole('img', { name: 'Requirements by status: Draft 2, In progress 3' });
    await user.click(screen.getByRole('button', { name: 'Show table of requirements by status' }));
    expect(within(screen.getByRole('table', { name: 'Requirements by status' })).getAllByRole('row').map((row) => row.textContent)).toEqual(['StatusRequirements', 'Draft2', 'In progress3']);
    await user.click(screen.getByRole('button', { name: 'Show table of requirements by priority' }));
    expect(within(screen.getByRole('table', { name: 'Requirements by priority' })).getByRole('rowheader', { name: 'High' }).nextSibling).toHaveTextContent('5');
    await user.click(screen.getByRole('button', { name: 'Show table of average progress' }));
    expect(screen.getByRole('table', { name: 'Average progress' })).toHaveTextContent('Average progress of the requirements42%');
  });

  it('is a large read-only view for PRESENTATION', async () => {
    signIn(AUTHOR, { dashboard_type: 'PRESENTATION' });
    fakeApi({ 'GET /api/compliance/summary': { body: NO_CHECKS }, 'GET /api/statistics/dashboard': { body: stats(5) } });
    renderScreen(<DashboardScreen route={route} />);
    expect(await screen.findByRole('group', { name: 'Requirements' })).toHaveTextContent('5');
    expect(screen.getByText('Presentation view')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'My open tasks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('MIX reads again on Refresh', async () => {
    signIn(AUTHOR, { dashboard_type: 'MIX' });
    const { calls } = fakeApi({ 'GET /api/compliance/summary': { body: NO_CHECKS }, 'GET /api/statistics/dashboard': { body: stats(5) } });
    const { user } = renderScreen(<DashboardScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/statistics/dashboard')).toHaveLength(2));
  });

  it('shows the empty state without requirements and a failed read', async () => {
    signIn();
    fakeApi({ 'GET /api/compliance/summary': { body: NO_CHECKS }, 'GET /api/statistics/dashboard': { body: { ...stats(0), by_status: {}, my_tasks: [], recent_events: [] } } });
    const first = renderScreen(<DashboardScreen route={route} />);
    expect(await screen.findByText('No requirements yet')).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/compliance/summary': { body: NO_CHECKS }, 'GET /api/statistics/dashboard': { status: 503, problem: { detail: 'Service is not available at the moment. Please try again later.' } } });
    renderScreen(<DashboardScreen route={route} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service is not available');
  });
});

describe('the dashboard charts', () => {
  it('lays out slices, bars and the gauge', () => {
    const slices = statusSlices({ DRAFT: 1, COMPLETED: 3 }, 50);
    expect(slices.map((slice) => [slice.status, slice.count])).toEqual([
      ['DRAFT', 1],
      ['COMPLETED', 3],
    ]);
    expect(slices[0].path).toMatch(/^M/);
    const bars = priorityBars({ LOW: 1, CRITICAL: 2 }, 200, 100);
    expect(bars.map((bar) => Math.round(bar.height))).toEqual([50, 0, 0, 100]);
    expect(progressArcs(50, 50).value).toMatch(/^M/);
  });
});
