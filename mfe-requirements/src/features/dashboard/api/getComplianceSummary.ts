// GET compliance/summary: the process's compliance per standard and family, with its 30-day trend.
// Read again on a `Compliance` event (app/liveRules.ts) and with the other overviews.
import { apiClient } from '@portal/shared';
import type { ComplianceSummary } from '@portal/shared/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const getComplianceSummary = (graph: string, signal?: AbortSignal) => apiClient.get<ComplianceSummary>('compliance/summary', { graph, signal });

export const getComplianceSummaryQueryOptions = (graph: string) =>
  queryOptions({ queryKey: PROCESS_KEYS.complianceSummary(graph), queryFn: ({ signal }) => getComplianceSummary(graph, signal) });

/** `refreshMs`: read again that often (the MIX dashboard); false: only when invalidated. */
export function useComplianceSummary(graph: string, refreshMs: number | false) {
  return useQuery({ ...getComplianceSummaryQueryOptions(graph), refetchInterval: refreshMs });
}
