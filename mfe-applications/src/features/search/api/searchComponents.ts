// GET apps/components/search?search=: components of the latest build of each app whose name,
// group or purl contains the text (fresh for 30 minutes, spec 9; never run for empty text, spec 5).
import { apiClient, FRESHNESS, type ComponentSearchResult } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import { searchable, searchIn, type SearchScope } from './searchScope';

export type ComponentHit = ComponentSearchResult;

export const searchComponents = (graph: string, text: string, signal?: AbortSignal) =>
  apiClient.get<ComponentHit[]>('apps/components/search', { graph, params: { search: text.trim() }, notices: false, signal });

export const searchComponentsQueryOptions = (scope: SearchScope, text: string) =>
  queryOptions({
    queryKey: APP_KEYS.search(scope ?? '*', 'components', text.trim()),
    queryFn: ({ signal }) => searchIn(scope, (graph) => searchComponents(graph, text, signal), signal),
    staleTime: FRESHNESS.searches,
  });

export function useComponentSearch(scope: SearchScope, text: string, enabled = true) {
  return useQuery({ ...searchComponentsQueryOptions(scope, text), enabled: enabled && searchable(text) });
}
