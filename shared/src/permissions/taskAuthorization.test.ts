/** @jest-environment node */
import { HAS_GAP, type Task } from '../entities/task';
import { REVIEW_REQUIREMENT, UPDATE_GAP_ANALYSIS } from './catalogue';
import { authorizeTask, canActOnTask, type TaskAuthorizationReason } from './taskAuthorization';

const me = { login_id: 'ann' };
const task = (fields: Partial<Task>): Task => ({ id: 't1', type: 'REVIEW', ...fields });
const REVIEWER = [REVIEW_REQUIREMENT];
const GAP_ANALYST = [UPDATE_GAP_ANALYSIS];
const NOTHING: string[] = [];

// One row per sentence of spec 6 "Task authorization".
const table: [string, Task, readonly string[] | null, readonly string[], boolean, TaskAuthorizationReason][] = [
  // "a user may act on a task if they are its assigned user or its delegate (matched on login id)"
  ['assigned user', task({ assigned_to_user: { id: 'ann' } }), [], NOTHING, true, 'assignee'],
  ['delegate', task({ assigned_to_user: { id: 'bob' }, delegated_to: { id: 'ann' } }), [], NOTHING, true, 'delegate'],
  ['assigned to someone else', task({ assigned_to_user: { id: 'bob' } }), [], REVIEWER, false, 'denied'],
  // "if the task has no assignee ... the REVIEW_REQUIREMENT permission is needed"
  ['no assignee, with REVIEW_REQUIREMENT', task({}), [], REVIEWER, true, 'review-requirement'],
  ['no assignee, without it', task({}), [], GAP_ANALYST, false, 'denied'],
  // "or only a group assignment (no user, no delegate) and the user belongs to that group"
  ['my group, with REVIEW_REQUIREMENT', task({ assigned_to_group: 'qa' }), ['qa'], REVIEWER, true, 'review-requirement'],
  ['my group, without it', task({ assigned_to_group: 'qa' }), ['qa'], NOTHING, false, 'denied'],
  ['another group', task({ assigned_to_group: 'ops' }), ['qa'], REVIEWER, false, 'denied'],
  ['group and a delegate who is not me', task({ assigned_to_group: 'qa', delegated_to: { id: 'bob' } }), ['qa'], REVIEWER, false, 'denied'],
  // "For tasks of type HAS_GAP, UPDATE_GAP_ANALYSIS is needed"
  ['HAS_GAP unassigned, with UPDATE_GAP_ANALYSIS', task({ type: HAS_GAP }), [], GAP_ANALYST, true, 'update-gap-analysis'],
  ['HAS_GAP unassigned, with only REVIEW_REQUIREMENT', task({ type: HAS_GAP }), [], REVIEWER, false, 'denied'],
  ['HAS_GAP in my group', task({ type: HAS_GAP, assigned_to_group: 'qa' }), ['qa'], GAP_ANALYST, true, 'update-gap-analysis'],
  // "Otherwise only the delegate matches"
  ['HAS_GAP assigned to someone else', task({ type: HAS_GAP, assigned_to_user: { id: 'bob' } }), [], GAP_ANALYST, false, 'denied'],
  ['HAS_GAP delegated to me', task({ type: HAS_GAP, assigned_to_user: { id: 'bob' }, delegated_to: { id: 'ann' } }), [], NOTHING, true, 'delegate'],
  // "The check requires the user's group list to have loaded"
  ['groups not loaded', task({ assigned_to_user: { id: 'ann' } }), null, REVIEWER, false, 'pending'],
];

describe('canActOnTask (spec 6 task authorization)', () => {
  it.each(table)('%s', (_name, subject, groups, permissions, allowed, reason) => {
    expect(authorizeTask(subject, me, { groups, permissions })).toEqual({ allowed, reason });
    expect(canActOnTask(subject, me, { groups, permissions })).toBe(allowed);
  });

  it('matches on login id, not on the display name or user id', () => {
    const subject = task({ assigned_to_user: { id: 'Ann' } });
    expect(canActOnTask(subject, me, { groups: [], permissions: [] })).toBe(false);
    expect(canActOnTask(subject, null, { groups: [], permissions: REVIEWER })).toBe(false);
  });

  it('accepts a permission predicate, e.g. one backed by checkPermission', () => {
    const asked: string[] = [];
    const permissions = (permission: string) => {
      asked.push(permission);
      return true;
    };
    expect(canActOnTask(task({}), me, { groups: undefined, permissions })).toBe(false);
    expect(canActOnTask(task({}), me, { groups: [], permissions })).toBe(true);
    expect(asked).toEqual([REVIEW_REQUIREMENT]);
  });
});
