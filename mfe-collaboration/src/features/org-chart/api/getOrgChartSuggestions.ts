// GET org-chart/suggestions (item 11): whom the chart offers when a task is assigned — the portal
// user of the owner's manager (`owner`: a user id) and the portal users of a department. For the
// assignment screens: a picker shows them above the assignee list.
import { apiClient } from '@portal/shared';
import { type OrgChartSuggestions } from '@portal/shared/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORG_CHART_KEYS } from './keys';

export interface SuggestionQuery {
  owner?: string;
  department?: string;
}

export const getOrgChartSuggestions = (graph: string, { owner, department }: SuggestionQuery, signal?: AbortSignal) =>
  apiClient.get<OrgChartSuggestions>('org-chart/suggestions', {
    graph,
    params: { owner, department },
    signal,
    // A picker that falls back to the assignee list: a refusal is not the user's business.
    notices: false,
  });

export const getOrgChartSuggestionsQueryOptions = (graph: string, query: SuggestionQuery) =>
  queryOptions({
    queryKey: ORG_CHART_KEYS.suggestions(graph, query.owner, query.department),
    queryFn: ({ signal }) => getOrgChartSuggestions(graph, query, signal),
    staleTime: Infinity,
  });

export function useOrgChartSuggestions(graph: string | undefined, query: SuggestionQuery, enabled = true) {
  return useQuery({ ...getOrgChartSuggestionsQueryOptions(graph ?? '', query), enabled: enabled && graph !== undefined });
}
