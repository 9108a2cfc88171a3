// GET requirements/{id}/events: the requirement's history, oldest first.
import { apiClient, type RequirementEventRecord } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export const getRequirementEvents = (graph: string, id: string) =>
  apiClient.get<RequirementEventRecord[]>(requirementPath(id, 'events'), { graph, notices: false });

export const getRequirementEventsQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.events(graph, id), queryFn: () => getRequirementEvents(graph, id) });

export function useRequirementEvents(graph: string, id: string) {
  return useQuery(getRequirementEventsQueryOptions(graph, id));
}
