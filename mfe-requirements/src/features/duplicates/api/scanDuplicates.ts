// GET requirements/duplicates: every likely duplicate pair of the process.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuplicateCandidate } from '../../../types/analysis';
import { DUPLICATE_KEYS } from './keys';

export const scanDuplicates = (graph: string, signal?: AbortSignal) =>
  apiClient.get<DuplicateCandidate[]>('requirements/duplicates', { graph, signal });

export const scanDuplicatesQueryOptions = (graph: string) =>
  queryOptions({ queryKey: DUPLICATE_KEYS.candidates(graph), queryFn: ({ signal }) => scanDuplicates(graph, signal) });

export function useDuplicateScan(graph: string, enabled: boolean) {
  return useQuery({ ...scanDuplicatesQueryOptions(graph), enabled });
}
