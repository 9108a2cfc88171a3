// The processes a user may work in (spec 2.3 process chooser and menu): the access control's
// processes joined with GET /api/projects, Platform View, and the last chosen process id kept in
// localStorage per user. Pure functions, so the chooser's rules are tested without a screen.
import {
  apiClient,
  PLATFORM_VIEW_ID,
  type CurrentProcess,
  type Process,
  type Session,
} from '@portal/shared';

/** GET /api/projects: the processes the caller may open. */
export function fetchProcesses(signal?: AbortSignal): Promise<Process[]> {
  // No notice: the content area shows the failure with Try Again.
  return apiClient.get<Process[]>('/projects', { signal, notices: false });
}

/** DELETE /api/projects/{codeName}. */
export function deleteProcess(process: Pick<Process, 'code_name'>): Promise<void> {
  return apiClient.delete<void>(`/projects/${encodeURIComponent(process.code_name)}`, {
    permission: 'delete=>Process',
  });
}

/**
 * The processes of the session: those of GET /api/projects whose code name the access control
 * lists (compared lowercased, as the graph parameter is), in the API's order.
 */
export function joinProcesses(listed: readonly Process[], accessControl: Session['access_control']): Process[] {
  const allowed = new Set((accessControl?.projects ?? []).map((project) => project.code_name.toLowerCase()));
  return listed.filter((process) => allowed.has(process.code_name.toLowerCase()));
}

export const PLATFORM_VIEW: Process = Object.freeze({
  id: PLATFORM_VIEW_ID,
  code_name: PLATFORM_VIEW_ID,
  name: 'Platform View',
  type: 'REQUIREMENTS',
  dashboard_type: 'MIX',
});

export function isRequirementsProcess(process: Pick<Process, 'type'>): boolean {
  return process.type === 'REQUIREMENTS';
}

export type Selection =
  /** Work in this process (already current, remembered, or the only one). */
  | { kind: 'selected'; process: Process }
  /** Several processes and none chosen: the 'Your Processes' list. */
  | { kind: 'choose' }
  /** The user has no process. */
  | { kind: 'none' };

export interface SelectionInput {
  processes: readonly Process[];
  current: CurrentProcess | null;
  rememberedId: string | null;
  /** Whether Platform View may be current (portfolio view, more than one process). */
  platformViewAllowed: boolean;
}

function find(processes: readonly Process[], id: string): Process | undefined {
  return processes.find((process) => process.id === id);
}

/**
 * The chooser's rules (spec 2.3): the current process while it is still one of the user's; else
 * the remembered one; else the only one; several → choose; none → none. Platform View counts
 * only while it is allowed.
 */
export function selectProcess({ processes, current, rememberedId, platformViewAllowed }: SelectionInput): Selection {
  for (const id of [current?.id, rememberedId]) {
    if (!id) continue;
    if (id === PLATFORM_VIEW_ID) {
      if (platformViewAllowed) return { kind: 'selected', process: PLATFORM_VIEW };
      continue;
    }
    const found = find(processes, id);
    if (found) return { kind: 'selected', process: found };
  }
  if (processes.length === 1) return { kind: 'selected', process: processes[0] };
  return processes.length > 1 ? { kind: 'choose' } : { kind: 'none' };
}

const storageKey = (userId: string) => `portal.lastProcess.${userId}`;

/** The last chosen process id of the user, or null (also when storage is unavailable). */
export function rememberedProcessId(userId: string | undefined): string | null {
  if (!userId) return null;
  try {
    return window.localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

/** Remembers (or with null forgets) the user's last chosen process id. */
export function rememberProcessId(userId: string | undefined, id: string | null): void {
  if (!userId) return;
  try {
    if (id === null) window.localStorage.removeItem(storageKey(userId));
    else window.localStorage.setItem(storageKey(userId), id);
  } catch {
    // Private browsing or a full storage: the choice is simply not remembered.
  }
}

/** How a process is named in the shell: its name, or its code name when the name is not known. */
export function processLabel(process: CurrentProcess): string {
  if (process.id === PLATFORM_VIEW_ID || process.code_name === PLATFORM_VIEW_ID) return PLATFORM_VIEW.name;
  return process.name ?? process.code_name;
}
