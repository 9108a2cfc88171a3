// GET apps/components/search?search= and apps/vulnerabilities/search?search=: over the latest build
// of each app, the components whose name, group or purl contains the text, or the findings whose
// advisory id, alias or summary does (fresh for 30 minutes, spec 9; never run for empty text,
// spec 5). One call: only the path, its answer's type and its query key differ.
import { apiClient, FRESHNESS, type ComponentSearchResult, type VulnerabilitySearchResult } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import { searchable, searchIn, type SearchScope } from './searchScope';

export type ComponentHit = ComponentSearchResult;
export type VulnerabilityHit = VulnerabilitySearchResult;

interface Hit {
  components: ComponentHit;
  vulnerabilities: VulnerabilityHit;
}
export type FindingSearchKind = keyof Hit;

export const searchFindings = <K extends FindingSearchKind>(graph: string, kind: K, text: string, signal?: AbortSignal) =>
  apiClient.get<Hit[K][]>(`apps/${kind}/search`, { graph, params: { search: text.trim() }, notices: false, signal });

export const searchFindingsQueryOptions = <K extends FindingSearchKind>(scope: SearchScope, kind: K, text: string) =>
  queryOptions({
    queryKey: APP_KEYS.search(scope ?? '*', kind, text.trim()),
    queryFn: ({ signal }) => searchIn<Hit[K]>(scope, (graph) => searchFindings(graph, kind, text, signal), signal),
    staleTime: FRESHNESS.searches,
  });

export function useFindingSearch<K extends FindingSearchKind>(scope: SearchScope, kind: K, text: string, enabled = true) {
  return useQuery({ ...searchFindingsQueryOptions(scope, kind, text), enabled: enabled && searchable(text) });
}
