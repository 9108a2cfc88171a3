// The review workflow's first step (spec 4.5, issue 6): the author submits a draft (Submit for
// Review) or a rejected requirement again (Resume) for review by a reviewer or a workgroup.
import { MESSAGES, PERMISSIONS, type RequirementTask } from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { openTaskIdsOf } from '../tasks/index';
import { completeTask, openTask, taskView } from '../tasks/service';
import { checkUserMay, NOT_A_REVIEWER } from './people';
import { raiseRequirementEvent } from './events';
import { notifyReviewers } from './notices';
import { dateField, isUuid, refuse, textField } from './input';
import { requirementDueDate, setRequirementStatus } from './repository';
import { eventBase, lockLive, type ChangeContext } from './service';
import { checkWorkgroup } from '../workgroups/service';

export { checkUserMay, NOT_A_REVIEWER };

export const NOT_SUBMITTABLE = 'Only a draft or rejected requirement can be submitted for review.';


/** POST requirements/:id/submit: a REVIEW task; the requirement IN_REVIEW. */
export async function submitForReview(context: ChangeContext, caller: Caller, id: string, body: unknown): Promise<RequirementTask> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const reviewer = input.reviewer_id ?? null;
  const workgroup = input.workgroup_id ?? null;
  if (reviewer !== null && !isUuid(reviewer)) errors.reviewer_id = MESSAGES.invalidInput;
  if (workgroup !== null && !isUuid(workgroup)) errors.workgroup_id = MESSAGES.invalidInput;
  const dueDate = dateField(errors, 'due_date', input.due_date);
  const comment = textField(errors, 'comment', input.comment ?? '', { max: 10000 }) ?? '';
  refuse(errors);
  const db = context.db;
  if (reviewer) {
    await checkUserMay(db, caller.context, context.organizationId, reviewer as string, PERMISSIONS.requirements.REVIEW_REQUIREMENT, 'reviewer_id', NOT_A_REVIEWER);
  }
  if (workgroup) await checkWorkgroup(db, context.organizationId, workgroup as string);
  return db.transaction(async (tx) => {
    const state = await lockLive(tx, context, id);
    if (state.status !== 'DRAFT' && state.status !== 'REJECTED') throw new ApiProblem(409, NOT_SUBMITTABLE);
    const resumed = state.status === 'REJECTED';
    if (resumed) {
      const open = await openTaskIdsOf(tx, id, { type: 'RESOLVE_REJECTED' });
      for (const taskId of open) await completeTask(tx, taskId, context.actor, comment || undefined, context.sessionId);
    }
    const requirementDue = await requirementDueDate(tx, id);
    await setRequirementStatus(tx, id, 'IN_REVIEW');
    const taskId = await openTask(tx, {
      organizationId: context.organizationId,
      processId: context.process.id,
      processCode: context.process.code_name,
      requirementId: id,
      type: 'REVIEW',
      assignedToUser: (reviewer as string | null) ?? null,
      assignedToGroup: (workgroup as string | null) ?? null,
      dueDate: dueDate ?? requirementDue,
      comment,
      createdBy: context.actor.id,
      sessionId: context.sessionId,
    });
    await raiseRequirementEvent(tx, {
      ...eventBase(context, id),
      type: resumed ? 'Resume' : 'Submit for Review',
      data: { task_id: taskId, reviewer_id: reviewer, workgroup_id: workgroup, ...(comment ? { comment } : {}) },
    });
    await notifyReviewers(tx, context, state, taskId, resumed ? 'Resume' : 'Submit for Review');
    return (await taskView(tx, taskId))!;
  });
}

