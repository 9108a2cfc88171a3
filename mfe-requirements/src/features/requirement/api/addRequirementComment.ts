// POST requirements/{id}/comments: a comment on the requirement.
import { apiClient, type RequirementComment } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, PROCESS_KEYS } from '../../../lib/queryKeys';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export const addRequirementComment = (graph: string, id: string, text: string) =>
  apiClient.post<RequirementComment>(requirementPath(id, 'comments'), { text }, { graph, permission: P.COMMENT_REQUIREMENT });

export function useAddRequirementComment(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addRequirementComment(graph, id, text),
    // The requirement's comments and the process-wide comment search; nothing else changes.
    onSuccess: () => invalidateKeys(queryClient, [REQUIREMENT_KEYS.comments(graph, id), PROCESS_KEYS.commentSearch(graph)]),
  });
}
