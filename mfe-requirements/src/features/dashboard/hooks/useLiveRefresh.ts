// The LIVE dashboard: follows the process's requirement and task events and reads the statistics
// again once per burst of events; answers how many arrived and when the last did.
import { REQUIREMENT_EVENTS, subscribeEvents, TASK_EVENTS, type RequirementChangeEvent } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DASHBOARD_KEYS } from '../api/keys';

/** Events arriving together (an import, a merge) cause one read, not one each. */
export const LIVE_COALESCE_MS = 400;
const LIVE_EVENT_TYPES = [...new Set<string>([...REQUIREMENT_EVENTS, ...TASK_EVENTS])];

export function useLiveRefresh(graph: string, enabled: boolean): { received: number; last: string | null } {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ received: number; last: string | null }>({ received: 0, last: null });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const onEvent = (event: RequirementChangeEvent) => {
      if (event.data?.graph && event.data.graph.toLowerCase() !== graph) return;
      setState((current) => ({ received: current.received + 1, last: event.time ?? new Date().toISOString() }));
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEYS.statistics(graph) });
      }, LIVE_COALESCE_MS);
    };
    const stops = LIVE_EVENT_TYPES.map((type) => subscribeEvents<RequirementChangeEvent & { data: RequirementChangeEvent['data'] & Record<string, unknown> }>(type, onEvent as never));
    return () => {
      for (const stop of stops) stop();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [graph, enabled, queryClient]);
  return state;
}
