// GET conflicts: the conflicts recorded between requirements of the process.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conflict } from '../../../types/analysis';
import { GAP_KEYS } from './keys';

export const getConflicts = (graph: string, signal?: AbortSignal) => apiClient.get<Conflict[]>('conflicts', { graph, signal });

export const getConflictsQueryOptions = (graph: string) =>
  queryOptions({ queryKey: GAP_KEYS.conflicts(graph), queryFn: ({ signal }) => getConflicts(graph, signal) });

export function useConflicts(graph: string) {
  return useQuery(getConflictsQueryOptions(graph));
}
