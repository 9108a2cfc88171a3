// GET standards: the security standards imported into the process.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Standard } from '../../../types/analysis';
import { STANDARD_KEYS } from './keys';

export const getStandards = (graph: string, signal?: AbortSignal) => apiClient.get<Standard[]>('standards', { graph, signal });

export const getStandardsQueryOptions = (graph: string) =>
  queryOptions({ queryKey: STANDARD_KEYS.list(graph), queryFn: ({ signal }) => getStandards(graph, signal) });

export function useStandards(graph: string) {
  return useQuery(getStandardsQueryOptions(graph));
}
