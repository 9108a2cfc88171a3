// GET standards/imports/{id}: an OSCAL import job, read again every POLL_MS while it runs. When it
// is done, what it created and updated (requirements, their lists and the overviews, the standards
// list) is read again, once.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidateKeys, PROCESS_KEYS } from '../../../lib/queryKeys';
import type { StandardImport } from '../../../types/analysis';
import { STANDARD_KEYS } from './keys';

export const POLL_MS = 500;

export const getStandardImport = (graph: string, id: string) =>
  apiClient.get<StandardImport>(`standards/imports/${encodeURIComponent(id)}`, { graph, notices: false });

export const getStandardImportQueryOptions = (graph: string, id: string) =>
  queryOptions({
    queryKey: STANDARD_KEYS.import(graph, id),
    queryFn: () => getStandardImport(graph, id),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'RUNNING' ? false : POLL_MS),
  });

/** Follows the import `id` (none: nothing); `onDone` is called once when it is DONE. */
export function useStandardImport(graph: string, id: string | null, onDone?: (job: StandardImport) => void) {
  const queryClient = useQueryClient();
  const job = useQuery({ ...getStandardImportQueryOptions(graph, id ?? ''), enabled: id !== null });
  const announced = useRef<string | null>(null);
  // The caller's latest onDone, kept outside render; this effect runs before the one that calls it.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);
  useEffect(() => {
    const data = job.data;
    if (!data || data.status === 'RUNNING' || announced.current === data.id) return;
    announced.current = data.id;
    if (data.status === 'DONE') {
      void invalidateKeys(queryClient, [PROCESS_KEYS.requirements(graph), PROCESS_KEYS.overviews(graph), STANDARD_KEYS.list(graph)]);
      onDoneRef.current?.(data);
    }
  }, [job.data, graph, queryClient]);
  return job;
}
