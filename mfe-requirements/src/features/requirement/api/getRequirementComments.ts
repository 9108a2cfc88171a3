// GET requirements/{id}/comments: the requirement's comments, oldest first.
import { apiClient, type RequirementComment } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export const getRequirementComments = (graph: string, id: string) =>
  apiClient.get<RequirementComment[]>(requirementPath(id, 'comments'), { graph, notices: false });

export const getRequirementCommentsQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.comments(graph, id), queryFn: () => getRequirementComments(graph, id) });

export function useRequirementComments(graph: string, id: string) {
  return useQuery(getRequirementCommentsQueryOptions(graph, id));
}
