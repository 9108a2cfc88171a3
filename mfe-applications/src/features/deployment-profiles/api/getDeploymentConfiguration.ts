// GET …/deploymentProfiles/{profileId}/requestDeploymentConfiguration: the profile's RBOM. While it
// is computed (202 PENDING) it is asked for again every 15 s (spec 9) until data arrives.
import { apiClient, DEPLOYMENT_CONFIG_POLL_MS, type DeploymentConfiguration } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_KEYS, profilesPath } from './keys';

export const getDeploymentConfiguration = (graph: string, appKey: string, id: string, signal?: AbortSignal) =>
  apiClient.get<DeploymentConfiguration>(`${profilesPath(appKey, id)}/requestDeploymentConfiguration`, { graph, notices: false, signal });

export const getDeploymentConfigurationQueryOptions = (graph: string, appKey: string, id: string) =>
  queryOptions({
    queryKey: PROFILE_KEYS.configuration(graph, appKey, id),
    queryFn: ({ signal }) => getDeploymentConfiguration(graph, appKey, id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? DEPLOYMENT_CONFIG_POLL_MS : false),
  });

export function useDeploymentConfiguration(graph: string, appKey: string, id: string) {
  return useQuery(getDeploymentConfigurationQueryOptions(graph, appKey, id));
}
