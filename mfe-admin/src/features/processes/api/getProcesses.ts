// GET projects: the processes the caller may open (docs/authorization.md "Processes"). Used by
// the Processes screen, Process Settings and the process pickers of the User List.
import { apiClient, PROCESSES_QUERY_KEY, type Process } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

/**
 * The process list uses the host's key (the query client is shared with it): creating, renaming
 * or deleting a process here refreshes the host's process menu too. A process's settings are
 * keyed by its code.
 */
export const PROCESS_KEYS = {
  list: PROCESSES_QUERY_KEY,
  moduleConfiguration: (code: string) => ['admin', 'process-module-configuration', code.toLowerCase()] as const,
  notificationSettings: (code: string) => ['admin', 'process-notification-settings', code.toLowerCase()] as const,
};

export function getProcesses(signal?: AbortSignal): Promise<Process[]> {
  return apiClient.get<Process[]>('projects', { ...FORBIDDEN_IN_PLACE, signal });
}

export const getProcessesQueryOptions = () => queryOptions({ queryKey: PROCESS_KEYS.list, queryFn: ({ signal }) => getProcesses(signal) });

export function useProcesses() {
  return useQuery(getProcessesQueryOptions());
}
