// The organization's cloud service modules (GET modules: aws and azure ones, with their last
// sync, last attempt and Azure's secure score) for the cloud screens, and a sync now (POST
// security/clouds/{moduleId}/sync?graph=…) into the screen's process. A failed sync answers 502
// with the cloud's cause and is kept on the module: the modules are read again either way, the
// process's findings when it brought some.
import { apiClient, FRESHNESS, usePermitted, type ServiceModuleSyncAttempt, type ServiceModuleView } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATIONS_PERMISSIONS as P } from '../../../lib/permissions';
import { FINDING_KEYS, MODULE_KEYS } from '../../../lib/queryKeys';

export type CloudModuleType = 'aws' | 'azure';

/** The organization's modules of a cloud (none without the permission to list modules). */
export function useCloudModules(type: CloudModuleType) {
  const mayList = usePermitted(P.LIST_SERVICE_MODULE);
  const modules = useQuery({
    queryKey: MODULE_KEYS.list(),
    queryFn: ({ signal }) => apiClient.get<ServiceModuleView[]>('modules', { notices: false, signal }),
    staleTime: FRESHNESS.applications,
    enabled: mayList,
  });
  return { ...modules, data: modules.data?.filter((module) => module.type === type), mayList };
}

export function useSyncCloudModule(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: string) =>
      apiClient.post<ServiceModuleSyncAttempt>(`security/clouds/${encodeURIComponent(moduleId)}/sync`, undefined, { graph, permission: P.UPDATE_SERVICE_MODULE, notices: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FINDING_KEYS.all(graph) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MODULE_KEYS.list() }),
  });
}
