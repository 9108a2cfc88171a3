// The inbox tabs' names (the inbox and the collaboration landing page say the same).
import type { TaskInboxTab } from '@portal/shared/collaboration';

export const TAB_LABELS: Record<TaskInboxTab, string> = {
  assigned: 'Assigned to me',
  workgroups: 'My workgroups',
  created: 'Created by me',
  all: 'All',
};
