// POST …/vulnerabilities/{vulnId}/vex?component=: a finding's VEX analysis (state, justification,
// response, detail) and/or a comment, added to its trail. Needs analyze=>Application and the VEX
// module (use=>VexAnalysis): without both it is refused here as 403, without a request.
import { apiClient, ApiError, isPermitted, messageForStatus, type BuildVulnerabilityDetail, type VexAnalysisInput, type VexQuery } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { APP_KEYS } from '../../../lib/queryKeys';
import { findingPath, type FindingRef } from './getBuildVulnerability';

const P = APPLICATION_PERMISSIONS;

export function setVexAnalysis(graph: string, appKey: string, buildId: string, { vulnId, component }: FindingRef, input: VexAnalysisInput) {
  if (!isPermitted(P.VEX_ANALYSIS)) return Promise.reject(new ApiError(403, messageForStatus(403)));
  return apiClient.post<BuildVulnerabilityDetail>(findingPath(appKey, buildId, vulnId, 'vex'), input, {
    graph,
    params: { component: component ?? undefined } satisfies VexQuery,
    permission: P.ANALYZE,
  });
}

export function useSetVexAnalysis(graph: string, appKey: string, buildId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, input }: { ref: FindingRef; input: VexAnalysisInput }) => setVexAnalysis(graph, appKey, buildId, ref, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_KEYS.findings(graph, appKey, buildId) }),
  });
}
