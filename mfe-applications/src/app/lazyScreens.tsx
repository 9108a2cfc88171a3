// Screens loaded when their route is first shown: the app page (component tree, findings, VEX)
// stays out of the chunk Security Posture loads.
import { ScreenFrame, type ScreenComponent } from '@portal/shared';
import { lazy, Suspense } from 'react';
import { Loading } from '../components/QueryStates';

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

export const ApplicationScreen = lazyScreen(() => import('./screens/ApplicationScreen').then((module) => module.ApplicationScreen));
// The graph view carries d3 and the canvas drawing: loaded only when opened.
export const GraphViewScreen = lazyScreen(() => import('./screens/GraphViewScreen').then((module) => module.GraphViewScreen));
// The priority plane carries d3 (axes, drag): loaded only when opened.
export const ApplicationPlanesScreen = lazyScreen(() =>
  import('../features/planes/components/ApplicationPlanesScreen').then((module) => module.ApplicationPlanesScreen),
);
export const MonitoringEventsScreen = lazyScreen(() => import('./screens/MonitoringEventsScreen').then((module) => module.MonitoringEventsScreen));
export const RbomSettingsScreen = lazyScreen(() => import('./screens/RbomSettingsScreen').then((module) => module.RbomSettingsScreen));
// The advisory and KEV imports leave Security Posture's chunk: only Global Admins open them.
export const VulnerabilityDatabaseScreen = lazyScreen(() => import('./screens/VulnerabilityDatabaseScreen').then((module) => module.VulnerabilityDatabaseScreen));
