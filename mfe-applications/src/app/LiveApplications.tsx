// The remote's root: its routes, kept live by ONE subscription to the current process's events
// (issue 22) — no screen subscribes or polls on its own.
import { RemoteRoutes, subscribeEvents, type RemoteDefinition } from '@portal/shared';
import { useLiveQueries, type SubscribeEvents } from '@portal/shared/screens';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWorkingScope } from '../lib/graph';
import { applicationLiveRules } from './liveRules';

const subscribe: SubscribeEvents = (types, handler) => subscribeEvents(types, handler);

export function liveApplications({ remote, screens }: Pick<RemoteDefinition, 'remote' | 'screens'>) {
  function LiveApplications() {
    const { graph } = useWorkingScope();
    const queryClient = useQueryClient();
    const rules = useMemo(() => applicationLiveRules(queryClient), [queryClient]);
    useLiveQueries({ graph, rules, subscribe });
    return <RemoteRoutes remote={remote} screens={screens} />;
  }
  return LiveApplications;
}
