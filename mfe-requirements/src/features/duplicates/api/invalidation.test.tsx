// What resolving a duplicate pair makes stale: a dismissal only the candidates, a link also the
// pair's history, a merge everything of the process (the second requirement's belongings move).
// And what leaves the shown candidate lists at once, before they are read again.
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { fakeApi, renderHookHolding } from '@portal/shared/testing';
import { PROCESS_KEYS } from '../../../lib/queryKeys';
import { REQ } from '../../../testing/fixtures';
import { DUPLICATE_KEYS } from './keys';
import { useResolveDuplicates, type DuplicateAction } from './resolveDuplicates';

const G = 'core';
const HELD: Record<string, QueryKey> = {
  scan: DUPLICATE_KEYS.candidates(G),
  ofR1: DUPLICATE_KEYS.candidates(G, 'r1'),
  r1: PROCESS_KEYS.requirement(G, 'r1'),
  r1History: PROCESS_KEYS.history(G, 'r1'),
  r2History: PROCESS_KEYS.history(G, 'r2'),
  lists: [...PROCESS_KEYS.requirementLists(G), { parent: 'root' }, 0],
  tasks: [...PROCESS_KEYS.tasks(G), 'list', { mine: 'true' }],
  gaps: [...PROCESS_KEYS.analysis(G), 'gaps', 'OPEN', ''],
  dashboard: [...PROCESS_KEYS.overviews(G), 'dashboard'],
  otherProcess: DUPLICATE_KEYS.candidates('edge'),
};

async function resolve(action: DuplicateAction) {
  const { result, stale } = renderHookHolding(HELD, () => useResolveDuplicates(G));
  await act(() => result.current.mutateAsync({ pair: { a: REQ(1), b: REQ(2), score: 0.9, shared_terms: ['mfa'] }, action }));
  return stale();
}

describe('resolving duplicates refreshes what it touches', () => {
  beforeEach(() => fakeApi({ 'POST /api/requirements/duplicates/dismiss': { status: 204 }, 'POST /api/requirements/duplicates/link': { status: 204 } }));

  it('dismiss: only the candidates', async () => {
    expect(await resolve('dismiss')).toEqual(['ofR1', 'scan']);
  });

  it('link: the candidates and both requirements’ history', async () => {
    expect(await resolve('link')).toEqual(['ofR1', 'r1History', 'r2History', 'scan']);
  });

  it('merge: everything of the process, nothing of another', async () => {
    expect(await resolve('merge')).toEqual(['dashboard', 'gaps', 'lists', 'ofR1', 'r1', 'r1History', 'r2History', 'scan', 'tasks']);
  });
});

describe('a decided pair leaves the shown candidate lists at once', () => {
  beforeEach(() => fakeApi({ 'POST /api/requirements/duplicates/dismiss': { status: 204 }, 'POST /api/requirements/duplicates/link': { status: 204 } }));

  const candidate = (a: number, b: number) => ({ a: REQ(a), b: REQ(b), score: 0.8, shared_terms: [] });

  async function decide(pair: ReturnType<typeof candidate>, action: DuplicateAction) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    client.setQueryData(DUPLICATE_KEYS.candidates(G), [candidate(1, 2), candidate(3, 4), candidate(2, 5)]);
    client.setQueryData(DUPLICATE_KEYS.candidates(G, 'r2'), [candidate(2, 1), candidate(2, 5)]);
    const { result } = renderHook(() => useResolveDuplicates(G), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    await act(() => result.current.mutateAsync({ pair, action }));
    const codes = (key: QueryKey) => (client.getQueryData(key) as ReturnType<typeof candidate>[]).map((c) => `${c.a.code}~${c.b.code}`);
    return { scan: codes(DUPLICATE_KEYS.candidates(G)), ofR2: codes(DUPLICATE_KEYS.candidates(G, 'r2')) };
  }

  it('not a duplicate: that pair, in either order', async () => {
    expect(await decide(candidate(1, 2), 'dismiss')).toEqual({ scan: ['REQ-3~REQ-4', 'REQ-2~REQ-5'], ofR2: ['REQ-2~REQ-5'] });
  });

  it('merge: every pair of the merged (deleted) requirement', async () => {
    expect(await decide(candidate(1, 2), 'merge')).toEqual({ scan: ['REQ-3~REQ-4'], ofR2: [] });
  });
});
