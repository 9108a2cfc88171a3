// The requirement workflow (spec 4.5 and the release notes' "assigned for review, accepted then
// delegated, or rejected back to the author") as states and the event that moves a requirement
// between them — what /workflow draws. The API's requirements and tasks families implement these
// transitions (api/src/requirements/workflow.ts, task-outcomes.ts).
import type { RequirementStatus } from './requirement';

export interface WorkflowTransition {
  from: RequirementStatus;
  to: RequirementStatus;
  /** The spec 4.5 event raised by the move. */
  event: string;
  /** Who makes the move, as the diagram says it. */
  by: string;
}

export const REQUIREMENT_WORKFLOW: readonly WorkflowTransition[] = [
  { from: 'DRAFT', to: 'IN_REVIEW', event: 'Submit for Review', by: 'the author' },
  { from: 'IN_REVIEW', to: 'REJECTED', event: 'Reject Review', by: 'a reviewer (review task)' },
  { from: 'REJECTED', to: 'IN_REVIEW', event: 'Submit for Review', by: 'the author (resolve rejected task)' },
  { from: 'IN_REVIEW', to: 'ACCEPTED', event: 'Accept Review', by: 'a reviewer (review task)' },
  { from: 'ACCEPTED', to: 'IN_PROGRESS', event: 'Accept Review', by: 'the delegation to an implementer, in the same step' },
  { from: 'IN_PROGRESS', to: 'COMPLETED', event: 'Update Progress', by: 'the delegate, at 100 %' },
  { from: 'IN_PROGRESS', to: 'FAILED', event: 'Fail', by: 'the delegate (fail task)' },
  { from: 'COMPLETED', to: 'IN_PROGRESS', event: 'Update Progress', by: 'progress set below 100 %' },
];

/** Whether the workflow has a move from one state to another. */
export const isWorkflowTransition = (from: RequirementStatus, to: RequirementStatus): boolean =>
  REQUIREMENT_WORKFLOW.some((transition) => transition.from === from && transition.to === to);
