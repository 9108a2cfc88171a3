// DELETE apps/{appKey}/deploymentProfiles/{id}: the profile with its RBOM and shared links.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PERMISSIONS } from '../permissions';
import { PROFILE_KEYS, profilesPath } from './keys';

export const deleteDeploymentProfile = (graph: string, appKey: string, id: string) =>
  apiClient.delete<void>(profilesPath(appKey, id), { graph, permission: PROFILE_PERMISSIONS.DELETE });

export function useDeleteDeploymentProfile(graph: string, appKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDeploymentProfile(graph, appKey, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all(graph, appKey) }),
  });
}
