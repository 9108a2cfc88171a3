// Which process the user works in (spec 2.3 process chooser): the user's processes are loaded
// once the permissions are, the current process is kept, restored from the last choice or picked
// when it is the only one, and written to the session store (the graph of every project call).
// The content gate shows the 'Your Processes' list or NO ACCESS from this state; the process menu
// switches through `choose`.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ApiError,
  isPlatformView,
  PROCESSES_QUERY_KEY,
  sessionStore,
  UNKNOWN_ERROR_MESSAGE,
  useSession,
  type CurrentProcess,
  type Process,
} from '@portal/shared';
import { useAuthorization, useAuthorizationState } from '../permissions/Authorization';
import { loadSession } from '../session/authentication';
import { fetchProcesses, joinProcesses, rememberedProcessId, rememberProcessId, selectProcess } from './processes';

export type ProcessSelectionState =
  /** No access control: the host does not choose processes (the behaviour before issue 5). */
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'failed'; message: string; retry: () => void; retrying: boolean }
  | {
      status: 'selected' | 'choose' | 'none';
      processes: Process[];
      current: CurrentProcess | null;
      /** Portfolio view in some process, and more than one process (spec 2.3). */
      platformViewAllowed: boolean;
    };

export interface ProcessSelection {
  state: ProcessSelectionState;
  /** Makes the process current and remembers it as the user's last choice. */
  choose(process: Process): void;
}

const NO_PROCESSES: Process[] = [];

const ProcessSelectionContext = createContext<ProcessSelection>({
  state: { status: 'off' },
  choose: () => undefined,
});

export function useProcessSelection(): ProcessSelection {
  return useContext(ProcessSelectionContext);
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.problem?.detail ?? error.message;
  return UNKNOWN_ERROR_MESSAGE;
}

export function ProcessSelectionProvider({ children }: { children: ReactNode }) {
  const authorizationState = useAuthorizationState();
  const authorization = useAuthorization();
  const session = useSession((state) => state.session);
  const current = useSession((state) => state.process);
  const userId = session?.user?.id;
  const accessControl = session?.access_control ?? null;

  // Without an organization (a Global Admin's or the Initiator's session) there are no processes.
  const organizationId = session?.organization?.id ?? null;
  const query = useQuery({
    queryKey: [...PROCESSES_QUERY_KEY, organizationId, userId ?? null],
    queryFn: ({ signal }) => fetchProcesses(signal),
    enabled: authorization !== null && organizationId !== null,
  });
  const listed = organizationId === null ? NO_PROCESSES : query.data;

  const processes = useMemo(() => (listed ? joinProcesses(listed, accessControl) : []), [listed, accessControl]);
  const platformViewAllowed = useMemo(() => {
    if (!authorization || processes.length <= 1) return false;
    const viewPortfolio = authorization.evaluator.PERMISSIONS.modules.VIEW_PORTFOLIO;
    return processes.some((process) => authorization.permitsIn(process, viewPortfolio));
  }, [authorization, processes]);

  const loaded = organizationId === null ? authorization !== null : query.isSuccess;
  // The remembered id changes only together with the current process (choose, the effect below).
  const selection = useMemo(
    () =>
      loaded
        ? selectProcess({ processes, current, rememberedId: rememberedProcessId(userId), platformViewAllowed })
        : undefined,
    [loaded, processes, current, userId, platformViewAllowed],
  );
  // A current process the list does not know: made by a remote (a new process) or deleted.
  const currentUnknown =
    loaded && current !== null && !(isPlatformView(current) ? platformViewAllowed : processes.some((p) => p.id === current.id));

  // An unknown current process is checked once against a fresh session and list before it is dropped.
  const [reloading, setReloading] = useState(false);
  const reloadedFor = useRef<string | null>(null);
  const refetch = query.refetch;

  useEffect(() => {
    if (!selection || reloading) return;
    if (currentUnknown && current && organizationId !== null && reloadedFor.current !== current.id) {
      reloadedFor.current = current.id;
      setReloading(true);
      Promise.allSettled([loadSession(), refetch()]).finally(() => setReloading(false));
      return;
    }
    if (selection.kind === 'selected') {
      if (current !== selection.process) sessionStore.setProcess(selection.process);
      if (rememberedProcessId(userId) !== selection.process.id) rememberProcessId(userId, selection.process.id);
    } else if (current) {
      sessionStore.setProcess(null);
    }
  }, [selection, current, currentUnknown, organizationId, reloading, refetch, userId]);

  const choose = useCallback(
    (process: Process) => {
      rememberProcessId(userId, process.id);
      sessionStore.setProcess(process);
    },
    [userId],
  );
  const retry = useCallback(() => void refetch(), [refetch]);

  const state = useMemo<ProcessSelectionState>(() => {
    if (authorizationState.status === 'off') return { status: 'off' };
    if (organizationId !== null && query.isError && !loaded) {
      return { status: 'failed', message: messageOf(query.error), retry, retrying: query.isFetching };
    }
    if (!selection || reloading) return { status: 'loading' };
    if (selection.kind === 'selected' && current?.id !== selection.process.id) return { status: 'loading' };
    return { status: selection.kind, processes, current, platformViewAllowed };
  }, [authorizationState.status, organizationId, query.isError, query.error, query.isFetching, loaded, retry, selection, reloading, current, processes, platformViewAllowed]);

  const value = useMemo<ProcessSelection>(() => ({ state, choose }), [state, choose]);
  return <ProcessSelectionContext.Provider value={value}>{children}</ProcessSelectionContext.Provider>;
}
