// GET apps/vulnerabilities/search?search=: findings of the latest build of each app whose advisory
// id, alias or summary contains the text (fresh for 30 minutes; never run for empty text).
import { apiClient, FRESHNESS, type VulnerabilitySearchResult } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import { searchable, searchIn, type SearchScope } from './searchScope';

export type VulnerabilityHit = VulnerabilitySearchResult;

export const searchVulnerabilities = (graph: string, text: string, signal?: AbortSignal) =>
  apiClient.get<VulnerabilityHit[]>('apps/vulnerabilities/search', { graph, params: { search: text.trim() }, notices: false, signal });

export const searchVulnerabilitiesQueryOptions = (scope: SearchScope, text: string) =>
  queryOptions({
    queryKey: APP_KEYS.search(scope ?? '*', 'vulnerabilities', text.trim()),
    queryFn: ({ signal }) => searchIn(scope, (graph) => searchVulnerabilities(graph, text, signal), signal),
    staleTime: FRESHNESS.searches,
  });

export function useVulnerabilitySearch(scope: SearchScope, text: string, enabled = true) {
  return useQuery({ ...searchVulnerabilitiesQueryOptions(scope, text), enabled: enabled && searchable(text) });
}
