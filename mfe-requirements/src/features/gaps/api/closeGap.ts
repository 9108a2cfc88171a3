// POST assessments/gaps/{id}/close: the gap is closed and its task completes.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, requirementStateKeys } from '../../../lib/queryKeys';
import type { Gap } from '../../../types/analysis';
import { GAP_KEYS } from './keys';

export const closeGap = (graph: string, id: string) =>
  apiClient.post<Gap>(`assessments/gaps/${encodeURIComponent(id)}/close`, {}, { graph, permission: P.GAP_UPDATE });

export function useCloseGap(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gap: Gap) => closeGap(graph, gap.id),
    onSuccess: (_closed, gap) => invalidateKeys(queryClient, [GAP_KEYS.gaps(graph), ...requirementStateKeys(graph, gap.requirement.id)]),
  });
}
