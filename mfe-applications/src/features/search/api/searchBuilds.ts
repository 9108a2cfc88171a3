// GET apps/builds/search?search=&category=: builds whose app (key, name, portfolio), component or
// vulnerability matches the text, in the category asked (fresh for 30 minutes; never run for empty
// text).
import { apiClient, FRESHNESS, type BuildSearchCategory, type BuildSearchResult } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import { searchable, searchIn, type SearchScope } from './searchScope';

export type BuildHit = BuildSearchResult;

export const searchBuilds = (graph: string, text: string, category: BuildSearchCategory, signal?: AbortSignal) =>
  apiClient.get<BuildHit[]>('apps/builds/search', { graph, params: { search: text.trim(), category }, notices: false, signal });

export const searchBuildsQueryOptions = (scope: SearchScope, text: string, category: BuildSearchCategory) =>
  queryOptions({
    queryKey: APP_KEYS.search(scope ?? '*', 'builds', text.trim(), category),
    queryFn: ({ signal }) => searchIn(scope, (graph) => searchBuilds(graph, text, category, signal), signal),
    staleTime: FRESHNESS.searches,
  });

export function useBuildSearch(scope: SearchScope, text: string, category: BuildSearchCategory, enabled = true) {
  return useQuery({ ...searchBuildsQueryOptions(scope, text, category), enabled: enabled && searchable(text) });
}
