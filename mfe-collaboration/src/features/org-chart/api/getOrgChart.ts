// GET org-chart: the organization's chart, every person a compact tuple (ORG_CHART_PERSON_COLUMNS).
// An import (here or by someone else: the 'Org Chart' live event) marks it stale.
import { apiClient } from '@portal/shared';
import { type OrgChart } from '@portal/shared/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORG_CHART_KEYS } from './keys';

export const getOrgChart = (graph: string, signal?: AbortSignal) =>
  apiClient.get<OrgChart>('org-chart', { graph, signal });

export const getOrgChartQueryOptions = (graph: string) =>
  queryOptions({
    queryKey: ORG_CHART_KEYS.chart(graph),
    queryFn: ({ signal }) => getOrgChart(graph, signal),
    staleTime: Infinity,
  });

export function useOrgChart(graph: string | undefined) {
  return useQuery({ ...getOrgChartQueryOptions(graph ?? ''), enabled: graph !== undefined });
}
