// DELETE requirements/{id}: the requirement is kept under the Deleted label; its open tasks fail.
import { apiClient, type Requirement } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, requirementStateKeys } from '../../../lib/queryKeys';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export const deleteRequirement = (graph: string, id: string) =>
  apiClient.delete<void>(requirementPath(id), { graph, permission: P.DELETE_REQUIREMENT });

export function useDeleteRequirement(graph: string, requirement: Pick<Requirement, 'id' | 'parent_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRequirement(graph, requirement.id),
    // Its parent counts one child less.
    onSuccess: () =>
      invalidateKeys(queryClient, [
        ...requirementStateKeys(graph, requirement.id),
        ...(requirement.parent_id ? [REQUIREMENT_KEYS.detail(graph, requirement.parent_id)] : []),
      ]),
  });
}
