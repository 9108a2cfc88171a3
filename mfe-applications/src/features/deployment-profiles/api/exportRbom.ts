// GET …/deploymentProfiles/{id}/rbom: the RBOM as CycloneDX 1.6 JSON, saved under the server's name.
import { ApiError, downloadFile, isPermitted, messageForStatus } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { PROFILE_PERMISSIONS } from '../permissions';
import { profilesPath } from './keys';

export async function exportRbom(graph: string, appKey: string, id: string): Promise<string> {
  if (!isPermitted(PROFILE_PERMISSIONS.EXPORT_RBOM)) throw new ApiError(403, messageForStatus(403));
  return downloadFile(`${profilesPath(appKey, id)}/rbom`, { graph, fallbackName: `${appKey}.rbom.cdx.json` });
}

export function useExportRbom(graph: string, appKey: string) {
  return useMutation({ mutationFn: (id: string) => exportRbom(graph, appKey, id) });
}
