// PUT / DELETE documents/{id}/requirements/{requirementId}: the document as evidence of a requirement.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_KEYS, DOCUMENT_PERMISSIONS } from './keys';

export const linkRequirement = (graph: string, id: string, requirementId: string, linked: boolean) => {
  const path = `documents/${encodeURIComponent(id)}/requirements/${encodeURIComponent(requirementId)}`;
  const options = { graph, permission: DOCUMENT_PERMISSIONS.UPLOAD, notices: false as const };
  return linked ? apiClient.put<void>(path, undefined, options) : apiClient.delete<void>(path, options);
};

export function useLinkRequirement(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requirementId, linked }: { requirementId: string; linked: boolean }) => linkRequirement(graph, id, requirementId, linked),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENT_KEYS.all(graph) }),
  });
}
