// The calls of the requirement screens (docs/requirements-api.md "Requirements"): the depository's
// pages, one requirement with its history and comments, and the commands on it. Every call is
// scoped to the current process (`graph`) and mutations name their permission, so a user without
// it is refused client side (403) without a request.
import {
  apiClient,
  type Requirement,
  type RequirementComment,
  type RequirementDetail,
  type RequirementEventRecord,
  type RequirementInput,
  type RequirementPage,
  type RequirementPriority,
  type RequirementStatus,
  type RequirementTask,
  type Workgroup,
} from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { REQUIREMENT_KEYS, TASK_KEYS } from './queryKeys';

export const SORT_FIELDS = ['position', 'code', 'title', 'priority', 'status', 'progress', 'due_date', 'updated_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type DeletedFilter = 'exclude' | 'include' | 'only';

/** The filters and order of the depository (both views). */
export interface RequirementFilters {
  search?: string;
  status?: RequirementStatus | '';
  priority?: RequirementPriority | '';
  tag?: string;
  owner?: string;
  deleted?: DeletedFilter;
  sort?: SortField;
  order?: 'asc' | 'desc';
}

export interface RequirementListParams extends RequirementFilters {
  /** 'root' for the top level, an id for its children; absent: the whole process. */
  parent?: string;
}

/** One page of the depository. */
export const PAGE_SIZE = 100;

const clean = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;

const path = (id: string, ...rest: string[]) => ['requirements', encodeURIComponent(id), ...rest].join('/');

export const requirementCalls = {
  list: (graph: string, params: RequirementListParams, offset: number, limit = PAGE_SIZE) =>
    apiClient.get<RequirementPage>('requirements', { graph, params: clean({ ...params, offset, limit }), notices: false }),
  get: (graph: string, id: string) => apiClient.get<RequirementDetail>(path(id), { graph, notices: false }),
  events: (graph: string, id: string) => apiClient.get<RequirementEventRecord[]>(path(id, 'events'), { graph, notices: false }),
  comments: (graph: string, id: string) => apiClient.get<RequirementComment[]>(path(id, 'comments'), { graph, notices: false }),
  create: (graph: string, input: RequirementInput) =>
    apiClient.post<Requirement>('requirements', input, { graph, permission: P.CREATE_REQUIREMENT, notices: false }),
  update: (graph: string, id: string, input: RequirementInput & { version: number }) =>
    apiClient.put<Requirement>(path(id), input, { graph, permission: P.UPDATE_REQUIREMENT, notices: false }),
  remove: (graph: string, id: string) => apiClient.delete<void>(path(id), { graph, permission: P.DELETE_REQUIREMENT, notices: false }),
  progress: (graph: string, id: string, progress: number) =>
    apiClient.patch<Requirement>(path(id, 'progress'), { progress }, { graph, permission: P.UPDATE_REQUIREMENT_PROGRESS, notices: false }),
  submit: (graph: string, id: string, body: SubmitBody) =>
    apiClient.post<RequirementTask>(path(id, 'submit'), body, { graph, permission: P.UPDATE_REQUIREMENT, notices: false }),
  comment: (graph: string, id: string, text: string) =>
    apiClient.post<RequirementComment>(path(id, 'comments'), { text }, { graph, permission: P.COMMENT_REQUIREMENT, notices: false }),
};

export interface SubmitBody {
  reviewer_id?: string;
  workgroup_id?: string;
  due_date?: string;
  comment?: string;
}

export function useRequirementPage(graph: string | undefined, params: RequirementListParams, page: number, enabled = true) {
  return useQuery({
    queryKey: REQUIREMENT_KEYS.list(graph ?? '', params, page),
    queryFn: () => requirementCalls.list(graph!, params, page * PAGE_SIZE),
    enabled: enabled && graph !== undefined,
    placeholderData: page === 0 ? keepPreviousData : undefined,
  });
}

export function useRequirement(graph: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: REQUIREMENT_KEYS.detail(graph ?? '', id ?? ''),
    queryFn: () => requirementCalls.get(graph!, id!),
    enabled: graph !== undefined && id !== undefined && id !== '',
  });
}

export function useRequirementEvents(graph: string, id: string) {
  return useQuery({ queryKey: REQUIREMENT_KEYS.events(graph, id), queryFn: () => requirementCalls.events(graph, id) });
}

export function useRequirementComments(graph: string, id: string) {
  return useQuery({ queryKey: REQUIREMENT_KEYS.comments(graph, id), queryFn: () => requirementCalls.comments(graph, id) });
}

/** Users of the organization holding `permission` in the process (reviewer, implementer pickers). */
export function useAssignees(graph: string, permission: string, enabled: boolean) {
  return useQuery({
    queryKey: REQUIREMENT_KEYS.assignees(graph, permission),
    queryFn: () =>
      apiClient.get<Array<{ id: string; login_id: string; name: string }>>('users/assignees', { graph, params: { permission }, notices: false }),
    enabled,
  });
}

export function useWorkgroups(graph: string, enabled: boolean) {
  return useQuery({
    queryKey: REQUIREMENT_KEYS.workgroups(graph),
    queryFn: () => apiClient.get<Workgroup[]>('workgroups', { graph, notices: false }),
    enabled,
  });
}

/**
 * A mutation of the requirements of a process: once it succeeds, everything shown of the process's
 * requirements and tasks is read again (the real-time event does the same for other browsers).
 */
export function useRequirementMutation<TVariables, TResult>(graph: string, mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REQUIREMENT_KEYS.all(graph) }),
        queryClient.invalidateQueries({ queryKey: TASK_KEYS.all(graph) }),
      ]);
    },
  });
}
