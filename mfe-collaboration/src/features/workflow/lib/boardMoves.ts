// Where a card of the tasks board may go (issue 23 item 5): only where the workflow and the
// user's task authorization (spec 6, the API's own rule) allow. A task is OPEN until it is
// completed or failed; closed tasks stay where they are. What the drop does is the task's own
// action: a general task completes, any other reports 100 % (which completes it and, for a
// delegation, its requirement); failing asks for a comment. A review is decided on its page
// (accepting it needs an implementer), so its card does not move to Completed.
import type { TaskStatus } from '@portal/shared';
import type { InboxTask } from '@portal/shared/collaboration';
import type { TaskAuthorization } from '@portal/shared/permissions';

export const BOARD_COLUMNS: readonly TaskStatus[] = ['OPEN', 'COMPLETED', 'FAILED'];

export type BoardAction = 'complete' | 'progress' | 'fail';

export type BoardMove = { allowed: true; action: BoardAction } | { allowed: false; reason: string };

export const MOVE_REASONS = {
  same: 'The task is already here.',
  closed: 'A completed or failed task does not move.',
  reopen: 'A task is not reopened from the board.',
  pending: 'Your workgroups are still loading.',
  denied: 'You may not act on this task.',
  review: 'A review is accepted or rejected on its task page.',
} as const;

/** The move of `task` to column `to` for a user with `authorization` on it. */
export function boardMove(task: Pick<InboxTask, 'type' | 'status'>, to: TaskStatus, authorization: Pick<TaskAuthorization, 'allowed' | 'reason'>): BoardMove {
  if (task.status === to) return { allowed: false, reason: MOVE_REASONS.same };
  if (task.status !== 'OPEN') return { allowed: false, reason: MOVE_REASONS.closed };
  if (to === 'OPEN') return { allowed: false, reason: MOVE_REASONS.reopen };
  if (!authorization.allowed) return { allowed: false, reason: authorization.reason === 'pending' ? MOVE_REASONS.pending : MOVE_REASONS.denied };
  if (to === 'FAILED') return { allowed: true, action: 'fail' };
  if (task.type === 'REVIEW') return { allowed: false, reason: MOVE_REASONS.review };
  return { allowed: true, action: task.type === 'GENERAL' ? 'complete' : 'progress' };
}
