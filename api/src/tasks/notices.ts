// Who hears of a task (issue 22, docs/notifications.md), through notify() in the change's
// transaction: a new or reassigned task its new assignees (the user, the delegate, or else the
// workgroup's members); a task completed, failed or progressed the one who assigned it and the
// requirement's owner (its author when it has none). REVIEW and RESOLVE_REJECTED tasks are the
// review workflow's own steps: their people hear of them through the requirement's events (Submit
// for Review, Resume, Accept Review, Reject Review), so their New, Complete and Fail tell nobody
// twice. The actor is never told of their own action (notify() drops them).
import type { TaskEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { notify } from '../notifications/index';
import type { EventActor } from '../realtime/recipients';
import { assigneeIds, requirementRefOf, type RequirementRef } from './notices.repository';
import type { TaskRecord } from './repository';

export const TASK_NAMES: Readonly<Record<string, string>> = {
  REVIEW: 'review',
  DELEGATE: 'delegated',
  HAS_GAP: 'close gap',
  RESOLVE_REJECTED: 'resolve rejected',
  RESOLVE_RISK: 'resolve risk',
  RESOLVE_CONFLICT: 'resolve conflict',
  GENERAL: 'general',
};

/**
 * A notification's one link (spec 2.3 '##…##'), its text kept free of the delimiter: no '##'
 * inside, and no '#' just before the closing one (the bell reads the first '##' as the end).
 */
export function linkText(text: string): string {
  const inner = text.replace(/#{2,}/g, '#');
  return `##${inner.endsWith('#') ? `${inner} ` : inner}##`;
}

/** The requirement's place in the portal (the Depository opens it: /requirements?id=…). */
export const requirementLink = (requirementId: string): string => `/requirements?id=${encodeURIComponent(requirementId)}`;

/** A review task on the reviewer's screen (/review-requirement?task=…). */
export const reviewLink = (taskId: string): string => `/review-requirement?task=${encodeURIComponent(taskId)}`;

/**
 * A task on its own screen (mfe-collaboration's /view-task?id=…, the address its screens use):
 * where a general task's notices lead. Mails sent before it was ?id= name ?task=, still read.
 */
export const viewTaskLink = (taskId: string): string => `/view-task?id=${encodeURIComponent(taskId)}`;

/** Where a task's notification leads: a general task to /view-task, a review to the review screen, another task to its requirement. */
export function taskLink(task: Pick<TaskRecord, 'id' | 'type' | 'requirement_id'>): string {
  if (task.type === 'GENERAL') return viewTaskLink(task.id);
  return task.type === 'REVIEW' || !task.requirement_id ? reviewLink(task.id) : requirementLink(task.requirement_id);
}

/**
 * 'the review task of ##REQ-1 Encrypt backups##' (the requirement as the link), '##the review
 * task##', or a general task's 'the task ##Quarterly access review##'.
 */
export function taskSubject(task: Pick<TaskRecord, 'type'> & { title?: string }, requirement: Pick<RequirementRef, 'code' | 'title'> | undefined): string {
  if (task.type === 'GENERAL' && task.title) return `the task ${linkText(task.title)}`;
  const name = `the ${TASK_NAMES[task.type] ?? task.type} task`;
  return requirement ? `${name} of ${linkText(`${requirement.code} ${requirement.title}`)}` : linkText(name);
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const WORKFLOW_STEPS = new Set(['REVIEW', 'RESOLVE_REJECTED']);

/** The task's (active) assignees: the user and the delegate, or else the workgroup's members. */
export function taskAssignees(tx: Queryable, task: Pick<TaskRecord, 'assigned_to_user' | 'delegated_to' | 'assigned_to_group'>): Promise<string[]> {
  return assigneeIds(tx, task.assigned_to_user, task.delegated_to, task.assigned_to_group);
}

/** What a task event tells, given who did it and what it is about; null: the event tells no one. */
function noticeOf(event: TaskEventName, who: string, what: string, data: Record<string, unknown>): { title: string; message: string } | null {
  switch (event) {
    case 'New':
      return { title: 'New task', message: `${who} assigned you ${what}.` };
    case 'Assign':
      return { title: 'Task assigned to you', message: `${who} assigned you ${what}.` };
    case 'Complete':
      return { title: 'Task completed', message: `${who} completed ${what}.` };
    case 'Fail':
      return { title: 'Task failed', message: `${who} failed ${what}${data.comment ? `: ${String(data.comment)}` : '.'}` };
    case 'Update Progress':
      return { title: 'Task progress', message: `${who} reported ${String(data.progress)} % on ${what}.` };
    case 'Remind Due Date':
      return { title: 'Task due soon', message: `${capitalized(what)} is due on ${String(data.due_day)}.` };
    case 'Past Due':
      return { title: 'Task past due', message: `${capitalized(what)} was due on ${String(data.due_day)}.` };
    default:
      return null;
  }
}

/** Who hears of a task event: its assignees of New, Assign and the due dates; otherwise who assigned it and the requirement's owner. */
async function recipientsOf(tx: Queryable, event: TaskEventName, task: TaskRecord, requirement: RequirementRef | undefined): Promise<string[]> {
  if (event === 'New' || event === 'Assign' || event === 'Remind Due Date' || event === 'Past Due') return taskAssignees(tx, task);
  const owner = requirement ? (requirement.owner_id ?? requirement.created_by) : null;
  return [task.created_by, owner].filter((id): id is string => id !== null);
}

/**
 * Tells the people a task event concerns (see the head of this file), in `tx`. `data` carries what
 * the message names: the comment of a Fail, the progress of an Update Progress, the day of a due date.
 */
export async function notifyTask(
  tx: Queryable,
  task: TaskRecord,
  event: TaskEventName,
  actor: EventActor | null,
  data: Record<string, unknown> = {},
): Promise<void> {
  const dueDates = event === 'Remind Due Date' || event === 'Past Due';
  if (WORKFLOW_STEPS.has(task.type) && !dueDates && event !== 'Assign') return;
  const requirement = task.requirement_id ? await requirementRefOf(tx, task.requirement_id) : undefined;
  const notice = noticeOf(event, actor?.login_id ?? 'The portal', taskSubject(task, requirement), data);
  if (!notice) return;
  await notify(tx, {
    processId: task.process_id,
    processCode: task.process_code,
    event: `Task: ${event}`,
    recipients: await recipientsOf(tx, event, task, requirement),
    actorId: actor?.id ?? null,
    title: event === 'New' && task.type === 'DELEGATE' ? 'Requirement delegated to you' : notice.title,
    message: notice.message,
    link: taskLink(task),
    sender: actor?.login_id ?? 'Portal',
    ...(typeof data.time === 'string' ? { time: data.time } : {}),
  });
}
