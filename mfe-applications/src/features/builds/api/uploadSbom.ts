// POST apps/{appKey}/builds: an SBOM file (CycloneDX 1.2–1.6 JSON or XML, SPDX 2.3 JSON, or any
// of them gzip-compressed) as the multipart field 'bom'; 202 with the PENDING build, processed in
// the background. Sizes the API refuses (413) are refused before a byte is sent.
import { ApiError, SBOM_MAX_UPLOAD_BYTES, SBOM_TOO_LARGE } from '@portal/shared';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import type { Build } from '../../../lib/types';
import { upload, type Upload, type UploadProgress } from '../../../lib/upload';

// The API's limit on an upload and its 413 message: the contract's.
export { SBOM_MAX_UPLOAD_BYTES, SBOM_TOO_LARGE };
/** What the file picker offers; the server recognises the format by content. */
export const SBOM_ACCEPT = '.json,.xml,.gz,.cdx,.bom,.spdx,application/json,application/xml,text/xml,application/gzip';

export function uploadSbom(graph: string, appKey: string, file: File, onProgress: (progress: UploadProgress) => void): Upload<Build> {
  if (file.size > SBOM_MAX_UPLOAD_BYTES) {
    return { promise: Promise.reject(new ApiError(413, SBOM_TOO_LARGE)), abort: () => undefined };
  }
  const body = new FormData();
  body.append('bom', file, file.name);
  return upload<Build>({
    path: `apps/${encodeURIComponent(appKey)}/builds`,
    graph,
    body,
    permission: APPLICATION_PERMISSIONS.INGEST_SBOM,
    onProgress,
  });
}
