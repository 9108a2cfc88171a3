// GET requirements/{id}/duplicates: the requirements that look like one requirement.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuplicateCandidate } from '../../../types/analysis';
import { DUPLICATE_KEYS } from './keys';

export const getDuplicateCandidates = (graph: string, requirementId: string, signal?: AbortSignal) =>
  apiClient.get<DuplicateCandidate[]>(`requirements/${encodeURIComponent(requirementId)}/duplicates`, { graph, signal });

export const getDuplicateCandidatesQueryOptions = (graph: string, requirementId: string) =>
  queryOptions({ queryKey: DUPLICATE_KEYS.candidates(graph, requirementId), queryFn: ({ signal }) => getDuplicateCandidates(graph, requirementId, signal) });

export function useDuplicateCandidates(graph: string, requirementId: string) {
  return useQuery(getDuplicateCandidatesQueryOptions(graph, requirementId));
}
