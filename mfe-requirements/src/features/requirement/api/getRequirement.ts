// GET requirements/{id}: one requirement with its ancestors.
import { apiClient, type RequirementDetail } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export const getRequirement = (graph: string, id: string) => apiClient.get<RequirementDetail>(requirementPath(id), { graph });

export const getRequirementQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.detail(graph, id), queryFn: () => getRequirement(graph, id) });

export function useRequirement(graph: string | undefined, id: string | undefined) {
  return useQuery({ ...getRequirementQueryOptions(graph ?? '', id ?? ''), enabled: graph !== undefined && id !== undefined && id !== '' });
}
