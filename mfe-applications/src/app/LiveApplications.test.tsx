// The remote's root keeps its screens live through ONE subscription to the user's events (issue 22):
// a build CI uploads appears on the open app page and advances to DONE, monitoring events arrive —
// each only when its event comes, never by polling, and never for another process's events.
import { setRealtimeImplementation, type RealtimeFacade, type RealtimeHandler } from '@portal/shared';
import type { Build } from '../lib/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { application, applicationDetail, build, buildDetail, counts, finding, findingsPage } from '../testing/fixtures';
import { signInEachTest } from '../testing/sessions';
import { definition } from './definition';

signInEachTest();
afterEach(() => setRealtimeImplementation(null));

/** A broker connection that records the subscriptions and delivers what the test sends. */
function fakeRealtime() {
  const handlers: Array<[string, RealtimeHandler]> = [];
  const facade: RealtimeFacade = {
    state: 'Connected',
    subscribe: (destination, handler) => {
      const entry: [string, RealtimeHandler] = [destination, handler as RealtimeHandler];
      handlers.push(entry);
      return () => handlers.splice(handlers.indexOf(entry), 1);
    },
    publish: async () => undefined,
    onStateChange: () => () => undefined,
  };
  setRealtimeImplementation(facade);
  const deliver = (body: unknown) =>
    act(() => handlers.filter(([destination]) => destination === 'events#u-ada').forEach(([, handler]) => handler(body, 'events#u-ada')));
  return { handlers, deliver };
}

const App = definition.App!;
const importSbom = (graph: string, buildId: string, status: string) => ({
  type: 'Import SBOM',
  eventId: `${buildId}-${status}`,
  session_id: '',
  data: { graph, app_key: 'shop', id: buildId, build_id: buildId, number: 2, status },
});

describe('the remote root', () => {
  it('subscribes once for every screen, and shows a build CI uploads as it advances, without polling', async () => {
    const { handlers, deliver } = fakeRealtime();
    let builds: Build[] = [build(1)];
    let second: Build = build(2, { status: 'PENDING', component_count: 0, vulnerability_count: 0 });
    const { calls } = fakeApi({
      'GET /api/apps/shop': () => ({ body: applicationDetail('shop', builds) }),
      'GET /api/apps/shop/builds/b1': { body: buildDetail(1, { vulnerabilities: counts({ HIGH: 1 }) }) },
      'POST /api/apps/shop/builds/b1/vulnerabilities': { body: findingsPage([finding('GHSA-1')]) },
      'GET /api/apps/shop/builds/b2': () => ({ body: { ...second, app_key: 'shop', vulnerabilities: counts({ HIGH: 2 }) } }),
      'POST /api/apps/shop/builds/b2/vulnerabilities': { body: findingsPage([finding('GHSA-1'), finding('GHSA-2')]) },
    });
    renderScreen(<App />, { location: '/applications/shop' });
    const table = await screen.findByRole('table', { name: 'Builds' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(handlers.map(([destination]) => destination)).toEqual(['events#u-ada']);
    const appReads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/apps/shop').length;
    const read = appReads();

    // Another process's build: nothing is read again.
    deliver(importSbom('edge', 'b9', 'PENDING'));
    builds = [second, build(1)];
    deliver(importSbom('core', 'b2', 'PENDING'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Builds' })).getAllByRole('row')).toHaveLength(3));
    expect(within(screen.getByRole('table', { name: 'Builds' })).getAllByRole('row')[1]).toHaveTextContent('Pending');
    expect(appReads()).toBe(read + 1);

    second = build(2, { status: 'PROCESSING', component_count: 3, vulnerability_count: 0 });
    builds = [second, build(1)];
    deliver(importSbom('core', 'b2', 'PROCESSING'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Builds' })).getAllByRole('row')[1]).toHaveTextContent('Processing'));

    second = build(2, { vulnerability_count: 2 });
    builds = [second, build(1)];
    deliver(importSbom('core', 'b2', 'DONE'));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Builds' })).getAllByRole('row')[1]).not.toHaveTextContent(/Processing|Pending/));
    // The build's own read may show it done before the app's read answers: one read per event, in the end.
    await waitFor(() => expect(appReads()).toBe(read + 3));
  });

  it('reads the monitoring events again when one of the process arrives', async () => {
    const { deliver } = fakeRealtime();
    const { calls } = fakeApi({
      'GET /api/apps': { body: [application('shop', { enable_continuous_monitoring: true })] },
      'GET /api/apps/monitoring/events': { body: { events: [], total: 0 } },
    });
    renderScreen(<App />, { location: '/applications/monitoring/events' });
    expect(await screen.findByText('No monitoring events yet')).toBeInTheDocument();
    const reads = () => calls.filter((call) => call.path === '/api/apps/monitoring/events').length;
    const before = reads();
    deliver({ type: 'New Vulnerability', session_id: '', data: { graph: 'other', app_key: 'shop' } });
    deliver({ type: 'Add', session_id: '', data: { graph: 'core' } });
    deliver({ type: 'New Vulnerability', session_id: '', data: { graph: 'core', app_key: 'shop' } });
    await waitFor(() => expect(reads()).toBe(before + 1));
  });
});
