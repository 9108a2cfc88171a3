// The react-query keys of the administration reads of this remote, in one place so a mutation
// invalidates exactly the lists it changed. The query client is shared with the host: the
// process list uses the host's key, so creating, renaming or deleting a process here refreshes
// the host's process menu too.
import { PROCESSES_QUERY_KEY } from '@portal/shared';

export const ADMIN_KEYS = {
  users: ['admin', 'users'] as const,
  processes: PROCESSES_QUERY_KEY,
  roles: ['admin', 'roles'] as const,
  workgroups: ['admin', 'workgroups'] as const,
  serviceModules: ['admin', 'service-modules'] as const,
  moduleConfiguration: (code: string) => ['admin', 'process-module-configuration', code.toLowerCase()] as const,
  notificationSettings: (code: string) => ['admin', 'process-notification-settings', code.toLowerCase()] as const,
};
