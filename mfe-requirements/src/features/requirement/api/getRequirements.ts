// GET requirements: a page of the process's requirements, filtered and ordered (the depository's
// table and tree levels, a requirement's sub-requirements).
import { apiClient, type RequirementListQuery, type RequirementPage } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type RequirementListParams } from './filters';
import { REQUIREMENT_KEYS } from './keys';

const clean = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;

export const getRequirements = (graph: string, params: RequirementListParams, offset: number, limit = PAGE_SIZE, signal?: AbortSignal) =>
  apiClient.get<RequirementPage>('requirements', { graph, params: clean({ ...params, offset, limit } satisfies RequirementListQuery), signal });

/** Page `page` (PAGE_SIZE rows) of the list `params` selects. */
export const getRequirementsQueryOptions = (graph: string, params: RequirementListParams, page: number) =>
  queryOptions({
    queryKey: REQUIREMENT_KEYS.list(graph, params, page),
    queryFn: () => getRequirements(graph, params, page * PAGE_SIZE),
  });

export function useRequirementPage(graph: string | undefined, params: RequirementListParams, page: number, enabled = true) {
  return useQuery({
    ...getRequirementsQueryOptions(graph ?? '', params, page),
    enabled: enabled && graph !== undefined,
    placeholderData: page === 0 ? keepPreviousData : undefined,
  });
}
