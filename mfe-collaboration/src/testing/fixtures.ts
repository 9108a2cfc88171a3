// Tasks, their history and comments as the API answers them. Test-only.
import type { UserRef } from '@portal/shared';
import type { InboxTask, TaskCommentRecord, TaskHistoryEntry, TaskInboxCounts, TaskInboxPage } from '@portal/shared/collaboration';

export const ADA: UserRef = { id: 'u-ada', login_id: 'ada', name: 'Ada Author' };
export const BOB: UserRef = { id: 'u-bob', login_id: 'bob', name: 'Bob Reviewer' };
export const EVE: UserRef = { id: 'u-eve', login_id: 'eve', name: 'Eve Implementer' };
export const AUDITORS = { id: 'g-auditors', name: 'Auditors' };

export function task(id: string, overrides: Partial<InboxTask> = {}): InboxTask {
  return {
    id,
    type: 'REVIEW',
    status: 'OPEN',
    title: `Review RQ-${id} Password length`,
    description: '',
    requirement: { id: `r-${id}`, code: `RQ-${id}`, title: 'Password length' },
    assigned_to_user: ADA,
    delegated_to: null,
    assigned_to_group: null,
    progress: 0,
    due_date: '2026-12-01',
    comment: '',
    related_id: null,
    created_by: BOB,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    link: null,
    recurrence: null,
    overdue: false,
    ...overrides,
  };
}

/** A general task (a kind the contract's TaskType may not list yet). */
export function generalTask(id: string, overrides: Partial<InboxTask> = {}): InboxTask {
  return task(id, { type: 'GENERAL' as InboxTask['type'], title: `Quarterly access review ${id}`, requirement: null, created_by: ADA, ...overrides });
}

export function page(items: InboxTask[], next: string | null = null): TaskInboxPage {
  return { items, next_cursor: next };
}

export function counts(partial: Partial<TaskInboxCounts> = {}): TaskInboxCounts {
  return { assigned: 0, workgroups: 0, created: 0, all: 0, ...partial };
}

export function historyEntry(id: string, type: TaskHistoryEntry['type'], overrides: Partial<TaskHistoryEntry> = {}): TaskHistoryEntry {
  return { id, type, actor: BOB, time: '2026-11-20T09:00:00.000Z', data: {}, ...overrides };
}

export function comment(id: string, text: string, author: UserRef = BOB): TaskCommentRecord {
  return { id, author, text, created_at: '2026-11-21T10:00:00.000Z' };
}
