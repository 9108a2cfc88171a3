// The remote's root: its routes, and the ONE subscription that keeps every screen of the current
// process live (issue 22). Each event a rule maps is also counted for the LIVE dashboard.
import { RemoteRoutes, subscribeEvents, type ScreenComponent } from '@portal/shared';
import { useLiveQueries, type LiveRules } from '@portal/shared/screens';
import { recordLiveEvent } from '../lib/liveActivity';
import { useGraph } from '../lib/graph';
import { LIVE_RULES } from './liveRules';

const COUNTED_RULES: LiveRules = Object.fromEntries(
  Object.entries(LIVE_RULES).map(([type, keysOf]) => [
    type,
    (event: Parameters<typeof keysOf>[0], graph: string) => {
      recordLiveEvent((event as { time?: unknown }).time);
      return keysOf(event, graph);
    },
  ]),
);

export function liveRoutes(screens: Partial<Record<string, ScreenComponent>>) {
  return function LiveRoutes() {
    useLiveQueries({ graph: useGraph(), rules: COUNTED_RULES, subscribe: subscribeEvents });
    return <RemoteRoutes remote="mfe-requirements" screens={screens} />;
  };
}
