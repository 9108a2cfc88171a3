// GET apps/{appKey}/builds/{buildId}/vex: the build's findings and analyses as a CycloneDX 1.6 VEX,
// saved under the server's name (<app>-build-<n>.vex.json). Needs export=>SBOM and the VEX module.
import { ApiError, downloadFile, isPermitted, messageForStatus } from '@portal/shared';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';

export function exportVex(graph: string, appKey: string, buildId: string, buildNumber: number): Promise<string> {
  if (!isPermitted(APPLICATION_PERMISSIONS.EXPORT_SBOM) || !isPermitted(APPLICATION_PERMISSIONS.VEX_ANALYSIS)) {
    return Promise.reject(new ApiError(403, messageForStatus(403)));
  }
  return downloadFile(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}/vex`, {
    graph,
    fallbackName: `${appKey}-build-${buildNumber}.vex.json`,
  });
}
