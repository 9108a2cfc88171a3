// The permission strings the collaboration screens check to hide actions, from the catalogue
// (@portal/shared/permissions): a string it does not hold is a type error.
import { PERMISSIONS } from '@portal/shared/permissions';

const { requirements, administration } = PERMISSIONS;

export const COLLABORATION_PERMISSIONS = {
  /** The "all" tab of the inbox. */
  LIST_TASK: requirements.TASK.LIST,
  VIEW_TASK: requirements.TASK.VIEW,
  /** Create a general task, assign or reassign any task, edit a general task of someone else. */
  ASSIGN_TASK: requirements.TASK.ASSIGN,
  /** Task authorization (spec 6): open unassigned or group tasks to reviewers, HAS_GAP to gap analysts. */
  REVIEW_REQUIREMENT: requirements.REVIEW_REQUIREMENT,
  UPDATE_GAP_ANALYSIS: requirements.GAP_ANALYSIS.UPDATE,
  /** Who may implement an accepted requirement (the delegate picker of an accepted review). */
  UPDATE_REQUIREMENT_PROGRESS: requirements.UPDATE_REQUIREMENT_PROGRESS,
  UPDATE_REQUIREMENT: requirements.UPDATE_REQUIREMENT,
  HANDLE_GAP_ANALYSIS_TASK: requirements.HANDLE_GAP_ANALYSIS_TASK,
  HANDLE_RISK_ASSESSMENT_TASK: requirements.HANDLE_RISK_ASSESSMENT_TASK,
  LIST_REQUIREMENT: requirements.LIST_REQUIREMENT,
  LIST_APPLICATION: PERMISSIONS.applications.APPLICATION.LIST,
  LIST_WORKGROUP: administration.WORKGROUP.LIST,
  LIST_DOCUMENT: requirements.DOCUMENT.LIST,
  /** A task's attachments: read (view), attach and detach (upload, with the right to act on the task). */
  VIEW_DOCUMENT: requirements.DOCUMENT.VIEW,
  UPLOAD_DOCUMENT: requirements.DOCUMENT.UPLOAD,
  VIEW_ORG_CHART: requirements.VIEW_ORG_CHART,
} as const;
