// The calls of the process screens (docs/authorization.md "Processes (projects)"): create, update
// and delete a process, its module configuration and its notification settings.
import {
  apiClient,
  FRESHNESS,
  type NotificationChannels,
  type NotificationSettingsBody,
  type Process,
  type ProcessModuleConfiguration,
  type ProcessModuleSwitches as ModuleSwitches,
  type ProcessPayload,
  type ProcessUpdate,
} from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useAdminMutation } from '../../../lib/useAdminMutation';
import { USER_KEYS } from '../../user-list';
import { PROCESS_KEYS } from './getProcesses';
import { ADMIN_PERMISSIONS } from '../../../lib/permissions';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

export type { ModuleSwitches, NotificationChannels, NotificationSettingsBody, ProcessPayload, ProcessUpdate };

const processPath = (code: string, ...rest: string[]) => ['projects', encodeURIComponent(code), ...rest].join('/');

export const processCommands = {
  create: (payload: ProcessPayload) =>
    apiClient.post<Process>('projects', payload, { permission: ADMIN_PERMISSIONS.CREATE_PROCESS }),
  update: ({ id, ...payload }: ProcessUpdate & { id: string }) =>
    apiClient.patch<Process>(processPath(id), payload, { permission: ADMIN_PERMISSIONS.UPDATE_PROCESS }),
  remove: (codeName: string) => apiClient.delete<void>(processPath(codeName), { permission: ADMIN_PERMISSIONS.DELETE_PROCESS }),
  /** `process` is the code name; `switches` the process's own code and requirement module switches. */
  updateModuleConfiguration: ({ process, switches }: { process: string; switches: ModuleSwitches }) =>
    apiClient.patch<ProcessModuleConfiguration>(processPath(process, 'moduleConfiguration'), switches, {
      permission: ADMIN_PERMISSIONS.UPDATE_PROCESS_MODULE_CONFIGURATION,
    }),
  saveNotificationSettings: ({ code, ...body }: { code: string } & NotificationSettingsBody) =>
    apiClient.post<NotificationSettingsBody>('projects/notificationSettings', body, {
      graph: code,
      permission: ADMIN_PERMISSIONS.UPDATE_PROCESS,
    }),
};

export const useCreateProcess = () => useAdminMutation(processCommands.create, [PROCESS_KEYS.list]);
export const useUpdateProcess = () => useAdminMutation(processCommands.update, [PROCESS_KEYS.list]);
export const useDeleteProcess = () => useAdminMutation(processCommands.remove, [PROCESS_KEYS.list, USER_KEYS.list]);

export function useModuleConfiguration(code: string) {
  return useQuery({
    queryKey: PROCESS_KEYS.moduleConfiguration(code),
    queryFn: () => apiClient.get<ProcessModuleConfiguration>(processPath(code, 'moduleConfiguration'), FORBIDDEN_IN_PLACE),
    staleTime: FRESHNESS.moduleConfigs,
  });
}

export const useUpdateModuleConfiguration = (code: string) =>
  useAdminMutation(processCommands.updateModuleConfiguration, [PROCESS_KEYS.moduleConfiguration(code)]);

export function useNotificationSettings(code: string) {
  return useQuery({
    queryKey: PROCESS_KEYS.notificationSettings(code),
    queryFn: () => apiClient.get<NotificationSettingsBody>('projects/notificationSettings', { ...FORBIDDEN_IN_PLACE, graph: code }),
  });
}

export const useSaveNotificationSettings = (code: string) =>
  useAdminMutation(processCommands.saveNotificationSettings, [PROCESS_KEYS.notificationSettings(code)]);
