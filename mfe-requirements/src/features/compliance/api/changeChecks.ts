// A requirement's checks changed by its editor: POST requirements/{id}/checks (add), PUT …/{checkId}
// (replace), DELETE …/{checkId}, and POST requirements/{id}/compliance/evaluate (evaluate now). Each
// is evaluated by the API at once: the requirement's compliance, the process's statuses and the
// dashboard's summary are read again (other users' screens hear the `Compliance` event).
import { apiClient } from '@portal/shared';
import type { ComplianceCheck, ComplianceCheckInput, RequirementCompliance } from '@portal/shared/compliance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, PROCESS_KEYS } from '../../../lib/queryKeys';
import { compliancePath } from './getCompliance';

const options = (graph: string) => ({ graph, permission: P.UPDATE_REQUIREMENT });

export const addCheck = (graph: string, id: string, input: ComplianceCheckInput) =>
  apiClient.post<ComplianceCheck>(compliancePath(id, 'checks'), input, options(graph));

export const replaceCheck = (graph: string, id: string, checkId: string, input: ComplianceCheckInput) =>
  apiClient.put<ComplianceCheck>(compliancePath(id, 'checks', encodeURIComponent(checkId)), input, options(graph));

export const deleteCheck = (graph: string, id: string, checkId: string) =>
  apiClient.delete<void>(compliancePath(id, 'checks', encodeURIComponent(checkId)), options(graph));

export const evaluateCompliance = (graph: string, id: string) =>
  apiClient.post<RequirementCompliance>(compliancePath(id, 'compliance', 'evaluate'), undefined, options(graph));

/** What a change of one requirement's checks makes stale (a failure also raises a gap: its detail and history). */
const changedKeys = (graph: string, id: string) => [
  PROCESS_KEYS.compliance(graph, id),
  PROCESS_KEYS.complianceStatuses(graph),
  PROCESS_KEYS.complianceSummary(graph),
  PROCESS_KEYS.requirement(graph, id),
  PROCESS_KEYS.history(graph, id),
];

/** Adds (no `checkId`) or replaces a check. */
export function useSaveCheck(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkId, input }: { checkId?: string; input: ComplianceCheckInput }) =>
      checkId === undefined ? addCheck(graph, id, input) : replaceCheck(graph, id, checkId, input),
    onSuccess: () => invalidateKeys(queryClient, changedKeys(graph, id)),
  });
}

export function useDeleteCheck(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkId: string) => deleteCheck(graph, id, checkId),
    onSuccess: () => invalidateKeys(queryClient, changedKeys(graph, id)),
  });
}

/** Evaluates now; the answer is the requirement's compliance, put in place before the rest is read again. */
export function useEvaluateCompliance(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => evaluateCompliance(graph, id),
    onSuccess: (compliance) => {
      queryClient.setQueryData(PROCESS_KEYS.compliance(graph, id), compliance);
      return invalidateKeys(queryClient, changedKeys(graph, id).slice(1));
    },
  });
}
