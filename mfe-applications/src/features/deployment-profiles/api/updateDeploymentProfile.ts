// PUT apps/{appKey}/deploymentProfiles/{id}: a changed profile; its RBOM is computed again.
import { apiClient, type DeploymentProfileInput, type DeploymentProfileView } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PERMISSIONS } from '../permissions';
import { PROFILE_KEYS, profilesPath } from './keys';

export const updateDeploymentProfile = (graph: string, appKey: string, id: string, input: Partial<DeploymentProfileInput>) =>
  // A detached build is sent as null, which the client drops from an object body: JSON text.
  apiClient.put<DeploymentProfileView>(profilesPath(appKey, id), JSON.stringify(input), {
    graph,
    permission: PROFILE_PERMISSIONS.UPDATE,
    headers: { 'Content-Type': 'application/json' },
  });

export function useUpdateDeploymentProfile(graph: string, appKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: Partial<DeploymentProfileInput> }) => updateDeploymentProfile(graph, appKey, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_KEYS.all(graph, appKey) }),
  });
}
