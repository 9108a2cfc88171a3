// A finding's links to requirements: the process's requirements found by a search (GET
// requirements?search=, for the picker) and PUT security/findings/{id}/requirements replacing the
// finding's set; the process's findings read again when done (the detail shows the links).
import { apiClient } from '@portal/shared';
import type { FindingRequirementRef } from '@portal/shared/operations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATIONS_PERMISSIONS as P } from '../../../lib/permissions';
import { FINDING_KEYS } from '../../../lib/queryKeys';

export const PICKER_SIZE = 20;

/** The live requirements of the process whose code, title or text holds `search`. */
export function useRequirementSearch(graph: string, search: string) {
  return useQuery({
    queryKey: ['requirements', graph, 'picker', search],
    queryFn: ({ signal }) =>
      apiClient.get<{ items: FindingRequirementRef[]; total: number }>('requirements', {
        graph,
        params: { ...(search ? { search } : {}), limit: String(PICKER_SIZE), deleted: 'exclude', sort: 'code' },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: graph !== '',
  });
}

export function useLinkRequirements(graph: string, findingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requirementIds: string[]) =>
      apiClient.put<{ requirements: FindingRequirementRef[] }>(`security/findings/${encodeURIComponent(findingId)}/requirements`, { requirement_ids: requirementIds }, {
        graph,
        permission: P.TRIAGE_FINDINGS,
        notices: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FINDING_KEYS.all(graph) }),
  });
}
