// POST vulnerabilities/imports: OSV advisories into the vulnerability database, one file per
// request as the multipart field 'file' (an OSV record or array in JSON, or an OSV zip export),
// so each problem names its file. Advisories are the same for every process: no graph.
import { ADVISORY_UPLOAD_MAX_BYTES, ADVISORY_UPLOAD_TOO_LARGE, apiClient, type AdvisoryImportCounts, type UploadProgress } from '@portal/shared';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';

// The API's limit on one file and its 413 message: the contract's.
export { ADVISORY_UPLOAD_MAX_BYTES, ADVISORY_UPLOAD_TOO_LARGE };
export const ADVISORY_ACCEPT = '.json,.zip,application/json,application/zip';

/** Files of a picked folder that are advisories (OSV's own folders also hold READMEs). */
export const isAdvisoryFile = (file: File) => /\.(json|zip)$/i.test(file.name);

export function importAdvisoryFile(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<AdvisoryImportCounts> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiClient.upload<AdvisoryImportCounts>('vulnerabilities/imports', body, {
    permission: APPLICATION_PERMISSIONS.IMPORT_ADVISORIES,
    onProgress,
    signal,
    notices: false,
  });
}
