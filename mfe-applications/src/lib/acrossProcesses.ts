// Platform View (spec 6: in the all-projects scope, application checks pass if any accessible
// process grants them): a per-process read made for every process the user may open (GET
// projects), the answers joined. A process where the user may not read it is left out; any other
// failure fails the whole.
import { apiClient, isApiError, type Process } from '@portal/shared';

const LEFT_OUT = new Set([403, 404]);

export async function acrossProcesses<T>(read: (process: Process) => Promise<T[]>, signal?: AbortSignal): Promise<T[]> {
  const processes = await apiClient.get<Process[]>('projects', { notices: false, signal });
  const lists = await Promise.all(
    processes.map(async (process) => {
      try {
        return await read(process);
      } catch (error) {
        if (isApiError(error) && LEFT_OUT.has(error.status)) return [];
        throw error;
      }
    }),
  );
  return lists.flat();
}
