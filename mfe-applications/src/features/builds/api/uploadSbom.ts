// POST apps/{appKey}/builds: an SBOM file (CycloneDX 1.2–1.6 JSON or XML, SPDX 2.3 JSON, or any
// of them gzip-compressed) as the multipart field 'bom'; 202 with the PENDING build, processed in
// the background. Sizes the API refuses (413) are refused before a byte is sent.
import { apiClient, ApiError, SBOM_MAX_UPLOAD_BYTES, SBOM_TOO_LARGE, type UploadProgress } from '@portal/shared';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import type { Build } from '../../../lib/types';

// The API's limit on an upload and its 413 message: the contract's.
export { SBOM_MAX_UPLOAD_BYTES, SBOM_TOO_LARGE };
/** What the file picker offers; the server recognises the format by content. */
export const SBOM_ACCEPT = '.json,.xml,.gz,.cdx,.bom,.spdx,application/json,application/xml,text/xml,application/gzip';

export function uploadSbom(graph: string, appKey: string, file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<Build> {
  if (file.size > SBOM_MAX_UPLOAD_BYTES) return Promise.reject(new ApiError(413, SBOM_TOO_LARGE));
  const body = new FormData();
  body.append('bom', file, file.name);
  return apiClient.upload<Build>(`apps/${encodeURIComponent(appKey)}/builds`, body, {
    graph,
    permission: APPLICATION_PERMISSIONS.INGEST_SBOM,
    onProgress,
    signal,
    notices: false,
  });
}
