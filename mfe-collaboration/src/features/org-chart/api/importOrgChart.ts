// POST org-chart: the file again with the mapping chosen (multipart 'file' and 'mapping'). The
// answer is the change report; a 422 carries every row error with its line (nothing changed).
import { PERMISSIONS } from '@portal/shared/permissions';
import { apiClient, isApiError } from '@portal/shared';
import { type OrgChartChangeReport, type OrgChartMapping, type OrgChartRowError } from '@portal/shared/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_CHART_KEYS } from './keys';

export interface ImportOrgChartInput {
  graph: string;
  file: File;
  mapping: OrgChartMapping;
}

export function importOrgChart({ graph, file, mapping }: ImportOrgChartInput): Promise<OrgChartChangeReport> {
  const body = new FormData();
  body.append('mapping', JSON.stringify(mapping));
  body.append('file', file, file.name);
  return apiClient.upload<OrgChartChangeReport>('org-chart', body, { graph, permission: PERMISSIONS.requirements.UPLOAD_ORG_CHART, notices: false });
}

/** The row errors of a refused import (422), or none. */
export function rowErrorsOf(error: unknown): OrgChartRowError[] {
  if (!isApiError(error) || error.status !== 422) return [];
  const rows = error.problem?.rows;
  return Array.isArray(rows) ? (rows as OrgChartRowError[]) : [];
}

export function useImportOrgChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importOrgChart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORG_CHART_KEYS.all }),
  });
}
