// GET sbom?app=&build=: a build's components as the flat list the tree is built from (bom_ref,
// project, parent), each with its licenses and vulnerabilities. A final build does not change, so
// the list is fresh for the 5 minutes of builds (spec 9).
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { SbomAnswer } from '../../../lib/types';

export const getSbomComponents = (graph: string, appKey: string, buildId: string, signal?: AbortSignal) =>
  apiClient.get<SbomAnswer>('sbom', { graph, params: { app: appKey, build: buildId }, signal });

export const getSbomComponentsQueryOptions = (graph: string, appKey: string, buildId: string) =>
  queryOptions({
    queryKey: APP_KEYS.components(graph, appKey, buildId),
    queryFn: ({ signal }) => getSbomComponents(graph, appKey, buildId, signal),
    staleTime: FRESHNESS.builds,
  });

export function useSbomComponents(graph: string, appKey: string, buildId: string) {
  return useQuery(getSbomComponentsQueryOptions(graph, appKey, buildId));
}
