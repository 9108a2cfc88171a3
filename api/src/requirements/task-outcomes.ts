// How a requirement follows its tasks (spec 4.5, issue 6): an accepted review delegates it
// (ACCEPTED, then IN_PROGRESS), a rejected one sends it back to its author (REJECTED), a
// delegation's progress is the requirement's, and a failed delegation fails it. The tasks family
// calls these through its TaskOutcomes interface (registered in app.ts): tasks never import
// requirements. Whom the work is delegated to (on acceptance, or when the delegation is given to
// someone else) becomes the requirement's owner, and must be one who may own it (people.ts).
import { ApiProblem } from '../http/problem';
import { completeTask, openTask, type ChangeContext, type TaskRecord } from '../tasks/service';
import { NOT_A_REVIEW_TASK, type TaskOutcomes } from '../tasks/index';
import { raiseRequirementEvent } from './events';
import { notifyReviewed } from './notices';
import { checkOwner } from './people';
import { lockRequirement, requirementDueDate, setRequirementOwner, setRequirementStatus } from './repository';
import { eventBase, setRequirementProgress } from './service';
import type { Queryable } from '../db/database';

async function requirementOf(tx: Queryable, context: ChangeContext, task: TaskRecord) {
  if (!task.requirement_id) throw new ApiProblem(409, NOT_A_REVIEW_TASK);
  const state = await lockRequirement(tx, context.process.id, task.requirement_id);
  if (!state) throw new ApiProblem(404);
  return state;
}

export const requirementTaskOutcomes: TaskOutcomes = {
  async reviewAccepted(tx, context, task, { delegateToId, dueDate, comment }) {
    const delegate = await checkOwner(tx, context.policy, context.organizationId, delegateToId, 'delegate_to_id');
    const state = await requirementOf(tx, context, task);
    await completeTask(tx, task.id, context.actor, comment || undefined, context.sessionId);
    await setRequirementStatus(tx, state.id, 'ACCEPTED');
    await setRequirementOwner(tx, state.id, delegate.id);
    await raiseRequirementEvent(tx, {
      ...eventBase(context, state.id),
      type: 'Accept Review',
      data: { task_id: task.id, delegate_to: delegate.login_id, owner: delegate.login_id, ...(comment ? { comment } : {}) },
    });
    await notifyReviewed(tx, context, state, { event: 'Accept Review', delegate: delegate.login_id });
    const requirementDue = await requirementDueDate(tx, state.id);
    const delegated = await openTask(tx, {
      organizationId: context.organizationId,
      processId: context.process.id,
      processCode: context.process.code_name,
      requirementId: state.id,
      type: 'DELEGATE',
      delegatedTo: delegate.id,
      dueDate: dueDate ?? requirementDue,
      comment,
      createdBy: context.actor.id,
      sessionId: context.sessionId,
    });
    await setRequirementStatus(tx, state.id, 'IN_PROGRESS');
    return delegated;
  },

  async reviewRejected(tx, context, task, comment) {
    const state = await requirementOf(tx, context, task);
    await completeTask(tx, task.id, context.actor, comment, context.sessionId);
    await setRequirementStatus(tx, state.id, 'REJECTED');
    await raiseRequirementEvent(tx, { ...eventBase(context, state.id), type: 'Reject Review', data: { task_id: task.id, comment } });
    await notifyReviewed(tx, context, state, { event: 'Reject Review', comment });
    const author = task.created_by ?? state.created_by ?? state.owner_id;
    return openTask(tx, {
      organizationId: context.organizationId,
      processId: context.process.id,
      processCode: context.process.code_name,
      requirementId: state.id,
      type: 'RESOLVE_REJECTED',
      assignedToUser: author,
      comment,
      createdBy: context.actor.id,
      sessionId: context.sessionId,
    });
  },

  async delegated(tx, context, task, userId) {
    if (task.type !== 'DELEGATE' || !task.requirement_id) return;
    const owner = await checkOwner(tx, context.policy, context.organizationId, userId, 'user_id');
    const state = await lockRequirement(tx, context.process.id, task.requirement_id);
    if (!state || state.deleted_at !== null || state.owner_id === owner.id) return;
    await setRequirementOwner(tx, state.id, owner.id);
    await raiseRequirementEvent(tx, { ...eventBase(context, state.id), type: 'Update', data: { fields: ['owner_id'], owner: owner.login_id, task_id: task.id } });
  },

  async progressed(tx, context, task, progress) {
    if (task.type !== 'DELEGATE' || !task.requirement_id) return;
    const state = await lockRequirement(tx, context.process.id, task.requirement_id);
    if (state && state.deleted_at === null) await setRequirementProgress(tx, context, state, progress, task.id);
  },

  async failed(tx, context, task, comment) {
    if (task.type !== 'DELEGATE' || !task.requirement_id) return;
    const state = await lockRequirement(tx, context.process.id, task.requirement_id);
    if (state && state.deleted_at === null) {
      await setRequirementStatus(tx, state.id, 'FAILED');
      await raiseRequirementEvent(tx, { ...eventBase(context, state.id), type: 'Fail', data: { task_id: task.id, comment } });
    }
  },
};
