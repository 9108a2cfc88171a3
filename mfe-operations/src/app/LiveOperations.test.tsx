// The remote's root keeps the findings live through ONE subscription to the user's events:
// another user's triage decision shows in the list when its 'Security Finding' event comes, never
// by polling, and never for another process's events.
import { setRealtimeImplementation, type RealtimeFacade, type RealtimeHandler } from '@portal/shared';
import { fakeApi, ok, renderScreen, signInWith, testProcess, testSession } from '@portal/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { finding, findingsPage } from '../testing/fixtures';
import { definition } from './definition';

beforeEach(() => signInWith(testSession(), testProcess()));
afterEach(() => setRealtimeImplementation(null));

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
const triaged = (graph: string) => ({ type: 'Security Finding', eventId: 'e1', session_id: 'other', data: { graph, action: 'triaged', ids: ['f1'], state: 'false_positive' } });

describe('the remote root', () => {
  it("shows another user's triage decision when its event comes, and ignores other processes", async () => {
    const { handlers, deliver } = fakeRealtime();
    let state: 'open' | 'false_positive' = 'open';
    const { calls } = fakeApi({ 'GET /api/apps': ok([]), 'GET /api/security/findings': () => ok(findingsPage([finding({ state })])) });
    renderScreen(<App />, { location: '/security/sast' });
    const table = await screen.findByRole('table', { name: 'Code findings' }, { timeout: 5000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Open');
    expect(handlers.map(([destination]) => destination)).toEqual(['events#u-ada']);
    const reads = () => calls.filter((call) => call.path === '/api/security/findings').length;
    const before = reads();

    state = 'false_positive';
    await deliver(triaged('edge'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reads()).toBe(before);

    await deliver(triaged('core'));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('False positive'));
  });
});
