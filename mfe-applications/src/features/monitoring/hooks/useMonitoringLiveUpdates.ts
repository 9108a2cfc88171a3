// Real time: the API announces each monitoring event on `events#<userId>` of the process's people;
// a screen showing the events (or the findings they add) reads them again when one arrives.
import { MONITORING_EVENT_TYPES, subscribeEvents, type UserEvent } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { APP_KEYS } from '../../../lib/queryKeys';

export function useMonitoringLiveUpdates(graph: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (graph === undefined) return undefined;
    const onEvent = (event: UserEvent) => {
      if (event.data?.graph !== undefined && event.data.graph.toLowerCase() !== graph) return;
      void queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph) });
    };
    const stops = MONITORING_EVENT_TYPES.map((type) => subscribeEvents(type, onEvent));
    return () => stops.forEach((stop) => stop());
  }, [graph, queryClient]);
}
