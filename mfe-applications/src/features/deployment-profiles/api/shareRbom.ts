// POST …/deploymentProfiles/{id}/shares: a new link to the RBOM, mailed to the recipients; the
// answer holds the link, shown once.
import { apiClient, type RbomShare, type RbomShareInput } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PERMISSIONS } from '../permissions';
import { PROFILE_KEYS, profilesPath } from './keys';

export const shareRbom = (graph: string, appKey: string, id: string, input: RbomShareInput) =>
  apiClient.post<RbomShare>(`${profilesPath(appKey, id)}/shares`, input, { graph, permission: PROFILE_PERMISSIONS.SHARE_RBOM });

export function useShareRbom(graph: string, appKey: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RbomShareInput) => shareRbom(graph, appKey, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.shares(graph, appKey, id) }),
  });
}
