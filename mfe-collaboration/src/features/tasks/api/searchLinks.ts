// What a task links to, found by the pickers: requirements by code or title (GET requirements
// ?search=), the process's applications (GET apps), findings by advisory id in the latest builds
// (GET apps/vulnerabilities/search, then the finding's own id from its build's findings: the
// search answers none), and one requirement by id (the inbox's requirement filter names it).
import {
  apiClient,
  FRESHNESS,
  type ApplicationSummary,
  type BuildVulnerabilityPage,
  type BuildVulnerabilityQuery,
  type Requirement,
  type RequirementPage,
  type VulnerabilitySearchResult,
} from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LINK_KEYS } from '../../../lib/queryKeys';

export const SEARCH_LIMIT = 10;

export const searchRequirements = (graph: string, search: string, signal?: AbortSignal) =>
  apiClient.get<RequirementPage>('requirements', { graph, params: { search, limit: SEARCH_LIMIT, sort: 'code' }, notices: false, signal });

export const searchRequirementsQueryOptions = (graph: string, search: string) =>
  queryOptions({ queryKey: LINK_KEYS.requirements(graph, search), queryFn: ({ signal }) => searchRequirements(graph, search, signal) });

export function useRequirementSearch(graph: string, search: string, enabled = true) {
  return useQuery({ ...searchRequirementsQueryOptions(graph, search), enabled: enabled && search !== '' });
}

export const getRequirement = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<Requirement>(`requirements/${encodeURIComponent(id)}`, { graph, notices: false, signal });

export function useRequirement(graph: string, id: string | undefined) {
  return useQuery({
    queryKey: LINK_KEYS.requirement(graph, id ?? ''),
    queryFn: ({ signal }) => getRequirement(graph, id!, signal),
    enabled: graph !== '' && Boolean(id),
  });
}

export type ProcessApplication = Pick<ApplicationSummary, 'id' | 'app_key'> & Partial<Pick<ApplicationSummary, 'name'>>;

export const getApplications = (graph: string) => apiClient.get<ProcessApplication[]>('apps', { graph, notices: false });

export function useApplications(graph: string, enabled = true) {
  return useQuery({ queryKey: LINK_KEYS.applications(graph), queryFn: () => getApplications(graph), staleTime: FRESHNESS.applications, enabled });
}

export const searchFindings = (graph: string, search: string, signal?: AbortSignal) =>
  apiClient.get<VulnerabilitySearchResult[]>('apps/vulnerabilities/search', { graph, params: { search }, notices: false, signal });

export function useFindingSearch(graph: string, search: string, enabled = true) {
  return useQuery({
    queryKey: LINK_KEYS.findings(graph, search),
    queryFn: ({ signal }) => searchFindings(graph, search, signal),
    staleTime: FRESHNESS.searches,
    enabled: enabled && search.trim() !== '',
  });
}

/** What names one finding in a search hit: the advisory, in which component of which build. */
export type FindingHit = Pick<VulnerabilitySearchResult, 'app_key' | 'build_id' | 'vulnerability_id' | 'bom_ref'>;

/**
 * The finding's own id (what a task links to): POST apps/{appKey}/builds/{buildId}/vulnerabilities
 * searched by the advisory id, the row of the hit's component.
 */
export async function findingIdOf(graph: string, hit: FindingHit): Promise<string> {
  const path = `apps/${encodeURIComponent(hit.app_key)}/builds/${encodeURIComponent(hit.build_id)}/vulnerabilities`;
  const query: BuildVulnerabilityQuery = { search: hit.vulnerability_id, limit: 500 };
  const page = await apiClient.post<BuildVulnerabilityPage>(path, query, { graph });
  const found = page.items.find((item) => item.vulnerability_id === hit.vulnerability_id && item.component.bom_ref === hit.bom_ref);
  if (!found) throw new Error(`${hit.vulnerability_id} is no longer a finding of ${hit.app_key}.`);
  return found.id;
}
