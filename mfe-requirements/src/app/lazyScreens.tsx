// The analysis screens, each loaded when its route is first shown: d3 and the charts stay out of
// the chunk every route of the remote loads (the depository, the review…).
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

export const DashboardScreen = lazyScreen(() => import('../features/dashboard').then((module) => module.DashboardScreen));
export const GapAnalysisScreen = lazyScreen(() => import('../features/gaps').then((module) => module.GapAnalysisScreen));
export const ReportsScreen = lazyScreen(() => import('../features/reports').then((module) => module.ReportsScreen));
export const CommentsScreen = lazyScreen(() => import('../features/comments').then((module) => module.CommentsScreen));
export const PriorityPlanesScreen = lazyScreen(() => import('../features/planes').then((module) => module.PriorityPlanesScreen));
export const PriorityPlanesOverviewScreen = lazyScreen(() => import('../features/planes').then((module) => module.PriorityPlanesOverviewScreen));
