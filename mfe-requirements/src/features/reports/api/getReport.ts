// GET reports/{kind}?format=json: one report of the process as columns and rows; as CSV or PDF,
// the same report downloaded as a file.
import { apiClient, downloadFile, type ReportFormatQuery } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Report, ReportKind } from '../../../types/analysis';
import { REPORT_KEYS } from './keys';

export const getReport = (graph: string, kind: ReportKind, signal?: AbortSignal) =>
  apiClient.get<Report>(`reports/${kind}`, { graph, params: { format: 'json' } satisfies ReportFormatQuery, signal });

export const getReportQueryOptions = (graph: string, kind: ReportKind) =>
  queryOptions({ queryKey: REPORT_KEYS.report(graph, kind), queryFn: ({ signal }) => getReport(graph, kind, signal) });

export function useReport(graph: string, kind: ReportKind) {
  return useQuery(getReportQueryOptions(graph, kind));
}

export const downloadReport = (graph: string, kind: ReportKind, format: 'csv' | 'pdf') =>
  downloadFile(`reports/${kind}`, { graph, params: { format } satisfies ReportFormatQuery, fallbackName: `${kind}-report.${format}` });
