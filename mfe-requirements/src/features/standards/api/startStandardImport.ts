// POST standards/imports: an OSCAL catalog (its JSON text, sent as it is) to import into the
// process as a requirement tree, in the background; answers the job, which is cached at once.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import type { StandardImport } from '../../../types/analysis';
import { STANDARD_KEYS } from './keys';

export const startStandardImport = (graph: string, catalog: string) =>
  apiClient.post<StandardImport>('standards/imports', catalog, {
    graph,
    permission: P.CREATE_REQUIREMENT,
    notices: false,
    headers: { 'Content-Type': 'application/json' },
  });

export function useStartStandardImport(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (catalog: string) => startStandardImport(graph, catalog),
    onSuccess: (created) => queryClient.setQueryData(STANDARD_KEYS.import(graph, created.id), created),
  });
}
