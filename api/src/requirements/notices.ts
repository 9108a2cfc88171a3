// Who hears of the review workflow (issue 22, docs/notifications.md), through notify() in the
// change's transaction: a requirement submitted (or resubmitted: Resume) its reviewers — the
// review task's user, or its workgroup's members, or, when it names nobody, the process's people
// who may review; a review accepted or rejected, and a requirement completed or progressed by
// hand, its author and owner. What a delegation, a task's end or progress and the due dates tell
// is the tasks family's (tasks/notices.ts). The actor is never told of their own action.
import { PERMISSIONS, type RequirementEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { notify } from '../notifications/index';
import { linkText, requirementLink, reviewLink, taskAssignees } from '../tasks/index';
import { findTaskRecord, type ChangeContext } from '../tasks/service';
import { permittedRecipients } from '../realtime/audience';
import type { RequirementState } from './repository';

type Named = Pick<RequirementState, 'id' | 'code' | 'title'>;
type Followed = Named & Pick<RequirementState, 'owner_id' | 'created_by'>;

const named = (requirement: Named) => linkText(`${requirement.code} ${requirement.title}`);

function tell(tx: Queryable, context: ChangeContext, event: RequirementEventName, recipients: readonly (string | null)[], title: string, message: string, link: string) {
  return notify(tx, {
    processId: context.process.id,
    processCode: context.process.code_name,
    event: `Requirement: ${event}`,
    recipients: recipients.filter((id): id is string => id !== null),
    actorId: context.actor.id,
    title,
    message,
    link,
    sender: context.actor.login_id,
  });
}

/** Submit for Review / Resume: the review task's reviewers are asked to review. */
export async function notifyReviewers(tx: Queryable, context: ChangeContext, requirement: Named, taskId: string, event: 'Submit for Review' | 'Resume'): Promise<void> {
  const task = (await findTaskRecord(tx, taskId))!;
  let reviewers = await taskAssignees(tx, task);
  if (!task.assigned_to_user && !task.assigned_to_group) {
    const process = { organizationId: context.organizationId, processId: context.process.id, processCode: context.process.code_name };
    reviewers = await permittedRecipients(tx, process, PERMISSIONS.requirements.REVIEW_REQUIREMENT);
  }
  const again = event === 'Resume' ? ' again' : '';
  await tell(tx, context, event, reviewers, 'Review requested', `${context.actor.login_id} submitted ${named(requirement)} for review${again}.`, reviewLink(taskId));
}

/** Accept Review / Reject Review: the requirement's author and owner hear the verdict. */
export async function notifyReviewed(
  tx: Queryable,
  context: ChangeContext,
  requirement: Followed,
  verdict: { event: 'Accept Review'; delegate: string } | { event: 'Reject Review'; comment: string },
): Promise<void> {
  const who = context.actor.login_id;
  const [title, message] =
    verdict.event === 'Accept Review'
      ? ['Review accepted', `${who} accepted ${named(requirement)} and delegated it to ${verdict.delegate}.`]
      : ['Review rejected', `${who} rejected ${named(requirement)}: ${verdict.comment}`];
  await tell(tx, context, verdict.event, [requirement.created_by, requirement.owner_id], title, message, requirementLink(requirement.id));
}

/** Update Progress / Complete by hand (not through a task, whose own notification tells): the author and owner. */
export async function notifyProgress(tx: Queryable, context: ChangeContext, requirement: Followed, progress: number): Promise<void> {
  const [event, title, message]: [RequirementEventName, string, string] =
    progress === 100
      ? ['Complete', 'Requirement completed', `${context.actor.login_id} completed ${named(requirement)}.`]
      : ['Update Progress', 'Requirement progress', `${context.actor.login_id} reported ${progress} % on ${named(requirement)}.`];
  await tell(tx, context, event, [requirement.created_by, requirement.owner_id], title, message, requirementLink(requirement.id));
}
