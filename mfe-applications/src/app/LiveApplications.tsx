// The remote's root: its routes, kept live by ONE subscription to the current process's events
// (issue 22) — no screen subscribes or polls on its own.
import { RemoteRoutes, subscribeEvents, type RemoteDefinition } from '@portal/shared';
import { useLiveQueries, type SubscribeEvents } from '@portal/shared/screens';
import { useWorkingScope } from '../lib/graph';
import { APPLICATION_LIVE_RULES } from './liveRules';

const subscribe: SubscribeEvents = (types, handler) => subscribeEvents(types, handler);

export function liveApplications({ remote, screens }: Pick<RemoteDefinition, 'remote' | 'screens'>) {
  function LiveApplications() {
    const { graph } = useWorkingScope();
    useLiveQueries({ graph, rules: APPLICATION_LIVE_RULES, subscribe });
    return <RemoteRoutes remote={remote} screens={screens} />;
  }
  return LiveApplications;
}
