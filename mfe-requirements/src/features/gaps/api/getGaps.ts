// GET assessments/gaps: the process's gaps, open or closed or both, matching a search.
import { apiClient, type GapQuery } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gap } from '../../../types/analysis';
import { GAP_KEYS } from './keys';

export type GapStatusFilter = 'OPEN' | 'CLOSED' | '';

export const getGaps = (graph: string, status: GapStatusFilter, search: string, signal?: AbortSignal) =>
  apiClient.get<Gap[]>('assessments/gaps', { graph, params: { status: status || undefined, search: search || undefined } satisfies GapQuery, signal });

export const getGapsQueryOptions = (graph: string, status: GapStatusFilter, search: string) =>
  queryOptions({ queryKey: GAP_KEYS.gapList(graph, status, search), queryFn: ({ signal }) => getGaps(graph, status, search, signal) });

export function useGaps(graph: string, status: GapStatusFilter, search: string) {
  return useQuery(getGapsQueryOptions(graph, status, search));
}
