import type { RemoteDefinition } from '@portal/shared';
import { AssignTaskScreen, CollaborationScreen, FilesScreen, OrgChartScreen, TasksInboxScreen, ViewTaskScreen, WorkflowScreen } from './lazyScreens';
import { liveCollaboration } from './LiveCollaboration';

const screens: RemoteDefinition['screens'] = {
  '/collaboration': CollaborationScreen,
  '/collaboration/tasks': TasksInboxScreen,
  '/view-task': ViewTaskScreen,
  '/assign-task': AssignTaskScreen,
  '/collaboration/org-chart': OrgChartScreen,
  '/workflow': WorkflowScreen,
  '/collaboration/share-files': FilesScreen,
};

/** What this remote serves: its routes (owner 'mfe-collaboration' in the shared route table) and their screens, kept live. */
export const definition: RemoteDefinition = {
  remote: 'mfe-collaboration',
  screens,
  App: liveCollaboration({ remote: 'mfe-collaboration', screens }),
};
