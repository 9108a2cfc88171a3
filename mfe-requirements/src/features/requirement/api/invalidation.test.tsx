// What each mutation of the requirement workflow makes stale, and what it leaves alone: the
// queries a screen may hold are seeded, the mutation runs against the fake API, and the test reads
// which ones were invalidated.
import type { QueryKey } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { fakeApi, renderHookHolding } from '@portal/shared/testing';
import { PROCESS_KEYS } from '../../../lib/queryKeys';
import { task } from '../../../testing/fixtures';
import { useAddRequirementComment } from './addRequirementComment';
import { useCreateRequirement } from './createRequirement';
import { useAcceptTask } from './decideTask';
import { REQUIREMENT_KEYS, TASK_KEYS } from './keys';
import { useApplicationLink } from './linkApplication';
import { useUpdateRequirement } from './updateRequirement';

const G = 'core';

/** What the depository with r1 open, the review screen and the analysis screens hold of process CORE. */
const HELD: Record<string, QueryKey> = {
  tree: REQUIREMENT_KEYS.list(G, { parent: 'root' }, 0),
  children: REQUIREMENT_KEYS.list(G, { parent: 'r1' }, 0),
  detail: REQUIREMENT_KEYS.detail(G, 'r1'),
  otherDetail: REQUIREMENT_KEYS.detail(G, 'r2'),
  history: REQUIREMENT_KEYS.events(G, 'r1'),
  comments: REQUIREMENT_KEYS.comments(G, 'r1'),
  applications: REQUIREMENT_KEYS.applications(G, 'r1'),
  reviewers: REQUIREMENT_KEYS.assignees(G, 'handle=>ReviewRequirementTask'),
  myTasks: TASK_KEYS.list(G, { mine: 'true', status: 'OPEN' }),
  dashboard: [...PROCESS_KEYS.overviews(G), 'dashboard'],
  commentSearch: [...PROCESS_KEYS.commentSearch(G), '', '', 0],
  gaps: [...PROCESS_KEYS.analysis(G), 'gaps', 'OPEN', ''],
  otherProcess: REQUIREMENT_KEYS.detail('edge', 'r1'),
};


describe('the requirement workflow refreshes what its changes touch', () => {
  it('a comment: the requirement’s comments and the comment search, nothing else', async () => {
    fakeApi({ 'POST /api/requirements/r1/comments': { status: 201, body: { id: 'c1' } } });
    const { result, stale } = renderHookHolding(HELD, () => useAddRequirementComment(G, 'r1'));
    await act(() => result.current.mutateAsync('Looks good'));
    expect(stale()).toEqual(['commentSearch', 'comments']);
  });

  it('a modification: the requirement, its history, the lists and the overviews, not its comments or tasks', async () => {
    fakeApi({ 'PUT /api/requirements/r1': { body: { id: 'r1', code: 'REQ-1' } } });
    const { result, stale } = renderHookHolding(HELD, () => useUpdateRequirement(G, 'r1'));
    await act(() => result.current.mutateAsync({ title: 'Access control', priority: 'HIGH', version: 3 } as never));
    expect(stale()).toEqual(['children', 'dashboard', 'detail', 'history', 'tree']);
  });

  it('a sub-requirement: the lists, its parent (one child more) and the overviews', async () => {
    fakeApi({ 'POST /api/requirements': { status: 201, body: { id: 'r3', code: 'REQ-3' } } });
    const { result, stale } = renderHookHolding(HELD, () => useCreateRequirement(G));
    await act(() => result.current.mutateAsync({ title: 'MFA', priority: 'HIGH', parent_id: 'r1' } as never));
    expect(stale()).toEqual(['children', 'dashboard', 'detail', 'tree']);
  });

  it('a review decision: the tasks, the requirement’s state and history, the lists and the overviews', async () => {
    fakeApi({ 'POST /api/tasks/t1/accept': { body: task('t1', { status: 'COMPLETED' }) } });
    const { result, stale } = renderHookHolding(HELD, () => useAcceptTask(G, task('t1')));
    await act(() => result.current.mutateAsync({ delegate_to_id: 'u-impl' }));
    expect(stale()).toEqual(['children', 'dashboard', 'detail', 'history', 'myTasks', 'tree']);
  });

  it('linking an application: the requirement’s applications and the overviews (traceability), not the requirement', async () => {
    fakeApi({ 'PUT /api/requirements/r1/applications/a1': { body: [] } });
    const { result, stale } = renderHookHolding(HELD, () => useApplicationLink(G, 'r1'));
    await act(() => result.current.mutateAsync({ applicationId: 'a1', link: true }));
    expect(stale()).toEqual(['applications', 'dashboard']);
  });

  it('a refused change refreshes nothing', async () => {
    fakeApi({ 'POST /api/requirements/r1/comments': { status: 403, problem: { detail: 'No.' } } });
    const { result, stale } = renderHookHolding(HELD, () => useAddRequirementComment(G, 'r1'));
    await act(() => result.current.mutateAsync('Looks good').catch(() => undefined));
    expect(stale()).toEqual([]);
  });
});
