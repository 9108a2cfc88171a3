// POST security/findings/triage: one decision on the selected findings (all or none), and PUT
// security/findings/{id}/state for one. The dialog shows the API's refusal at its fields; the
// process's findings (lists, totals, open finding) read again when done.
import { apiClient } from '@portal/shared';
import type { FindingTriageResult, FindingTriageState } from '@portal/shared/operations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FINDING_KEYS } from '../../../lib/queryKeys';
import { OPERATIONS_PERMISSIONS } from '../../../lib/permissions';

export interface TriageDecision {
  ids: string[];
  state: FindingTriageState;
  reason?: string;
  expires_at?: string;
}

export function triageFindings(graph: string, { ids, ...decision }: TriageDecision) {
  const body = { state: decision.state, ...(decision.reason ? { reason: decision.reason } : {}), ...(decision.expires_at ? { expires_at: decision.expires_at } : {}) };
  const options = { graph, permission: OPERATIONS_PERMISSIONS.TRIAGE_FINDINGS, notices: false } as const;
  if (ids.length === 1) return apiClient.put<FindingTriageResult>(`security/findings/${encodeURIComponent(ids[0]!)}/state`, body, options);
  return apiClient.post<FindingTriageResult>('security/findings/triage', { ids, ...body }, options);
}

export function useTriageFindings(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TriageDecision) => triageFindings(graph, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FINDING_KEYS.all(graph) }),
  });
}
