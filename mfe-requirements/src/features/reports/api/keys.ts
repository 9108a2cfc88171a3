// The react-query keys of the reports: computed over the whole process, under its overviews.
import { PROCESS_KEYS } from '../../../lib/queryKeys';
import type { ReportKind } from '../../../types/analysis';

export const REPORT_KEYS = {
  report: (graph: string, kind: ReportKind) => [...PROCESS_KEYS.overviews(graph), 'report', kind] as const,
  traceability: (graph: string) => [...PROCESS_KEYS.overviews(graph), 'traceability'] as const,
};
