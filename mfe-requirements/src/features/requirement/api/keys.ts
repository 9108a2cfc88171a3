// The react-query keys of the requirement feature: requirements and their tasks, under the
// process's roots (lib/queryKeys), so that one real-time event of the process refreshes exactly
// what may have changed (app/liveRules.ts) and other features' changes reach them.
import { PROCESS_KEYS } from '../../../lib/queryKeys';
import type { RequirementListParams } from './filters';

export const REQUIREMENT_KEYS = {
  all: PROCESS_KEYS.requirements,
  lists: PROCESS_KEYS.requirementLists,
  list: (graph: string, params: RequirementListParams, page: number) => [...PROCESS_KEYS.requirementLists(graph), params, page] as const,
  /** The requirement picker's matches for a search text. */
  search: (graph: string, search: string) => [...PROCESS_KEYS.requirementLists(graph), 'search', search] as const,
  detail: PROCESS_KEYS.requirement,
  events: PROCESS_KEYS.history,
  comments: PROCESS_KEYS.comments,
  applications: PROCESS_KEYS.applications,
  processApplications: (graph: string) => [...PROCESS_KEYS.requirements(graph), 'process-applications'] as const,
  assignees: (graph: string, permission: string) => [...PROCESS_KEYS.requirements(graph), 'assignees', permission] as const,
  workgroups: (graph: string) => [...PROCESS_KEYS.requirements(graph), 'workgroups'] as const,
  /** Who may own the process's requirements (GET requirements/owners). */
  owners: (graph: string) => [...PROCESS_KEYS.requirements(graph), 'owners'] as const,
};

export const TASK_KEYS = {
  all: PROCESS_KEYS.tasks,
  list: (graph: string, params: Record<string, string | undefined>) => [...PROCESS_KEYS.tasks(graph), 'list', params] as const,
  detail: (graph: string, id: string) => [...PROCESS_KEYS.tasks(graph), 'detail', id] as const,
};

/** The API path of a requirement (or of one of its sub-resources). */
export const requirementPath = (id: string, ...rest: string[]) => ['requirements', encodeURIComponent(id), ...rest].join('/');

/** The API path of an action on a task. */
export const taskPath = (id: string, action?: string) => `tasks/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
