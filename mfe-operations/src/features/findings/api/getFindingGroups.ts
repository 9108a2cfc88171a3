// GET security/findings/groups: a filter's findings counted by a dimension (account, region,
// standard, rule…), the largest groups first, each with its counts per severity.
import { apiClient, FRESHNESS } from '@portal/shared';
import type { FindingGroupDimension, FindingGroupsPage } from '@portal/shared/operations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FindingsQuery } from '../../../lib/findingsQuery';
import { FINDING_KEYS } from '../../../lib/queryKeys';
import { findingsParams } from './getFindings';

export const GROUPS_SHOWN = 10;

export function getFindingGroups(graph: string, by: FindingGroupDimension, query: FindingsQuery, signal?: AbortSignal) {
  const { sort: _sort, order: _order, ...params } = findingsParams(query);
  return apiClient.get<FindingGroupsPage>('security/findings/groups', { graph, params: { ...params, by, limit: String(query.limit ?? GROUPS_SHOWN) }, signal });
}

export function useFindingGroups(graph: string, by: FindingGroupDimension, query: FindingsQuery) {
  return useQuery({
    queryKey: FINDING_KEYS.groups(graph, by, query),
    queryFn: ({ signal }) => getFindingGroups(graph, by, query, signal),
    staleTime: FRESHNESS.applications,
    placeholderData: keepPreviousData,
    enabled: graph !== '',
  });
}
