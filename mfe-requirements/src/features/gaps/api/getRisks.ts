// GET assessments/risks: the process's risks.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Risk } from '../../../types/analysis';
import { GAP_KEYS } from './keys';

export const getRisks = (graph: string, signal?: AbortSignal) => apiClient.get<Risk[]>('assessments/risks', { graph, signal });

export const getRisksQueryOptions = (graph: string) => queryOptions({ queryKey: GAP_KEYS.risks(graph), queryFn: ({ signal }) => getRisks(graph, signal) });

export function useRisks(graph: string) {
  return useQuery(getRisksQueryOptions(graph));
}
