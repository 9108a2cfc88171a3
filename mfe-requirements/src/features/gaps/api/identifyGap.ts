// POST requirements/{id}/gaps: a gap on a requirement, with its remediation plan and target date;
// the API opens its HAS_GAP task (for the assignee, if one is named) and marks the requirement.
import { apiClient, type NewGap } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, requirementStateKeys } from '../../../lib/queryKeys';
import type { Gap } from '../../../types/analysis';
import { GAP_KEYS } from './keys';

/** The contract's body of POST requirements/{id}/gaps, with the requirement its path names. */
export interface GapInput extends NewGap {
  requirementId: string;
}

export const identifyGap = (graph: string, { requirementId, ...body }: GapInput) =>
  apiClient.post<Gap>(`requirements/${encodeURIComponent(requirementId)}/gaps`, body, { graph, permission: P.GAP_CREATE });

export function useIdentifyGap(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GapInput) => identifyGap(graph, input),
    onSuccess: (_gap, input) => invalidateKeys(queryClient, [GAP_KEYS.gaps(graph), ...requirementStateKeys(graph, input.requirementId)]),
  });
}
