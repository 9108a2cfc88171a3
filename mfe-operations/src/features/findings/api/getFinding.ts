// GET security/findings/{id}: one finding with its rule, location and history (oldest first).
import { apiClient } from '@portal/shared';
import type { SecurityFindingDetail } from '@portal/shared/operations';
import { useQuery } from '@tanstack/react-query';
import { FINDING_KEYS } from '../../../lib/queryKeys';

export const getFinding = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<SecurityFindingDetail>(`security/findings/${encodeURIComponent(id)}`, { graph, notices: false, signal });

export function useFinding(graph: string, id: string | undefined) {
  return useQuery({
    queryKey: FINDING_KEYS.detail(graph, id ?? ''),
    queryFn: ({ signal }) => getFinding(graph, id!, signal),
    enabled: graph !== '' && Boolean(id),
  });
}
