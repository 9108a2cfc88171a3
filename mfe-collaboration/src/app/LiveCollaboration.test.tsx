// The remote's root keeps the inbox and an open task live through ONE subscription to the user's
// events: another user's assignment shows in the inbox when its event comes, never by polling,
// and never for another process's events.
import { setRealtimeImplementation, type RealtimeFacade, type RealtimeHandler } from '@portal/shared';
import { fakeApi, ok, renderScreen } from '@portal/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { counts, page, task } from '../testing/fixtures';
import { signInEachTest } from '../testing/sessions';
import { definition } from './definition';

signInEachTest();
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
const assigned = (graph: string) => ({ type: 'Assign', eventId: 'e1', session_id: 'other', data: { graph, id: 't2', task_id: 't2', kind: 'task' } });

describe('the remote root', () => {
  it('shows a task another user assigns to me when its event comes, and ignores other processes', async () => {
    const { handlers, deliver } = fakeRealtime();
    let items = [task('1')];
    const { calls } = fakeApi({
      'GET /api/tasks/inbox': () => ok(page(items)),
      'GET /api/tasks/inbox/counts': () => ok(counts({ assigned: items.length })),
      'GET /api/users/assignees': ok([]),
    });
    renderScreen(<App />, { location: '/collaboration/tasks' });
    expect(await screen.findByRole('link', { name: 'Review RQ-1 Password length' })).toBeInTheDocument();
    expect(handlers.map(([destination]) => destination)).toEqual(['events#u-ada']);
    const reads = () => calls.filter((call) => call.path === '/api/tasks/inbox').length;
    const before = reads();

    items = [task('1'), task('2', { title: 'Review RQ-2 Session timeout' })];
    await deliver(assigned('edge'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reads()).toBe(before);

    await deliver(assigned('core'));
    expect(await screen.findByRole('link', { name: 'Review RQ-2 Session timeout' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Assigned to me (2)' })).toBeInTheDocument());
  });
});
