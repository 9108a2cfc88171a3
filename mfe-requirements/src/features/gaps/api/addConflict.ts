// POST conflicts: a conflict between two requirements; the API opens its RESOLVE_CONFLICT task.
import { apiClient, type NewConflict } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, requirementStateKeys } from '../../../lib/queryKeys';
import type { Conflict } from '../../../types/analysis';
import { GAP_KEYS } from './keys';

export type ConflictInput = NewConflict;

export const addConflict = (graph: string, input: ConflictInput) =>
  apiClient.post<Conflict>('conflicts', input, { graph, permission: P.ANALYZE_REQUIREMENT });

export function useAddConflict(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConflictInput) => addConflict(graph, input),
    onSuccess: (_conflict, input) =>
      invalidateKeys(queryClient, [GAP_KEYS.conflicts(graph), ...requirementStateKeys(graph, input.requirement_a_id, input.requirement_b_id)]),
  });
}
