// The calls of Process Settings → Disaster recovery (docs/recovery.md): the process's backup
// settings, its backups with the recovery point (read again every second while one runs: its
// progress), back up now, verify, restore into a new process, delete.
import { apiClient } from '@portal/shared';
import type { Backup, BackupList, RecoverySettings, RecoverySettingsView, RestoreRequest, RestoreResult, VerifyResult } from '@portal/shared/recovery';
import { useQuery } from '@tanstack/react-query';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';
import { ADMIN_PERMISSIONS } from '../../../lib/permissions';
import { useAdminMutation } from '../../../lib/useAdminMutation';
import { PROCESS_KEYS } from './getProcesses';

export const RECOVERY_KEYS = {
  settings: (code: string) => ['admin', 'recovery-settings', code.toLowerCase()] as const,
  backups: (code: string) => ['admin', 'recovery-backups', code.toLowerCase()] as const,
};

/** While a backup runs its progress is read again this often. */
export const PROGRESS_POLL_MS = 1000;

const backup = (id: string, ...rest: string[]) => ['recovery/backups', encodeURIComponent(id), ...rest].join('/');

export function useRecoverySettings(code: string) {
  return useQuery({
    queryKey: RECOVERY_KEYS.settings(code),
    queryFn: () => apiClient.get<RecoverySettingsView>('recovery/settings', { ...FORBIDDEN_IN_PLACE, graph: code }),
  });
}

export function useBackups(code: string) {
  return useQuery({
    queryKey: RECOVERY_KEYS.backups(code),
    queryFn: () => apiClient.get<BackupList>('recovery/backups', { ...FORBIDDEN_IN_PLACE, graph: code }),
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'running') ? PROGRESS_POLL_MS : false),
  });
}

export const recoveryCommands = {
  saveSettings: ({ code, settings }: { code: string; settings: RecoverySettings }) =>
    apiClient.put<RecoverySettingsView>('recovery/settings', settings, { graph: code, permission: ADMIN_PERMISSIONS.CONFIGURE_DISASTER_RECOVERY }),
  backUp: (code: string) => apiClient.post<Backup>('recovery/backups', undefined, { graph: code, permission: ADMIN_PERMISSIONS.EXECUTE_DISASTER_RECOVERY }),
  verify: ({ code, id }: { code: string; id: string }) =>
    apiClient.post<VerifyResult>(backup(id, 'verify'), undefined, { graph: code, permission: ADMIN_PERMISSIONS.EXECUTE_DISASTER_RECOVERY }),
  restore: ({ code, id, request }: { code: string; id: string; request: RestoreRequest }) =>
    apiClient.post<RestoreResult>(backup(id, 'restore'), request, { graph: code, permission: ADMIN_PERMISSIONS.EXECUTE_DISASTER_RECOVERY }),
  remove: ({ code, id }: { code: string; id: string }) => apiClient.delete<void>(backup(id), { graph: code, permission: ADMIN_PERMISSIONS.DELETE_DISASTER_RECOVERY }),
};

export const useSaveRecoverySettings = (code: string) => useAdminMutation(recoveryCommands.saveSettings, [RECOVERY_KEYS.settings(code), RECOVERY_KEYS.backups(code)]);
export const useBackUp = (code: string) => useAdminMutation(recoveryCommands.backUp, [RECOVERY_KEYS.backups(code)]);
export const useVerifyBackup = (code: string) => useAdminMutation(recoveryCommands.verify, [RECOVERY_KEYS.backups(code)]);
/** A restore makes a process: the process lists are read again. */
export const useRestoreBackup = (code: string) => useAdminMutation(recoveryCommands.restore, [RECOVERY_KEYS.backups(code), PROCESS_KEYS.list]);
export const useDeleteBackup = (code: string) => useAdminMutation(recoveryCommands.remove, [RECOVERY_KEYS.backups(code)]);
