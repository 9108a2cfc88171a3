// How task kinds, states and sort orders are named in the collaboration screens. The general task
// kind ('GENERAL', tasks a user creates) is named here even where the contract's TaskType does not
// list it yet: every kind the API answers reads as words.
import { TASK_STATUSES, TASK_TYPES, type TaskStatus } from '@portal/shared';
import { type InboxTask, type TaskSortField } from '@portal/shared/collaboration';

export const GENERAL_TASK = 'GENERAL';

export const TASK_TYPE_LABELS: Record<string, string> = {
  REVIEW: 'Review',
  DELEGATE: 'Implement',
  HAS_GAP: 'Close gap',
  RESOLVE_REJECTED: 'Resolve rejection',
  RESOLVE_RISK: 'Resolve risk',
  RESOLVE_CONFLICT: 'Resolve conflict',
  [GENERAL_TASK]: 'General',
};

/** The kinds the inbox filters by: the contract's and the general task. */
export const TASK_KINDS: readonly string[] = [...new Set<string>([...TASK_TYPES, GENERAL_TASK])];

export const typeLabel = (type: string) => TASK_TYPE_LABELS[type] ?? type;
export const isGeneralTask = (task: Pick<InboxTask, 'type'>) => (task.type as string) === GENERAL_TASK;

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { OPEN: 'Open', COMPLETED: 'Completed', FAILED: 'Failed' };
export const STATUS_OPTIONS = TASK_STATUSES.map((status) => ({ value: status, label: TASK_STATUS_LABELS[status] }));

export const SORT_LABELS: Record<TaskSortField, string> = {
  due_date: 'Due date',
  created_at: 'Created',
  updated_at: 'Updated',
  type: 'Kind',
  status: 'State',
  title: 'Title',
};

/** Who holds the task: its user, its delegate, its workgroup. */
export function holderText(task: Pick<InboxTask, 'assigned_to_user' | 'delegated_to' | 'assigned_to_group'>): string {
  const parts = [
    task.assigned_to_user && task.assigned_to_user.name,
    task.delegated_to && `delegate ${task.delegated_to.name}`,
    task.assigned_to_group && `group ${task.assigned_to_group.name}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Unassigned';
}
