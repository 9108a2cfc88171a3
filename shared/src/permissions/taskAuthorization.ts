// Task authorization (spec 6 "Task authorization"), read as an ordered chain, first match wins:
//  0. The user's groups must have loaded (null/undefined groups → 'pending', not allowed), and a
//     user without a login id may not act.
//  1. The assigned user or the delegate, matched on login id (`assigned_to_user.id`,
//     `delegated_to.id` against `user.login_id`) → allowed.
//  2. Unassigned ("no assignee": no user, no delegate, no group) or group-only (no user, no
//     delegate) where the user belongs to the group → REVIEW_REQUIREMENT is needed, or
//     UPDATE_GAP_ANALYSIS instead when the task's type is HAS_GAP.
//  3. Otherwise only the delegate matches, who was handled in 1 → not allowed. So a task assigned
//     to someone else, or to a group the user is not in, is closed to the user whatever their
//     permissions (least privilege; UPDATE_GAP_ANALYSIS does not open others' HAS_GAP tasks).
import type { SessionUser } from '../entities/session';
import { HAS_GAP, type Task } from '../entities/task';
import { REVIEW_REQUIREMENT, UPDATE_GAP_ANALYSIS, type KnownPermission } from './catalogue';

export type TaskAuthorizationReason =
  | 'pending'
  | 'assignee'
  | 'delegate'
  | 'review-requirement'
  | 'update-gap-analysis'
  | 'denied';

export interface TaskAuthorization {
  allowed: boolean;
  reason: TaskAuthorizationReason;
}

export interface TaskAuthorizationInput {
  /** The user's group names; null/undefined while they are still loading. */
  groups: readonly string[] | null | undefined;
  /** The permissions the user holds in the task's process, or a predicate over them. */
  permissions: readonly string[] | ((permission: KnownPermission) => boolean);
}

function holds(permissions: TaskAuthorizationInput['permissions'], permission: KnownPermission): boolean {
  return typeof permissions === 'function' ? permissions(permission) : permissions.includes(permission);
}

/** The verdict with the rule that decided it. */
export function authorizeTask(
  task: Task,
  user: Pick<SessionUser, 'login_id'> | null | undefined,
  { groups, permissions }: TaskAuthorizationInput,
): TaskAuthorization {
  if (groups === null || groups === undefined) return { allowed: false, reason: 'pending' };
  const login = user?.login_id;
  if (!login) return { allowed: false, reason: 'denied' };
  if (task.assigned_to_user?.id === login) return { allowed: true, reason: 'assignee' };
  if (task.delegated_to?.id === login) return { allowed: true, reason: 'delegate' };

  const needs = (permission: KnownPermission, reason: TaskAuthorizationReason): TaskAuthorization =>
    holds(permissions, permission) ? { allowed: true, reason } : { allowed: false, reason: 'denied' };
  const unassigned = !task.assigned_to_user && !task.delegated_to;
  const group = task.assigned_to_group;
  if (unassigned && (!group || groups.includes(group))) {
    return task.type === HAS_GAP ? needs(UPDATE_GAP_ANALYSIS, 'update-gap-analysis') : needs(REVIEW_REQUIREMENT, 'review-requirement');
  }
  return { allowed: false, reason: 'denied' };
}

/** Whether the user may act on the task (false while the groups load; see authorizeTask). */
export function canActOnTask(
  task: Task,
  user: Pick<SessionUser, 'login_id'> | null | undefined,
  input: TaskAuthorizationInput,
): boolean {
  return authorizeTask(task, user, input).allowed;
}
