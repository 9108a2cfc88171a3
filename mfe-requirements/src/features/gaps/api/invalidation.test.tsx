// What gap analysis's changes make stale: its own list, the requirement it marks (state, history,
// the task it opens) and the overviews; never the other analysis lists.
import type { QueryKey } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { fakeApi, renderHookHolding } from '@portal/shared/testing';
import { PROCESS_KEYS } from '../../../lib/queryKeys';
import { REQ } from '../../../testing/fixtures';
import type { Gap } from '../../../types/analysis';
import { useAddConflict } from './addConflict';
import { useCloseGap } from './closeGap';
import { useIdentifyGap } from './identifyGap';
import { GAP_KEYS } from './keys';

const G = 'core';
const HELD: Record<string, QueryKey> = {
  openGaps: GAP_KEYS.gapList(G, 'OPEN', ''),
  searchedGaps: GAP_KEYS.gapList(G, '', 'mfa'),
  risks: GAP_KEYS.risks(G),
  conflicts: GAP_KEYS.conflicts(G),
  r1: PROCESS_KEYS.requirement(G, 'r1'),
  r1History: PROCESS_KEYS.history(G, 'r1'),
  r2: PROCESS_KEYS.requirement(G, 'r2'),
  r3: PROCESS_KEYS.requirement(G, 'r3'),
  lists: [...PROCESS_KEYS.requirementLists(G), { parent: 'root' }, 0],
  tasks: [...PROCESS_KEYS.tasks(G), 'list', { mine: 'true' }],
  dashboard: [...PROCESS_KEYS.overviews(G), 'dashboard'],
  attachments: [...PROCESS_KEYS.analysis(G), 'attachments', 'r1'],
};

const mount = <T,>(hook: () => T) => renderHookHolding(HELD, hook);

const gap: Gap = {
  id: 'g1',
  requirement: REQ(1),
  description: 'No MFA',
  remediation_plan: 'Roll out MFA',
  target_date: '2026-12-31',
  status: 'OPEN',
  task_id: 't1',
  assignee: null,
  created_by: null,
  created_at: '2026-11-01T10:00:00.000Z',
  closed_at: null,
};

describe('gap analysis refreshes what its changes touch', () => {
  it('identifying a gap: every gap list, its requirement, the lists (has_gap), the tasks and the overviews', async () => {
    fakeApi({ 'POST /api/requirements/r1/gaps': { status: 201, body: gap } });
    const { result, stale } = mount(() => useIdentifyGap(G));
    await act(() => result.current.mutateAsync({ requirementId: 'r1', description: 'No MFA', remediation_plan: 'Roll out MFA', target_date: '2026-12-31' }));
    expect(stale()).toEqual(['dashboard', 'lists', 'openGaps', 'r1', 'r1History', 'searchedGaps', 'tasks']);
  });

  it('closing a gap: the same, for the gap’s requirement', async () => {
    fakeApi({ 'POST /api/assessments/gaps/g1/close': { body: { ...gap, status: 'CLOSED' } } });
    const { result, stale } = mount(() => useCloseGap(G));
    await act(() => result.current.mutateAsync(gap));
    expect(stale()).toEqual(['dashboard', 'lists', 'openGaps', 'r1', 'r1History', 'searchedGaps', 'tasks']);
  });

  it('a conflict: the conflicts and both requirements, not the gaps or risks', async () => {
    fakeApi({ 'POST /api/conflicts': { status: 201, body: { id: 'c1' } } });
    const { result, stale } = mount(() => useAddConflict(G));
    await act(() => result.current.mutateAsync({ requirement_a_id: 'r2', requirement_b_id: 'r3', description: 'Contradict' }));
    expect(stale()).toEqual(['conflicts', 'dashboard', 'lists', 'r2', 'r3', 'tasks']);
  });
});
