// The remote's root: its routes, kept live by ONE subscription to the current process's events
// (issue 22) — no screen subscribes or polls on its own.
import { RemoteRoutes, subscribeEvents, type RemoteDefinition } from '@portal/shared';
import { useLiveQueries, type SubscribeEvents } from '@portal/shared/screens';
import { useCurrentGraph } from '../lib/graph';
import { OPERATIONS_LIVE_RULES } from './liveRules';

const subscribe: SubscribeEvents = (types, handler) => subscribeEvents(types, handler);

export function liveOperations({ remote, screens }: Pick<RemoteDefinition, 'remote' | 'screens'>) {
  function LiveOperations() {
    const graph = useCurrentGraph();
    useLiveQueries({ graph: graph || undefined, rules: OPERATIONS_LIVE_RULES, subscribe });
    return <RemoteRoutes remote={remote} screens={screens} />;
  }
  return LiveOperations;
}
