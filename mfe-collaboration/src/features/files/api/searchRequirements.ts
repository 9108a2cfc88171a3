// GET requirements?search=: the requirements a document can be linked to, found by code or title.
import { apiClient, type RequirementPage } from '@portal/shared';
import { PERMISSIONS } from '@portal/shared/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const LIST_REQUIREMENT = PERMISSIONS.requirements.LIST_REQUIREMENT;

export const searchRequirements = (graph: string, search: string, signal?: AbortSignal) =>
  apiClient.get<RequirementPage>('requirements', { graph, params: { search, limit: 20, sort: 'code' }, signal });

export const searchRequirementsQueryOptions = (graph: string, search: string) =>
  queryOptions({ queryKey: ['documents', graph, 'requirement-search', search] as const, queryFn: ({ signal }) => searchRequirements(graph, search, signal) });

export function useRequirementSearch(graph: string, search: string, enabled: boolean) {
  return useQuery({ ...searchRequirementsQueryOptions(graph, search), enabled: enabled && search.trim().length > 0 });
}
