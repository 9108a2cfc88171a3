import { history, setPermissionChecker, type MonitoringEvent } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, fill, renderRoute } from '@portal/shared/testing';
import { application } from '../../testing/fixtures';
import { signIn } from '../../testing/sessions';
import { MonitoringEventsScreen } from './MonitoringEventsScreen';

const PATH = '/applications/monitoring/events';

const event = (id: string, overrides: Partial<MonitoringEvent> = {}): MonitoringEvent => ({
  id,
  type: 'New Vulnerability',
  project: 'core',
  app_key: 'shop',
  build: { id: 'b1', number: 1 },
  vulnerability_id: 'GHSA-p6mc-m468-83gw',
  aliases: ['CVE-2020-8203'],
  severity: 'HIGH',
  score: 7.4,
  summary: 'Prototype Pollution in lodash',
  active_exploit: false,
  component: { bom_ref: 'pkg:npm/lodash@4.17.15', name: 'lodash', group: null, version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15' },
  source: 'advisory-import',
  triggered_by: null,
  notified: 3,
  created_at: '2026-11-22T09:30:00.000Z',
  ...overrides,
});
const EVENTS = [
  event('e2', { type: 'New Active Exploit', vulnerability_id: 'GHSA-35jh-r3h4-6jhm', active_exploit: true, created_at: '2026-11-22T10:00:00.000Z' }),
  event('e1'),
];
const APPS = [application('shop', { enable_continuous_monitoring: true }), application('billing')];

function answers(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/apps': { body: APPS },
    'GET /api/apps/monitoring/events': { body: { events: EVENTS, total: 2 } },
    'GET /api/apps/monitoring/events/e1': { body: { ...EVENTS[1], finding: { present: true, analysis_state: null, fixed_versions: ['4.17.20'] } } },
    ...overrides,
  });
}

beforeEach(() => signIn());
afterEach(() => setPermissionChecker(null));

describe('MonitoringEventsScreen', () => {
  it('names the monitored applications and lists the events, newest first', async () => {
    const { calls } = answers();
    renderRoute(MonitoringEventsScreen, PATH);
    expect(await screen.findByTestId('monitored-applications')).toHaveTextContent('Continuous monitoring is on for shop.');
    const table = await screen.findByRole('table', { name: 'Monitoring events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['11/22/2026, 10:00 AM', 'Active exploit', 'shop', 'High7.4GHSA-35jh-r3h4-6jhm', 'lodash 4.17.15', 'Advisory import'],
      ['11/22/2026, 09:30 AM', 'New Vulnerability', 'shop', 'High7.4GHSA-p6mc-m468-83gw', 'lodash 4.17.15', 'Advisory import'],
    ]);
    expect(calls.find((call) => call.path === '/api/apps/monitoring/events')?.query).toEqual({ graph: 'core', limit: '100', offset: '0' });
  });

  it('opens an event with its finding as it stands now, and filters by application, type and severity', async () => {
    const { calls } = answers();
    const { user } = renderRoute(MonitoringEventsScreen, PATH);
    const table = await screen.findByRole('table', { name: 'Monitoring events' });
    await user.click(within(table).getByText('GHSA-p6mc-m468-83gw'));
    const panel = await screen.findByRole('region', { name: 'Monitoring event' });
    expect(await within(panel).findByText('Still a finding of build 1, not analysed yet.')).toBeInTheDocument();
    expect(within(panel).getByText('4.17.20')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'shop' })).toHaveAttribute('href', '/applications/shop?build=b1');
    expect(new URLSearchParams(history.location.search).get('event')).toBe('e1');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Monitoring event' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Application'), 'shop');
    await user.selectOptions(screen.getByLabelText('Event'), 'New Active Exploit');
    await user.selectOptions(screen.getByLabelText('Severity'), 'CRITICAL');
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/apps/monitoring/events').at(-1)?.query).toEqual({
        graph: 'core',
        app: 'shop',
        type: 'New Active Exploit',
        severity: 'CRITICAL',
        limit: '100',
        offset: '0',
      }),
    );
  });

  it('rescans and says what it found', async () => {
    const { mutations } = answers({
      'POST /api/apps/monitoring/rescan': { body: { id: 'r1', status: 'DONE', pending: 0, applications: 1, builds: 1, new_vulnerabilities: 2, new_active_exploits: 1, events: [EVENTS[0]] } },
    });
    const { user, snackbars } = renderRoute(MonitoringEventsScreen, PATH);
    await user.click(await screen.findByRole('button', { name: 'Rescan now' }));
    await waitFor(() => expect(snackbars).toEqual(['1 monitored application rescanned: 2 new vulnerabilities and 1 new active exploit.']));
    expect(mutations()[0]).toMatchObject({ method: 'POST', path: '/api/apps/monitoring/rescan', query: { graph: 'core' }, body: {} });
  });

  it('simulates a new vulnerability for a demo user, showing a refusal in the dialog', async () => {
    const { mutations } = answers({
      'POST /api/apps/monitoring/simulateNewVulnerability/CVE-2024-37890': {
        status: 409,
        problem: { detail: 'GHSA-3h5v-q93c-6h6q affects no component of the newest build of an application with continuous monitoring on in this process.' },
      },
      'POST /api/apps/monitoring/simulateNewVulnerability/CVE-2020-8203': { body: { events: [EVENTS[1]] } },
    });
    const { user, snackbars } = renderRoute(MonitoringEventsScreen, PATH);
    await user.click(await screen.findByRole('button', { name: 'Simulate a new vulnerability' }));
    const field = screen.getByRole('textbox', { name: /Advisory/ });
    await fill(user, field, 'not an id');
    await user.tab();
    expect(screen.getByText('An advisory id, such as CVE-2021-23337 or GHSA-35jh-r3h4-6jhm.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simulate' })).toBeDisabled();
    await fill(user, field, 'CVE-2024-37890');
    await user.click(screen.getByRole('button', { name: 'Simulate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('affects no component');
    await fill(user, field, 'CVE-2020-8203');
    await user.click(screen.getByRole('button', { name: 'Simulate' }));
    await waitFor(() => expect(snackbars).toEqual(['Simulated: 1 event raised and notified.']));
    expect(mutations().map((call) => call.path)).toEqual([
      '/api/apps/monitoring/simulateNewVulnerability/CVE-2024-37890',
      '/api/apps/monitoring/simulateNewVulnerability/CVE-2020-8203',
    ]);
  });

  it('hides the actions the user may not take', async () => {
    setPermissionChecker((permission) => permission !== 'scan=>Application' && permission !== 'perform=>Demo');
    answers();
    renderRoute(MonitoringEventsScreen, PATH);
    await screen.findByRole('table', { name: 'Monitoring events' });
    expect(screen.queryByRole('button', { name: 'Rescan now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simulate a new vulnerability' })).not.toBeInTheDocument();
  });

  it('says when nothing is monitored and nothing happened yet', async () => {
    answers({ 'GET /api/apps': { body: [application('billing')] }, 'GET /api/apps/monitoring/events': { body: { events: [], total: 0 } } });
    renderRoute(MonitoringEventsScreen, PATH);
    expect(await screen.findByText(/No application of this process has continuous monitoring on yet/)).toBeInTheDocument();
    expect(await screen.findByText('No monitoring events yet')).toBeInTheDocument();
  });
});
