// POST org-chart/preview: the file (multipart 'file', CSV or XLSX) read by the API — its columns,
// first rows and a proposed mapping; nothing is stored. Files over the API's limit are refused
// before a byte is sent.
import { apiClient, ApiError } from '@portal/shared';
import { type OrgChartPreview } from '@portal/shared/collaboration';
import { PERMISSIONS } from '@portal/shared/permissions';

/** The API's limit (api/src/org-chart/parse.ts ORG_CHART_MAX_BYTES) and its 413 words. */
export const ORG_CHART_MAX_BYTES = 5 * 1024 * 1024;
export const ORG_CHART_TOO_LARGE = 'The file is larger than 5 MB.';
export const ORG_CHART_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function previewOrgChart(graph: string, file: File, signal?: AbortSignal): Promise<OrgChartPreview> {
  if (file.size > ORG_CHART_MAX_BYTES) return Promise.reject(new ApiError(413, ORG_CHART_TOO_LARGE));
  const body = new FormData();
  body.append('file', file, file.name);
  // The dialog shows the refusal in place.
  return apiClient.upload<OrgChartPreview>('org-chart/preview', body, { graph, signal, permission: PERMISSIONS.requirements.UPLOAD_ORG_CHART, notices: false });
}
