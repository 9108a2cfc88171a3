// PATCH requirements/{id}/progress: 0–100 %; 100 completes the requirement and its open
// delegations.
import { apiClient, type Requirement } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, requirementStateKeys } from '../../../lib/queryKeys';
import { requirementPath } from './keys';

export const updateRequirementProgress = (graph: string, id: string, progress: number) =>
  apiClient.patch<Requirement>(requirementPath(id, 'progress'), { progress }, { graph, permission: P.UPDATE_REQUIREMENT_PROGRESS });

export function useUpdateRequirementProgress(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (progress: number) => updateRequirementProgress(graph, id, progress),
    onSuccess: () => invalidateKeys(queryClient, requirementStateKeys(graph, id)),
  });
}
