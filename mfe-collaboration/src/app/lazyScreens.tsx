// Screens loaded when their route is first shown: the first route's chunk stays small.
import { ScreenFrame, type ScreenComponent } from '@portal/shared';
import { lazy, Suspense } from 'react';
import { Loading } from '@portal/shared';

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

// The evidence library (issue 23 items 7-8).
export const FilesScreen = lazyScreen(() => import('../features/files/components/FilesScreen').then((module) => module.FilesScreen));
