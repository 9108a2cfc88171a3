// GET apps/{appKey}/deploymentProfiles: the app's profiles, fresh for 30 minutes (spec 9).
import { apiClient, FRESHNESS, type DeploymentProfileView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_KEYS, profilesPath } from './keys';

export const getDeploymentProfiles = (graph: string, appKey: string, signal?: AbortSignal) =>
  apiClient.get<DeploymentProfileView[]>(profilesPath(appKey), { graph, signal });

export const getDeploymentProfilesQueryOptions = (graph: string, appKey: string) =>
  queryOptions({
    queryKey: PROFILE_KEYS.all(graph, appKey),
    queryFn: ({ signal }) => getDeploymentProfiles(graph, appKey, signal),
    staleTime: FRESHNESS.deploymentProfiles,
  });

export function useDeploymentProfiles(graph: string, appKey: string) {
  return useQuery(getDeploymentProfilesQueryOptions(graph, appKey));
}
