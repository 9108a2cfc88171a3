// The inbox's tab, filters, search and order live in the address (/collaboration/tasks?tab=…):
// a task opened with Enter comes back to the same list with Back, and a filtered inbox can be
// shared as a link. Unknown values in the address are ignored. The state defaults to open tasks
// ('any' lists every state).
import { TASK_STATUSES, type TaskStatus } from '@portal/shared';
import { TASK_DUE_FILTERS, TASK_INBOX_TABS, TASK_SORT_FIELDS, type TaskDueFilter, type TaskInboxTab, type TaskSortField } from '@portal/shared/collaboration';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { InboxFilters } from '../../../lib/queryKeys';
import { TASK_KINDS } from '../components/labels';

export const ANY_STATUS = 'any';

/** The parameters the address may hold (besides the tab). */
export type InboxParam = 'type' | 'status' | 'due' | 'requirement' | 'assignee' | 'q' | 'sort' | 'order';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<InboxFilters>(() => {
    const status = params.get('status');
    const result: InboxFilters = {
      tab: oneOf<TaskInboxTab>(TASK_INBOX_TABS, params.get('tab')) ?? 'assigned',
      type: oneOf(TASK_KINDS, params.get('type')) as InboxFilters['type'],
      status: status === ANY_STATUS ? undefined : (oneOf<TaskStatus>(TASK_STATUSES, status) ?? 'OPEN'),
      due: oneOf<TaskDueFilter>(TASK_DUE_FILTERS, params.get('due')),
      requirement: params.get('requirement') || undefined,
      assignee: params.get('assignee') || undefined,
      q: params.get('q')?.trim() || undefined,
      sort: oneOf<TaskSortField>(TASK_SORT_FIELDS, params.get('sort')) ?? 'due_date',
      order: params.get('order') === 'desc' ? 'desc' : 'asc',
    };
    // Absent filters are left out of the query key and the call.
    return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined)) as InboxFilters;
  }, [params]);

  /** Sets (or, with '', removes) parameters of the address, keeping the others. */
  const update = useCallback(
    (changes: Partial<Record<InboxParam | 'tab', string>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, statusParam: params.get('status') ?? '', update };
}
