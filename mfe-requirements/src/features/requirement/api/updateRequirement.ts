// PUT requirements/{id}: the requirement's fields, on the version the form was opened on (409 when
// someone changed it since).
import { apiClient, type Requirement, type RequirementInput } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, PROCESS_KEYS } from '../../../lib/queryKeys';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export type RequirementUpdate = RequirementInput & { version: number };

export const updateRequirement = (graph: string, id: string, input: RequirementUpdate) =>
  apiClient.put<Requirement>(requirementPath(id), input, { graph, permission: P.UPDATE_REQUIREMENT });

export function useUpdateRequirement(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequirementUpdate) => updateRequirement(graph, id, input),
    onSuccess: () =>
      invalidateKeys(queryClient, [
        REQUIREMENT_KEYS.detail(graph, id),
        REQUIREMENT_KEYS.events(graph, id),
        REQUIREMENT_KEYS.lists(graph),
        PROCESS_KEYS.overviews(graph),
      ]),
  });
}
