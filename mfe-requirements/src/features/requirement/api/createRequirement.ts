// POST requirements: a new requirement (under `parent_id`, a sub-requirement of it).
import { apiClient, type Requirement, type RequirementInput } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, PROCESS_KEYS } from '../../../lib/queryKeys';
import { REQUIREMENT_KEYS } from './keys';

export const createRequirement = (graph: string, input: RequirementInput) =>
  apiClient.post<Requirement>('requirements', input, { graph, permission: P.CREATE_REQUIREMENT });

export function useCreateRequirement(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequirementInput) => createRequirement(graph, input),
    // The lists gain it, its parent counts one more child, the overviews count it.
    onSuccess: (_created, input) =>
      invalidateKeys(queryClient, [
        REQUIREMENT_KEYS.lists(graph),
        ...(input.parent_id ? [REQUIREMENT_KEYS.detail(graph, input.parent_id)] : []),
        PROCESS_KEYS.overviews(graph),
      ]),
  });
}
