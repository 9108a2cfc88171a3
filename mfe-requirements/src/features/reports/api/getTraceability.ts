// GET requirements/traceability?format=json: the traceability matrix, one row per requirement in
// tree order; as CSV, the whole matrix downloaded as a file.
import { apiClient, downloadFile, type ReportFormatQuery } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TraceabilityRow } from '../../../types/analysis';
import { REPORT_KEYS } from './keys';

export const getTraceability = (graph: string, signal?: AbortSignal) =>
  apiClient.get<TraceabilityRow[]>('requirements/traceability', { graph, params: { format: 'json' } satisfies ReportFormatQuery, signal });

export const getTraceabilityQueryOptions = (graph: string) =>
  queryOptions({ queryKey: REPORT_KEYS.traceability(graph), queryFn: ({ signal }) => getTraceability(graph, signal) });

export function useTraceability(graph: string) {
  return useQuery(getTraceabilityQueryOptions(graph));
}

export const downloadTraceability = (graph: string) =>
  downloadFile('requirements/traceability', { graph, params: { format: 'csv' } satisfies ReportFormatQuery, fallbackName: `traceability-${graph}.csv` });
