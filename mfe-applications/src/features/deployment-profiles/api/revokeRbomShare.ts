// DELETE …/deploymentProfiles/{id}/shares/{shareId}: the link no longer opens.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PERMISSIONS } from '../permissions';
import { PROFILE_KEYS, profilesPath } from './keys';

export const revokeRbomShare = (graph: string, appKey: string, id: string, shareId: string) =>
  apiClient.delete<void>(`${profilesPath(appKey, id)}/shares/${encodeURIComponent(shareId)}`, { graph, permission: PROFILE_PERMISSIONS.SHARE_RBOM });

export function useRevokeRbomShare(graph: string, appKey: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => revokeRbomShare(graph, appKey, id, shareId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.shares(graph, appKey, id) }),
  });
}
