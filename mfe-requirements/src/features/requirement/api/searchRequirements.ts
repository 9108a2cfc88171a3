// GET requirements?search=…: the first matches by code or title, for the requirement picker.
import { apiClient, type RequirementPage } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS } from './keys';

export const SEARCH_LIMIT = 10;

export const searchRequirements = (graph: string, search: string, signal?: AbortSignal) =>
  apiClient.get<RequirementPage>('requirements', { graph, params: { search, limit: SEARCH_LIMIT, sort: 'code' }, notices: false, signal });

export const searchRequirementsQueryOptions = (graph: string, search: string) =>
  queryOptions({
    queryKey: REQUIREMENT_KEYS.search(graph, search),
    queryFn: ({ signal }) => searchRequirements(graph, search, signal),
  });

export function useRequirementSearch(graph: string, search: string, enabled: boolean) {
  return useQuery({ ...searchRequirementsQueryOptions(graph, search), enabled: enabled && search !== '' });
}
