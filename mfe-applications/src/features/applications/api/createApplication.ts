// POST apps: a new application of the process (app_key unique in the organization).
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { ApplicationRecord } from '../../../lib/types';
import type { ApplicationInput } from './applicationInput';

export const createApplication = (graph: string, input: ApplicationInput) =>
  apiClient.post<ApplicationRecord>('apps', input, { graph, permission: APPLICATION_PERMISSIONS.CREATE });

export function useCreateApplication(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplicationInput) => createApplication(graph, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_KEYS.list(graph) }),
  });
}
