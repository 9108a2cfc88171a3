// Deleting an attachment makes stale its requirement's attachments and history (the API records an
// Update event), not another requirement's attachments, the requirement itself or the overviews.
import type { QueryKey } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { fakeApi, renderHookHolding } from '@portal/shared/testing';
import { PROCESS_KEYS } from '../../../lib/queryKeys';
import { useDeleteAttachment } from './deleteAttachment';
import { ATTACHMENT_KEYS } from './keys';

const G = 'core';
const HELD: Record<string, QueryKey> = {
  r1Attachments: ATTACHMENT_KEYS.list(G, 'r1'),
  r2Attachments: ATTACHMENT_KEYS.list(G, 'r2'),
  r1: PROCESS_KEYS.requirement(G, 'r1'),
  r1History: PROCESS_KEYS.history(G, 'r1'),
  dashboard: [...PROCESS_KEYS.overviews(G), 'dashboard'],
};

it('deleting an attachment refreshes its requirement’s attachments and history only', async () => {
  const { calls } = fakeApi({ 'DELETE /api/attachments/f1': { status: 204 } });
  const { result, stale } = renderHookHolding(HELD, () => useDeleteAttachment(G, 'r1'));
  await act(() =>
    result.current.mutateAsync({ id: 'f1', requirement_id: 'r1', name: 'policy.pdf', size: 10, content_type: 'application/pdf', uploaded_by: null, created_at: '2026-11-01T10:00:00.000Z' }),
  );
  expect(calls.map(({ method, path, query }) => ({ method, path, query }))).toEqual([{ method: 'DELETE', path: '/api/attachments/f1', query: { graph: G } }]);
  expect(stale()).toEqual(['r1Attachments', 'r1History']);
});
