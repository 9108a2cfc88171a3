import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLiveQueries, type LiveEvent, type LiveRules } from './useLiveQueries';

function setUp(graph: string | undefined, rules: LiveRules) {
  const handlers: Array<{ types: readonly string[]; handler: (event: LiveEvent) => void }> = [];
  const subscribe = jest.fn((types: readonly string[], handler: (event: LiveEvent) => void) => {
    const entry = { types, handler };
    handlers.push(entry);
    return () => handlers.splice(handlers.indexOf(entry), 1);
  });
  const client = new QueryClient();
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(() => useLiveQueries({ graph, rules, subscribe, batchMs: 10 }), { wrapper });
  const emit = (type: string, data: Record<string, unknown>) => {
    for (const entry of handlers.slice()) if (entry.types.includes(type)) entry.handler({ type, session_id: '', data });
  };
  return { subscribe, invalidate, emit, handlers, view, client };
}

const rules: LiveRules = {
  'Import SBOM': (event, graph) => [['builds', graph, event.data.app_key]],
  Update: (event, graph) => [['requirements', graph], ['requirement', graph, event.data.id]],
};

describe('useLiveQueries', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('subscribes once for every kind and invalidates the keys of an event of the current process', () => {
    const { subscribe, invalidate, emit } = setUp('P1', rules);
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect([...subscribe.mock.calls[0]![0]].sort()).toEqual(['Import SBOM', 'Update']);
    act(() => {
      emit('Update', { graph: 'p1', id: 'r1' });
      jest.advanceTimersByTime(20);
    });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['requirements', 'p1'], ['requirement', 'p1', 'r1']]);
  });

  it("ignores another process's events and gathers a burst into one invalidation per key", () => {
    const { invalidate, emit } = setUp('p1', rules);
    act(() => {
      emit('Import SBOM', { graph: 'p2', app_key: 'a' });
      for (let i = 0; i < 500; i += 1) emit('Import SBOM', { graph: 'p1', app_key: 'a' });
      jest.advanceTimersByTime(20);
    });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['builds', 'p1', 'a']]);
  });

  it('marks stale only the query named exact, and every query below a key otherwise', async () => {
    const exactRules: LiveRules = { 'Import SBOM': (event, graph) => [{ queryKey: ['app', graph, event.data.app_key], exact: true }, ['list', graph]] };
    const { invalidate, emit, client } = setUp('p1', exactRules);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    for (const key of [['app', 'p1', 'a'], ['app', 'p1', 'a', 'build', 'b1', 'components'], ['list', 'p1'], ['list', 'p1', 'page', 2]]) client.setQueryData(key, 'x');
    act(() => {
      emit('Import SBOM', { graph: 'p1', app_key: 'a' });
      jest.advanceTimersByTime(20);
    });
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(stale(['app', 'p1', 'a'])).toBe(true);
    expect(stale(['app', 'p1', 'a', 'build', 'b1', 'components'])).toBe(false);
    expect(stale(['list', 'p1'])).toBe(true);
    expect(stale(['list', 'p1', 'page', 2])).toBe(true);
  });

  it('does not subscribe without a process and stops listening when unmounted', () => {
    expect(setUp(undefined, rules).subscribe).not.toHaveBeenCalled();
    const { handlers, view, invalidate, emit } = setUp('p1', rules);
    view.unmount();
    expect(handlers).toHaveLength(0);
    act(() => {
      emit('Update', { graph: 'p1', id: 'r1' });
      jest.advanceTimersByTime(20);
    });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
