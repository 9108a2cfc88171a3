// Screens loaded when their route is first shown: the remote's first route carries none of them
// (its budget is 120 KB gzip), and a screen's libraries (the rule help's markdown) stay in their
// own chunks.
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

export const OverviewScreen = lazyScreen(() => import('../features/findings/components/OverviewScreen').then((module) => module.OverviewScreen));
export const SastScreen = lazyScreen(() => import('../features/findings/components/FindingsScreens').then((module) => module.SastScreen));
export const IacScreen = lazyScreen(() => import('../features/findings/components/FindingsScreens').then((module) => module.IacScreen));
export const AwsScreen = lazyScreen(() => import('../features/findings/components/CloudScreens').then((module) => module.AwsScreen));
export const AzureScreen = lazyScreen(() => import('../features/findings/components/CloudScreens').then((module) => module.AzureScreen));
export const CloudsScreen = lazyScreen(() => import('../features/findings/components/CloudScreens').then((module) => module.CloudsScreen));
export const SbomScreen = lazyScreen(() => import('../features/sbom/components/SbomScreen').then((module) => module.SbomScreen));
export const MetricsScreen = lazyScreen(() => import('../features/metrics').then((module) => module.MetricsScreen));
export const AlarmsScreen = lazyScreen(() => import('../features/alarms').then((module) => module.AlarmsScreen));
export const AlarmScreen = lazyScreen(() => import('../features/alarms').then((module) => module.AlarmScreen));
