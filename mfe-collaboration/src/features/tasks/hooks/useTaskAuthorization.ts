// Spec 6's task authorization in the browser: the same rule the API judges with (authorizeTask of
// the contract), fed with the signed-in user's login id, their workgroups (GET
// workgroups/myMembership; 'pending' until they load) and the two permissions the rule reads.
// The task's people are matched on login id, its workgroup on id — as the API does. The rule
// comes from the contract's pure permissions entry (no evaluator in the screen's chunk).
import { usePermitted, type Task } from '@portal/shared';
import { type InboxTask } from '@portal/shared/collaboration';
import { authorizeTask, type TaskAuthorization } from '@portal/shared/permissions';
import { useLoginId } from '../../../lib/graph';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { useMyWorkgroups } from '../api/getPeople';

/** The task as the rule reads it. */
export function authorizationTask(task: InboxTask): Task {
  return {
    id: task.id,
    type: task.type,
    assigned_to_user: task.assigned_to_user ? { id: task.assigned_to_user.login_id } : null,
    delegated_to: task.delegated_to ? { id: task.delegated_to.login_id } : null,
    assigned_to_group: task.assigned_to_group?.id ?? null,
  };
}

export interface TaskAuthorizationState extends TaskAuthorization {
  /** The caller's workgroups could not be read: the verdict stays 'pending'. */
  groupsError: unknown;
}

export function useTaskAuthorization(task: InboxTask): TaskAuthorizationState {
  const login = useLoginId();
  const groups = useMyWorkgroups();
  const review = usePermitted(P.REVIEW_REQUIREMENT);
  const gap = usePermitted(P.UPDATE_GAP_ANALYSIS);
  const held = [...(review ? [P.REVIEW_REQUIREMENT] : []), ...(gap ? [P.UPDATE_GAP_ANALYSIS] : [])];
  const verdict = authorizeTask(authorizationTask(task), login ? { login_id: login } : null, {
    groups: groups.data?.map((group) => group.id),
    permissions: held,
  });
  return { ...verdict, groupsError: groups.error };
}
