// The table view's rows over the whole process (10,000 and more): pages of PAGE_SIZE read by
// offset/limit only for the rows the virtual list shows, so scrolling (or jumping) anywhere reads
// just the pages in view.
import type { Requirement } from '@portal/shared';
import { useQueries } from '@tanstack/react-query';
import { getRequirementsQueryOptions, PAGE_SIZE, type RequirementListParams } from '../../requirement';

export interface PagedRequirements {
  total: number | undefined;
  rowAt: (index: number) => Requirement | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

export function pagesOf(start: number, end: number): number[] {
  const pages = new Set<number>([0]);
  if (end >= start) for (let page = Math.floor(start / PAGE_SIZE); page <= Math.floor(end / PAGE_SIZE); page += 1) pages.add(page);
  return [...pages].sort((a, b) => a - b);
}

export function usePagedRequirements(graph: string, params: RequirementListParams, start: number, end: number): PagedRequirements {
  const pages = pagesOf(start, end);
  const results = useQueries({
    queries: pages.map((page) => ({ ...getRequirementsQueryOptions(graph, params, page), staleTime: 15_000 })),
  });
  const first = results[0];
  // A handful of pages at most: indexed again at every render, which costs less than memoizing.
  const byPage = new Map<number, Requirement[]>();
  results.forEach((result, index) => {
    if (result.data) byPage.set(pages[index], result.data.items);
  });
  return {
    total: first.data?.total,
    rowAt: (index) => byPage.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE],
    isPending: first.isPending,
    error: first.error ?? results.find((result) => result.error)?.error ?? null,
    refetch: () => {
      for (const result of results) void result.refetch();
    },
  };
}
