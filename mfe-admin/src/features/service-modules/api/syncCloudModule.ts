// Sync an aws or azure module now (issue 24 item 4): POST security/clouds/{moduleId}/sync?graph=<process>
// pulls its findings into that process, which its schedule then syncs into. The API answers the
// attempt, or 502 with the cloud's cause; either way it keeps the attempt on the module
// (`last_sync_attempt`), so the list is read again whatever the outcome.
import { apiClient, type ServiceModuleSyncAttempt } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PERMISSIONS } from '../../../lib/permissions';
import { SERVICE_MODULE_KEYS } from './serviceModules';

/** The types whose modules sync findings from their cloud. */
export const CLOUD_MODULE_TYPES: readonly string[] = ['aws', 'azure'];

export const isCloudModule = (module: { type: string }): boolean => CLOUD_MODULE_TYPES.includes(module.type);

export interface SyncCloudModuleInput {
  moduleId: string;
  /** The code name of the process the findings go to. */
  processCode: string;
}

export function syncCloudModule({ moduleId, processCode }: SyncCloudModuleInput): Promise<ServiceModuleSyncAttempt> {
  return apiClient.post<ServiceModuleSyncAttempt>(`security/clouds/${encodeURIComponent(moduleId)}/sync`, undefined, {
    graph: processCode,
    permission: ADMIN_PERMISSIONS.UPDATE_SERVICE_MODULE,
  });
}

export function useSyncCloudModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncCloudModule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SERVICE_MODULE_KEYS.list }),
  });
}
