// POST vulnerabilities/kev: CISA's known exploited vulnerabilities catalog
// (known_exploited_vulnerabilities.json) as the multipart field 'file'; findings of the CVEs it
// names are flagged 'active exploit'. The same for every process: no graph.
import { apiClient, type KevImportCounts, type UploadProgress } from '@portal/shared';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';

export const KEV_ACCEPT = '.json,application/json';

export function importKevFile(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<KevImportCounts> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiClient.upload<KevImportCounts>('vulnerabilities/kev', body, { permission: APPLICATION_PERMISSIONS.IMPORT_ADVISORIES, onProgress, signal, notices: false });
}
