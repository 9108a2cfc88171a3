// Live compliance (issue 28 item 2): another user's change of a requirement's compliance (its
// checks evaluated after a build, a sync, an edit) reaches every open screen through the remote's
// one subscription — the depository's badge, the evidence panel, the dashboard's summary — and
// another process's events change nothing.
import { COMPLIANCE_EVENT } from '@portal/shared/compliance';
import { act, screen, waitFor, within } from '@testing-library/react';
import { check, compliance, NO_SUMMARY } from '../testing/compliance';
import { fakeApi } from '../testing/fakeApi';
import { detail, requirement } from '../testing/fixtures';
import { fakeRealtime } from '../testing/realtime';
import { renderScreen } from '../testing/renderScreen';
import { AUTHOR, signIn } from '../testing/session';
import { definition } from './definition';

const LiveRoutes = definition.App!;
let realtime: ReturnType<typeof fakeRealtime>;
beforeEach(() => {
  realtime = fakeRealtime();
});
afterEach(() => realtime.stop());

const turned = (graph: string) =>
  act(() =>
    realtime.deliver(AUTHOR.id, {
      type: COMPLIANCE_EVENT,
      eventId: `e-${graph}`,
      session_id: '',
      time: '2026-11-02T10:00:00Z',
      data: { graph, id: 'r1', kind: 'compliance', status: 'failing', previous: 'passing' },
    }),
  );
const status = (value: string) => ({ body: [{ requirement_id: 'r1', status: value, since: '2026-11-02T10:00:00.000Z' }] });

it("the depository's badge and the open evidence panel turn failing when another user's change fails the requirement", async () => {
  signIn(AUTHOR);
  const { calls } = fakeApi({
    'GET /api/requirements': { body: { items: [requirement(1)], total: 1 } },
    'GET /api/requirements/r1': { body: detail(1) },
    'GET /api/requirements/r1/events': { body: [] },
    'GET /api/requirements/r1/comments': { body: [] },
    'GET /api/requirements/r1/attachments': { body: [] },
    'GET /api/requirements/r1/duplicates': { body: [] },
    'GET /api/requirements/r1/applications': { body: [] },
    'GET /api/requirements/r1/evidence': { body: [] },
    'GET /api/apps': { body: [] },
    'GET /api/tasks': { body: [] },
    'GET /api/compliance/statuses': [status('passing'), status('failing')],
    'GET /api/requirements/r1/compliance': [{ body: compliance([check('c1', 'passing')]) }, { body: compliance([check('c1', 'failing')]) }],
  });
  renderScreen(<LiveRoutes />, { location: '/requirements?id=r1' });
  const item = await screen.findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
  await waitFor(() => expect(item).toHaveAccessibleDescription(/Compliance: Passing$/));
  const section = await screen.findByRole('region', { name: 'Compliance' });
  expect(await within(section).findByRole('listitem', { name: 'SBOM freshness: passing' })).toBeInTheDocument();

  turned('other');
  turned('core');
  await waitFor(() => expect(item).toHaveAccessibleDescription(/Compliance: Failing$/));
  expect(await within(section).findByRole('listitem', { name: 'SBOM freshness: failing' })).toBeInTheDocument();
  expect(calls.filter((call) => call.path === '/api/compliance/statuses')).toHaveLength(2);
  // The requirement itself did not change: its detail is not read again.
  expect(calls.filter((call) => call.path === '/api/requirements/r1')).toHaveLength(1);
  expect(realtime.subscriptions).toBe(1);
});

it("the dashboard's compliance reads again", async () => {
  signIn(AUTHOR, { dashboard_type: 'LIVE' });
  const stats = { total: 2, by_status: { DRAFT: 2 }, by_priority: { HIGH: 2 }, average_progress: 0, overdue: 0, open_gaps: 0, open_risks: 0, my_tasks: [], recent_events: [] };
  const summary = (passing: number) => ({ body: { ...NO_SUMMARY, requirements: 2, passing, failing: 2 - passing, percentage: passing * 50 } });
  fakeApi({ 'GET /api/statistics/dashboard': { body: stats }, 'GET /api/compliance/summary': [summary(2), summary(1)] });
  renderScreen(<LiveRoutes />, { location: '/dashboard' });
  const figure = await screen.findByTestId('compliance-percentage');
  expect(figure).toHaveTextContent('100%');
  turned('core');
  await waitFor(() => expect(figure).toHaveTextContent('50%'));
});
