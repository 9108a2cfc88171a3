// GET apps/componentsVulnerabilities and apps/resourcesVulnerabilities: the portfolio's vulnerable
// components and its applications with their counts, page by page (limit/offset: each page's
// next_offset reads the next) with the filter's total; GET apps: the application filter's choices.
import { apiClient, FRESHNESS, type PortfolioComponentsPage, type PortfolioResourcesPage, type VulnerabilitySeverity } from '@portal/shared';
import type { ComponentVulnerabilitySort, ResourceVulnerabilitySort } from '@portal/shared';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

export const PAGE_SIZE = 50;

export interface ComponentsFilter {
  severity?: VulnerabilitySeverity;
  q?: string;
  application?: string;
  sort: ComponentVulnerabilitySort;
  order: 'asc' | 'desc';
}

export interface ResourcesFilter {
  severity?: VulnerabilitySeverity;
  q?: string;
  sort: ResourceVulnerabilitySort;
  order: 'asc' | 'desc';
}

/** The react-query keys of the view: everything of a process's portfolio SBOM starts with ['portfolio-sbom', graph]. */
export const PORTFOLIO_SBOM_KEYS = {
  all: (graph: string) => ['portfolio-sbom', graph] as const,
  components: (graph: string, filter: ComponentsFilter) => ['portfolio-sbom', graph, 'components', filter] as const,
  resources: (graph: string, filter: ResourcesFilter) => ['portfolio-sbom', graph, 'resources', filter] as const,
  applications: (graph: string) => ['portfolio-sbom', graph, 'applications'] as const,
};

function paramsOf(filter: ComponentsFilter | ResourcesFilter, offset: number): Record<string, string> {
  const params: Record<string, string> = { sort: filter.sort, order: filter.order, limit: String(PAGE_SIZE) };
  if (offset > 0) params.offset = String(offset);
  if (filter.severity) params.severity = filter.severity;
  if (filter.q) params.q = filter.q;
  if ('application' in filter && filter.application) params.application = filter.application;
  return params;
}

export const getComponentsVulnerabilities = (graph: string, filter: ComponentsFilter, offset: number, signal?: AbortSignal) =>
  apiClient.get<PortfolioComponentsPage>('apps/componentsVulnerabilities', { graph, params: paramsOf(filter, offset), signal });

export const getResourcesVulnerabilities = (graph: string, filter: ResourcesFilter, offset: number, signal?: AbortSignal) =>
  apiClient.get<PortfolioResourcesPage>('apps/resourcesVulnerabilities', { graph, params: paramsOf(filter, offset), signal });

export const componentPagesOptions = (graph: string, filter: ComponentsFilter) =>
  infiniteQueryOptions({
    queryKey: PORTFOLIO_SBOM_KEYS.components(graph, filter),
    queryFn: ({ pageParam, signal }) => getComponentsVulnerabilities(graph, filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset ?? undefined,
    staleTime: FRESHNESS.applications,
    placeholderData: keepPreviousData,
  });

export const resourcePagesOptions = (graph: string, filter: ResourcesFilter) =>
  infiniteQueryOptions({
    queryKey: PORTFOLIO_SBOM_KEYS.resources(graph, filter),
    queryFn: ({ pageParam, signal }) => getResourcesVulnerabilities(graph, filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next_offset ?? undefined,
    staleTime: FRESHNESS.applications,
    placeholderData: keepPreviousData,
  });

/** The vulnerable components' pages ("Load more" reads the next one). */
export function useComponentPages(graph: string, filter: ComponentsFilter) {
  return useInfiniteQuery({ ...componentPagesOptions(graph, filter), enabled: graph !== '' });
}

/** The applications' pages ("Load more" reads the next one). */
export function useResourcePages(graph: string, filter: ResourcesFilter) {
  return useInfiniteQuery({ ...resourcePagesOptions(graph, filter), enabled: graph !== '' });
}

interface ApplicationChoice {
  app_key: string;
  name: string | null;
}

/** The process's applications: the choices of the components' application filter. */
export function useApplicationChoices(graph: string) {
  return useQuery(
    queryOptions({
      queryKey: PORTFOLIO_SBOM_KEYS.applications(graph),
      queryFn: ({ signal }) => apiClient.get<ApplicationChoice[]>('apps', { graph, signal, notices: false }),
      staleTime: FRESHNESS.applications,
      enabled: graph !== '',
    }),
  );
}
