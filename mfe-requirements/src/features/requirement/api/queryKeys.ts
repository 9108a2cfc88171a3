// The react-query keys of the requirements remote. Everything a process's requirements or tasks
// show starts with ['requirements', graph] or ['tasks', graph], so one real-time event of the
// process invalidates exactly what may have changed (useRequirementLiveUpdates).
import type { RequirementListParams } from './requirements';

export const REQUIREMENT_KEYS = {
  all: (graph: string) => ['requirements', graph] as const,
  list: (graph: string, params: RequirementListParams, page: number) => ['requirements', graph, 'list', params, page] as const,
  detail: (graph: string, id: string) => ['requirements', graph, 'detail', id] as const,
  events: (graph: string, id: string) => ['requirements', graph, 'events', id] as const,
  comments: (graph: string, id: string) => ['requirements', graph, 'comments', id] as const,
  assignees: (graph: string, permission: string) => ['requirements', graph, 'assignees', permission] as const,
  workgroups: (graph: string) => ['requirements', graph, 'workgroups'] as const,
  applications: (graph: string, id: string) => ['requirements', graph, 'applications', id] as const,
  processApplications: (graph: string) => ['requirements', graph, 'process-applications'] as const,
};

export const TASK_KEYS = {
  all: (graph: string) => ['tasks', graph] as const,
  list: (graph: string, params: Record<string, string | undefined>) => ['tasks', graph, 'list', params] as const,
  detail: (graph: string, id: string) => ['tasks', graph, 'detail', id] as const,
};
