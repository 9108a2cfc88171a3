// POST requirements/{id}/risks: a risk on a requirement (likelihood × impact, 1–5 each); the API
// opens its task and marks the requirement.
import { apiClient, type NewRisk } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, requirementStateKeys } from '../../../lib/queryKeys';
import type { Risk } from '../../../types/analysis';
import { GAP_KEYS } from './keys';

/** The contract's body of POST requirements/{id}/risks, with the requirement its path names. */
export interface RiskInput extends NewRisk {
  requirementId: string;
}

export const addRisk = (graph: string, { requirementId, ...body }: RiskInput) =>
  apiClient.post<Risk>(`requirements/${encodeURIComponent(requirementId)}/risks`, body, { graph, permission: P.ASSESS_REQUIREMENT });

export function useAddRisk(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RiskInput) => addRisk(graph, input),
    onSuccess: (_risk, input) => invalidateKeys(queryClient, [GAP_KEYS.risks(graph), ...requirementStateKeys(graph, input.requirementId)]),
  });
}
