// What resolving a duplicate pair makes stale: a dismissal only the candidates, a link also the
// pair's history, a merge everything of the process (the second requirement's belongings move).
import type { QueryKey } from '@tanstack/react-query';
import { act } from '@testing-library/react';
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
