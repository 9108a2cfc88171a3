// The tasks feature's public face: what the collaboration landing page shows of the tasks.
export { useInboxCounts } from './api/getInboxCounts';
export { TASKS_PATH } from './paths';
export { TAB_LABELS } from './components/tabLabels';
