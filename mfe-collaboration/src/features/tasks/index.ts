// The tasks feature's public face: what the collaboration landing page shows of the tasks.
export { useInboxCounts } from './api/getInboxCounts';
export { TASKS_PATH } from './paths';
export { TAB_LABELS } from './components/tabLabels';
// …and what the workflow's board reuses: a page of the inbox, the decisions, the fail dialog,
// names and marks, spec 6's rule in the browser, the task's page.
export { useInbox } from './api/getInbox';
export { useCompleteTask, useFailTask, useUpdateTaskProgress } from './api/decideTask';
export { CommentDialog } from './components/TaskDialogs';
export { TASK_STATUS_LABELS, holderText, typeLabel } from './components/labels';
export { Mark } from './components/TaskBadges';
export { useTaskAuthorization } from './hooks/useTaskAuthorization';
export { viewTaskPath } from './paths';
