// POST apps/{appKey}/deploymentProfiles: a new profile (a build attached needs the attach permission).
import { apiClient, type DeploymentProfileInput, type DeploymentProfileView } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PERMISSIONS } from '../permissions';
import { PROFILE_KEYS, profilesPath } from './keys';

export const createDeploymentProfile = (graph: string, appKey: string, input: DeploymentProfileInput) =>
  apiClient.post<DeploymentProfileView>(profilesPath(appKey), input, { graph, permission: PROFILE_PERMISSIONS.CREATE });

export function useCreateDeploymentProfile(graph: string, appKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeploymentProfileInput) => createDeploymentProfile(graph, appKey, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all(graph, appKey) }),
  });
}
