// POST vulnerabilities/imports: OSV advisories into the vulnerability database, one file per
// request as the multipart field 'file' (an OSV record or array in JSON, or an OSV zip export),
// so each problem names its file. Advisories are the same for every process: no graph.
import { apiClient, type AdvisoryImportCounts, type UploadProgress } from '@portal/shared';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';

/** The API's limit (api/src/vulnerabilities/routes.ts ADVISORY_UPLOAD_MAX_BYTES). */
export const ADVISORY_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
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
