// The spec 6 permissions these screens check to hide actions, from the catalogue
// (@portal/shared/permissions) under the names the screens use: a string the catalogue does not
// hold is a type error.
import { PERMISSIONS } from '@portal/shared/permissions';

const { requirements, administration } = PERMISSIONS;

export const P = {
  LIST_REQUIREMENT: requirements.LIST_REQUIREMENT,
  VIEW_REQUIREMENT: requirements.VIEW_REQUIREMENT,
  CREATE_REQUIREMENT: requirements.CREATE_REQUIREMENT,
  /** Modify, submit for review. */
  UPDATE_REQUIREMENT: requirements.UPDATE_REQUIREMENT,
  UPDATE_REQUIREMENT_PROGRESS: requirements.UPDATE_REQUIREMENT_PROGRESS,
  COMMENT_REQUIREMENT: requirements.COMMENT_REQUIREMENT,
  DELETE_REQUIREMENT: requirements.DELETE_REQUIREMENT,
  ANALYZE_REQUIREMENT: requirements.ANALYZE_REQUIREMENT,
  ASSESS_REQUIREMENT: requirements.ASSESS_REQUIREMENT,
  /** Who may review (the reviewer picker lists them). */
  REVIEW_REQUIREMENT: requirements.REVIEW_REQUIREMENT,
  ASSIGN_TASK: requirements.TASK.ASSIGN,
  GAP_CREATE: requirements.GAP_ANALYSIS.CREATE,
  GAP_UPDATE: requirements.GAP_ANALYSIS.UPDATE,
  DOCUMENT_LIST: requirements.DOCUMENT.LIST,
  DOCUMENT_VIEW: requirements.DOCUMENT.VIEW,
  DOCUMENT_UPLOAD: requirements.DOCUMENT.UPLOAD,
  DOCUMENT_DELETE: requirements.DOCUMENT.DELETE,
  STANDARD_LIST: administration.SECURITY_STANDARD.LIST,
  /** Administration: the user and workgroup pickers. */
  LIST_USER: administration.USER.LIST,
  LIST_WORKGROUP: administration.WORKGROUP.LIST,
} as const;
