// PUT / DELETE requirements/{id}/applications/{applicationId}: an application of the process
// implements the requirement, or no longer does. Both answer the requirement's applications.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, PROCESS_KEYS } from '../../../lib/queryKeys';
import type { LinkedApplication } from './getRequirementRecords';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export const linkApplication = (graph: string, id: string, applicationId: string) =>
  apiClient.put<LinkedApplication[]>(requirementPath(id, 'applications', encodeURIComponent(applicationId)), undefined, {
    graph,
    permission: P.UPDATE_REQUIREMENT,
  });

export const unlinkApplication = (graph: string, id: string, applicationId: string) =>
  apiClient.delete<LinkedApplication[]>(requirementPath(id, 'applications', encodeURIComponent(applicationId)), {
    graph,
    permission: P.UPDATE_REQUIREMENT,
  });

/** Links (`link: true`) or unlinks an application: the requirement's applications and the traceability matrix change. */
export function useApplicationLink(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, link }: { applicationId: string; link: boolean }) =>
      link ? linkApplication(graph, id, applicationId) : unlinkApplication(graph, id, applicationId),
    onSuccess: () => invalidateKeys(queryClient, [REQUIREMENT_KEYS.applications(graph, id), PROCESS_KEYS.overviews(graph)]),
  });
}
