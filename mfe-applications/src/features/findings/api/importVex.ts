// POST apps/{appKey}/builds/{buildId}/vex: a CycloneDX VEX (JSON, 1.2–1.6; a BOM with embedded
// vulnerabilities too) applied to the build's findings, sent with upload progress. Needs
// analyze=>Application and the VEX module.
import { apiClient, ApiError, isPermitted, messageForStatus, uploadTooLarge, type UploadProgress, type VexImportResult } from '@portal/shared';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';

export const VEX_ACCEPT = '.json,.cdx.json,.vex.json,application/json,application/vnd.cyclonedx+json';

export function importVex(
  graph: string,
  appKey: string,
  buildId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<VexImportResult> {
  if (!isPermitted(APPLICATION_PERMISSIONS.VEX_ANALYSIS)) return Promise.reject(new ApiError(403, messageForStatus(403)));
  // Larger than the API accepts: refused here with its message, before a byte is sent.
  const tooLarge = uploadTooLarge('vex', file);
  if (tooLarge) return Promise.reject(new ApiError(413, tooLarge));
  return apiClient.upload<VexImportResult>(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}/vex`, file, {
    graph,
    headers: { 'Content-Type': 'application/json' },
    permission: APPLICATION_PERMISSIONS.ANALYZE,
    onProgress,
    signal,
    notices: false,
  });
}
