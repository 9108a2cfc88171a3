// Service modules of the organization (docs/authorization.md "Service modules"): list, create per
// type, rename/recategorize, replace settings, rotate the API key and delete.
import {
  apiClient,
  FRESHNESS,
  type ApiKeyView,
  type IssuedApiKey,
  type NewServiceModulePayload,
  type ServiceModuleView as ServiceModuleDetails,
} from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useAdminMutation } from '../../../lib/useAdminMutation';
import { ADMIN_PERMISSIONS } from '../../../lib/permissions';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

export type { ApiKeyView as ApiKeyInfo, IssuedApiKey, ServiceModuleDetails };

/** The contract's body of POST modules/{type}, with the type its path names. */
export type NewModulePayload = NewServiceModulePayload & { type: string };

export const SERVICE_MODULE_KEYS = { list: ['admin', 'service-modules'] as const };

export function useServiceModules() {
  return useQuery({
    queryKey: SERVICE_MODULE_KEYS.list,
    queryFn: () => apiClient.get<ServiceModuleDetails[]>('modules', FORBIDDEN_IN_PLACE),
    staleTime: FRESHNESS.serviceModules,
  });
}

const byId = (id: string, ...rest: string[]) => ['modules', encodeURIComponent(id), ...rest].join('/');
const update = { permission: ADMIN_PERMISSIONS.UPDATE_SERVICE_MODULE } as const;

export const serviceModuleCommands = {
  create: ({ type, ...body }: NewModulePayload) =>
    apiClient.post<ServiceModuleDetails & { api_key_value?: string }>(`modules/${encodeURIComponent(type)}`, body, {
      permission: ADMIN_PERMISSIONS.CREATE_SERVICE_MODULE,
    }),
  /**
   * Name and category (PATCH modules/{type}), then the settings (PUT modules/{id}/configs) when
   * the type has any; a secret left empty is not sent and keeps its stored value.
   */
  edit: async ({ module, name, category, configs }: { module: Pick<ServiceModuleDetails, 'id' | 'type'>; name: string; category: string | null; configs?: Record<string, string> }) => {
    await apiClient.patch<ServiceModuleDetails>(`modules/${encodeURIComponent(module.type)}`, { id: module.id, name, category }, update);
    if (configs && Object.keys(configs).length > 0) await apiClient.put<unknown>(byId(module.id, 'configs'), { configs }, update);
  },
  rotateKey: (id: string) => apiClient.post<IssuedApiKey>(byId(id, 'apiKey'), undefined, update),
  remove: (id: string) => apiClient.delete<void>(byId(id), { permission: ADMIN_PERMISSIONS.DELETE_SERVICE_MODULE }),
};

const MODULES = [SERVICE_MODULE_KEYS.list];
export const useCreateServiceModule = () => useAdminMutation(serviceModuleCommands.create, MODULES);
export const useEditServiceModule = () => useAdminMutation(serviceModuleCommands.edit, MODULES);
export const useRotateApiKey = () => useAdminMutation(serviceModuleCommands.rotateKey, MODULES);
export const useDeleteServiceModule = () => useAdminMutation(serviceModuleCommands.remove, MODULES);
