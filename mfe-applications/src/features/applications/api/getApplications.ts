// GET apps: Security Posture, the process's applications with their latest build and their
// vulnerabilities by severity (fresh for 30 s, spec 9).
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { ApplicationSummary } from '../../../lib/types';

export const getApplications = (graph: string, signal?: AbortSignal) =>
  apiClient.get<ApplicationSummary[]>('apps', { graph, signal });

export const getApplicationsQueryOptions = (graph: string) =>
  queryOptions({
    queryKey: APP_KEYS.list(graph),
    queryFn: ({ signal }) => getApplications(graph, signal),
    staleTime: FRESHNESS.applications,
  });

export function useApplications(graph: string | undefined) {
  return useQuery({ ...getApplicationsQueryOptions(graph ?? ''), enabled: graph !== undefined });
}
