// The spec 6 permissions these screens check to hide actions. The browser does not import the
// evaluator's catalogue (shared/src/permissions/catalogue.ts, kept out of the host's first load),
// so the literals are copied here under their catalogue names.
export const P = {
  LIST_REQUIREMENT: 'list=>Requirement',
  VIEW_REQUIREMENT: 'view=>Requirement',
  CREATE_REQUIREMENT: 'create=>Requirement',
  /** Modify, submit for review. */
  UPDATE_REQUIREMENT: 'update=>Requirement',
  UPDATE_REQUIREMENT_PROGRESS: 'updateProgress=>Requirement',
  COMMENT_REQUIREMENT: 'comment=>Requirement',
  DELETE_REQUIREMENT: 'delete=>Requirement',
  ANALYZE_REQUIREMENT: 'analyze=>Requirement',
  ASSESS_REQUIREMENT: 'assess=>Requirement',
  /** Who may review (the reviewer picker lists them). */
  REVIEW_REQUIREMENT: 'handle=>ReviewRequirementTask',
  ASSIGN_TASK: 'assign=>Task',
  GAP_CREATE: 'create=>GapAnalysis',
  GAP_UPDATE: 'update=>GapAnalysis',
  DOCUMENT_LIST: 'list=>Document',
  DOCUMENT_VIEW: 'view=>Document',
  DOCUMENT_UPLOAD: 'upload=>Document',
  DOCUMENT_DELETE: 'delete=>Document',
  STANDARD_LIST: 'list=>SecurityStandard',
  /** Administration: the user and workgroup pickers. */
  LIST_USER: 'list=>User',
  LIST_WORKGROUP: 'list=>Workgroup',
} as const;
