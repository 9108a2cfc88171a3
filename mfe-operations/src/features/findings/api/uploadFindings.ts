// POST security/findings?application= or ?repository=: a scanner's file (multipart 'file') into an
// application's or a repository's scope, with its progress; answers what the import changed. A
// file no importer reads is the API's 400, shown as it is.
import { apiClient, type UploadProgress } from '@portal/shared';
import type { FindingImportSummary } from '@portal/shared/operations';
import { OPERATIONS_PERMISSIONS } from '../../../lib/permissions';

export type UploadScope = { application: string } | { repository: string };

export function uploadFindings(graph: string, file: File, scope: UploadScope, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<FindingImportSummary> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiClient.upload<FindingImportSummary>('security/findings', body, {
    graph,
    params: { ...scope },
    permission: OPERATIONS_PERMISSIONS.UPLOAD_FINDINGS,
    onProgress,
    signal,
    notices: false,
  });
}
