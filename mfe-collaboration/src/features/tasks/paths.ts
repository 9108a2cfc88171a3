// The addresses of the task screens and of what a task is about. Requirements live in
// mfe-requirements (its route table: /requirements?id= shows one, /requirements/modify?id= edits
// it; gaps, risks and conflicts are on /gap-analysis); applications in mfe-applications.
import type { InboxTask, TaskLink } from '@portal/shared/collaboration';

export const TASKS_PATH = '/collaboration/tasks';
export const viewTaskPath = (id: string) => `/view-task?id=${encodeURIComponent(id)}`;
export const assignTaskPath = (id: string) => `/assign-task?id=${encodeURIComponent(id)}`;
export const requirementPath = (id: string) => `/requirements?id=${encodeURIComponent(id)}`;
export const modifyRequirementPath = (id: string) => `/requirements/modify?id=${encodeURIComponent(id)}`;
export const GAP_ANALYSIS_PATH = '/gap-analysis';

/** The page of what a general task links to; a finding has none of its own (its label says which). */
export function linkPath(link: TaskLink): string | undefined {
  if (link.kind === 'requirement') return requirementPath(link.id);
  if (link.kind === 'application') return `/applications/${encodeURIComponent(link.label)}`;
  return undefined;
}

/** The gap, risk or conflict a task resolves: named, and on the gap analysis page. */
export function subjectOf(task: Pick<InboxTask, 'type' | 'related_id'>): { label: string; path: string } | undefined {
  const names: Partial<Record<string, string>> = { HAS_GAP: 'Gap', RESOLVE_RISK: 'Risk', RESOLVE_CONFLICT: 'Conflict' };
  const name = names[task.type];
  return name && task.related_id ? { label: name, path: GAP_ANALYSIS_PATH } : undefined;
}
