// Screens loaded when their route is first shown: each keeps its libraries (d3 for the org chart)
// out of the remote's first route.
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

// The org chart carries d3 (layout, zoom) and the canvas drawing.
export const OrgChartScreen = lazyScreen(() => import('../features/org-chart/components/OrgChartScreen').then((module) => module.OrgChartScreen));
