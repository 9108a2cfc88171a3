// The query key of the user's process list (GET /api/projects), read by the host's process
// chooser and menu. A remote that creates, renames or deletes a process invalidates it
// (`queryClient.invalidateQueries({ queryKey: PROCESSES_QUERY_KEY })`); a remote that makes a
// new process current (`sessionStore.setProcess`) need not: the host reloads the session and
// the list when the current process is not among the user's.
export const PROCESSES_QUERY_KEY = ['processes'] as const;
