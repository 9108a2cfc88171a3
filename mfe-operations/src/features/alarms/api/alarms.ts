// The process's alarms (issue 25 items 4-5, docs/alarms.md): GET alarms, one alarm, its history,
// the preview of a draft rule over the metric's stored series (POST alarms/preview), and the
// changes (create, update, delete, acknowledge) — each reading the alarms again when done. Also
// what the editor offers: the process's metrics and their series (GET metrics), the people and
// workgroups who may be told.
import { apiClient, FRESHNESS, type UserRef, type WorkgroupView } from '@portal/shared';
import type { Alarm, AlarmHistoryPage, AlarmPreview, AlarmRule, MetricsAnswer } from '@portal/shared/operations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATIONS_PERMISSIONS as P } from '../../../lib/permissions';

export const ALARM_KEYS = {
  all: (graph: string) => ['alarms', graph] as const,
  list: (graph: string) => ['alarms', graph, 'list'] as const,
  one: (graph: string, id: string) => ['alarms', graph, 'one', id] as const,
  history: (graph: string, id: string) => ['alarms', graph, 'history', id] as const,
  metrics: (graph: string) => ['alarms', graph, 'metrics'] as const,
  people: (graph: string) => ['alarms', graph, 'people'] as const,
  workgroups: () => ['alarms', 'workgroups'] as const,
};

const path = (id: string) => `alarms/${encodeURIComponent(id)}`;

export function useAlarms(graph: string) {
  return useQuery({ queryKey: ALARM_KEYS.list(graph), queryFn: ({ signal }) => apiClient.get<Alarm[]>('alarms', { graph, signal }), staleTime: FRESHNESS.applications, enabled: graph !== '' });
}

export function useAlarm(graph: string, id: string) {
  return useQuery({ queryKey: ALARM_KEYS.one(graph, id), queryFn: ({ signal }) => apiClient.get<Alarm>(path(id), { graph, signal }), staleTime: FRESHNESS.applications, enabled: graph !== '' });
}

export function useAlarmHistory(graph: string, id: string) {
  return useQuery({
    queryKey: ALARM_KEYS.history(graph, id),
    queryFn: ({ signal }) => apiClient.get<AlarmHistoryPage>(`${path(id)}/history`, { graph, params: { limit: '100' }, signal }),
    staleTime: FRESHNESS.applications,
    enabled: graph !== '',
  });
}

/** The metrics a rule can watch, with their series' labels. */
export function useAlarmMetrics(graph: string) {
  return useQuery({ queryKey: ALARM_KEYS.metrics(graph), queryFn: ({ signal }) => apiClient.get<MetricsAnswer>('metrics', { graph, signal, notices: false }), staleTime: FRESHNESS.applications });
}

/** Who may be told: the process's people who may view alarms, and the organization's workgroups. */
export function useRecipients(graph: string) {
  const people = useQuery({
    queryKey: ALARM_KEYS.people(graph),
    queryFn: () => apiClient.get<UserRef[]>('users/assignees', { graph, params: { permission: P.VIEW_ALARM }, notices: false }),
    staleTime: FRESHNESS.users,
  });
  const workgroups = useQuery({ queryKey: ALARM_KEYS.workgroups(), queryFn: () => apiClient.get<WorkgroupView[]>('workgroups', { notices: false }), staleTime: FRESHNESS.workgroups });
  return { people, workgroups };
}

export function usePreviewAlarm(graph: string) {
  return useMutation({ mutationFn: (rule: AlarmRule) => apiClient.post<AlarmPreview>('alarms/preview', rule, { graph, params: { days: '30' }, notices: false }) });
}

function useAlarmChange<T>(graph: string, change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: ALARM_KEYS.all(graph) }) });
}

export const useSaveAlarm = (graph: string, id?: string) =>
  useAlarmChange(graph, (rule: AlarmRule) =>
    id
      ? apiClient.put<Alarm>(path(id), rule, { graph, permission: P.UPDATE_ALARM, notices: false })
      : apiClient.post<Alarm>('alarms', rule, { graph, permission: P.CREATE_ALARM, notices: false }),
  );

export const useDeleteAlarm = (graph: string, id: string) => useAlarmChange(graph, () => apiClient.delete(path(id), { graph, permission: P.DELETE_ALARM, notices: false }));

export const useAcknowledgeAlarm = (graph: string, id: string) =>
  useAlarmChange(graph, (note: string) => apiClient.post<Alarm>(`${path(id)}/acknowledge`, { note }, { graph, permission: P.UPDATE_ALARM, notices: false }));
