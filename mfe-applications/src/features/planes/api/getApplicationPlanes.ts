// GET apps/planes: the process's applications on the priority plane (placed, with x risk and y
// business criticality) and beside it (unplaced), each with its findings and suggested risk.
import { apiClient, FRESHNESS, type ApplicationPlanes } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';

export const applicationPlanesKey = (graph: string) => [...APP_KEYS.process(graph), 'planes'] as const;

export const getApplicationPlanes = (graph: string, signal?: AbortSignal) => apiClient.get<ApplicationPlanes>('apps/planes', { graph, signal });

export const getApplicationPlanesQueryOptions = (graph: string) =>
  queryOptions({
    queryKey: applicationPlanesKey(graph),
    queryFn: ({ signal }) => getApplicationPlanes(graph, signal),
    // The findings behind the suggested risk change as often as the applications list.
    staleTime: FRESHNESS.applications,
  });

export function useApplicationPlanes(graph: string) {
  return useQuery(getApplicationPlanesQueryOptions(graph));
}
