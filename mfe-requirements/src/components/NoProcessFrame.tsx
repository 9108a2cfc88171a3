// A screen of the current process while no process is chosen: its frame, saying so and what to do.
import { Empty, ScreenFrame, type RouteDefinition } from '@portal/shared';

export function NoProcessFrame({ route, description }: { route: RouteDefinition; description: string }) {
  return (
    <ScreenFrame route={route}>
      <Empty title="No process selected" description={description} />
    </ScreenFrame>
  );
}
