// The overview's reads besides the lists: GET security/findings/trend (found, fixed and open per
// day of a filter) and the process's SLA per severity, GET and PUT security/sla (its change makes
// every due date and overdue count stale: the process's findings are read again).
import { apiClient, FRESHNESS } from '@portal/shared';
import type { FindingSla, FindingSlaView, FindingTrend } from '@portal/shared/operations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FindingsQuery } from '../../../lib/findingsQuery';
import { OPERATIONS_PERMISSIONS as P } from '../../../lib/permissions';
import { FINDING_KEYS } from '../../../lib/queryKeys';
import { findingsParams } from './getFindings';

export function useFindingTrend(graph: string, days: number, query: FindingsQuery) {
  return useQuery({
    queryKey: FINDING_KEYS.trend(graph, days, query),
    queryFn: ({ signal }) => {
      const { sort: _sort, order: _order, ...params } = findingsParams(query);
      return apiClient.get<FindingTrend>('security/findings/trend', { graph, params: { ...params, days: String(days) }, signal });
    },
    staleTime: FRESHNESS.applications,
    placeholderData: keepPreviousData,
    enabled: graph !== '',
  });
}

export function useFindingSla(graph: string) {
  return useQuery({
    queryKey: FINDING_KEYS.sla(graph),
    queryFn: ({ signal }) => apiClient.get<FindingSlaView>('security/sla', { graph, signal }),
    staleTime: FRESHNESS.applications,
    enabled: graph !== '',
  });
}

export function useSaveFindingSla(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sla: FindingSla) => apiClient.put<FindingSlaView>('security/sla', sla, { graph, permission: P.UPDATE_PROCESS, notices: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FINDING_KEYS.all(graph) }),
  });
}
