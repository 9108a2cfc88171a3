// Real time (issue 6 item 4): the API publishes every requirement and task event of a process on
// `events#<userId>` of its members. A screen showing requirements or tasks reads again what the
// event's process shows, so a second browser sees a change without reloading.
import { REQUIREMENT_EVENTS, subscribeEvents, TASK_EVENTS, type RequirementChangeEvent } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REQUIREMENT_KEYS, TASK_KEYS } from './keys';

/** The event types to follow: requirement and task events (some names are both). */
export const LIVE_EVENT_TYPES: readonly string[] = [...new Set<string>([...REQUIREMENT_EVENTS, ...TASK_EVENTS])];

export function useRequirementLiveUpdates(graph: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (graph === undefined) return undefined;
    const onEvent = (event: RequirementChangeEvent) => {
      const eventGraph = event.data?.graph?.toLowerCase();
      if (eventGraph !== undefined && eventGraph !== graph) return;
      void queryClient.invalidateQueries({ queryKey: REQUIREMENT_KEYS.all(graph) });
      void queryClient.invalidateQueries({ queryKey: TASK_KEYS.all(graph) });
    };
    const stops = LIVE_EVENT_TYPES.map((type) => subscribeEvents<RequirementChangeEvent>(type, onEvent));
    return () => {
      for (const stop of stops) stop();
    };
  }, [graph, queryClient]);
}
