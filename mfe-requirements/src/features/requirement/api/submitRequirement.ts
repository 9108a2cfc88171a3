// POST requirements/{id}/submit: opens the REVIEW task (for a reviewer or a workgroup) and moves
// the requirement to IN_REVIEW (from REJECTED it also resolves the rejection).
import { apiClient, type RequirementTask, type ReviewSubmission } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, requirementStateKeys } from '../../../lib/queryKeys';
import { requirementPath } from './keys';

export type SubmitBody = ReviewSubmission;

export const submitRequirement = (graph: string, id: string, body: SubmitBody) =>
  apiClient.post<RequirementTask>(requirementPath(id, 'submit'), body, { graph, permission: P.UPDATE_REQUIREMENT });

export function useSubmitRequirement(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitBody) => submitRequirement(graph, id, body),
    onSuccess: () => invalidateKeys(queryClient, requirementStateKeys(graph, id)),
  });
}
