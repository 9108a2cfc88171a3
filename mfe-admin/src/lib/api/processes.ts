// GET projects: the processes the caller may open (docs/authorization.md "Processes"). Used by
// the Processes screen, Process Settings and the process pickers of the User List.
import { apiClient, type Process } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_KEYS } from './queryKeys';

export function fetchProcesses(): Promise<Process[]> {
  return apiClient.get<Process[]>('projects', { notices: false });
}

export function useProcesses() {
  return useQuery({ queryKey: ADMIN_KEYS.processes, queryFn: fetchProcesses });
}
