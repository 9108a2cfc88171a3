// Screens loaded when their route is first shown: the remote's first route carries none of them
// (its budget is 120 KB gzip), and a screen's libraries stay in its own chunk.
import { Loading, ScreenFrame, type ScreenComponent } from '@portal/shared';
import { lazy, Suspense } from 'react';

function lazyScreen(load: () => Promise<ScreenComponent>): ScreenComponent {
  const Lazy = lazy(async () => ({ default: await load() }));
  const Screen: ScreenComponent = ({ route }) => (
    <Suspense
      fallback={
        <ScreenFrame route={route}>
          <Loading label="Loading…" />
        </ScreenFrame>
      }
    >
      <Lazy route={route} />
    </Suspense>
  );
  return Screen;
}

export const CollaborationScreen = lazyScreen(() => import('./screens/CollaborationScreen').then((module) => module.CollaborationScreen));
export const TasksInboxScreen = lazyScreen(() => import('../features/tasks/components/TasksInboxScreen').then((module) => module.TasksInboxScreen));
export const ViewTaskScreen = lazyScreen(() => import('../features/tasks/components/ViewTaskScreen').then((module) => module.ViewTaskScreen));
export const AssignTaskScreen = lazyScreen(() => import('../features/tasks/components/AssignTaskScreen').then((module) => module.AssignTaskScreen));
// The org chart carries d3 (layout, zoom) and the canvas drawing.
export const OrgChartScreen = lazyScreen(() => import('../features/org-chart/components/OrgChartScreen').then((module) => module.OrgChartScreen));
// The workflow's diagram draws its arrows with d3.
export const WorkflowScreen = lazyScreen(() => import('../features/workflow/components/WorkflowScreen').then((module) => module.WorkflowScreen));
// The evidence library (issue 23 items 7-8).
export const FilesScreen = lazyScreen(() => import('../features/files/components/FilesScreen').then((module) => module.FilesScreen));
