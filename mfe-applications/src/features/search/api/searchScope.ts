// Where a search looks: one process, or in Platform View every process the user may open (each
// hit then names its process, so its link opens the app there).
import type { Process } from '@portal/shared';
import { acrossProcesses } from '../../../lib/acrossProcesses';

/** The process to search in; undefined: every process (Platform View). */
export type SearchScope = string | undefined;

export type InProcess<T> = T & { process: string };

export function searchIn<T>(scope: SearchScope, run: (graph: string) => Promise<T[]>, signal?: AbortSignal): Promise<InProcess<T>[]> {
  const tag = (graph: string) => async () => (await run(graph)).map((hit) => ({ ...hit, process: graph }));
  if (scope !== undefined) return tag(scope)();
  return acrossProcesses((process: Process) => tag(process.code_name.toLowerCase())(), signal);
}

/** Spec 5: a search runs only for a non-empty text. */
export const searchable = (text: string) => text.trim() !== '';
