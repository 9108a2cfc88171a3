// The tree view's data: the top level (`parent=root`) and, for each expanded node, its children
// (`parent=<id>`), each level read page by page (PAGE_SIZE) as its end scrolls into view. The
// visible nodes are flattened in display order for the virtual list.
import type { Requirement, RequirementPage } from '@portal/shared';
import { useQueries, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { getRequirementsQueryOptions, type RequirementFilters } from '../../requirement';

export const ROOT = 'root';

export type TreeRow =
  | { kind: 'node'; key: string; requirement: Requirement; depth: number; parent: string; position: number; setSize: number }
  | { kind: 'more'; key: string; parent: string; depth: number }
  | { kind: 'loading'; key: string; parent: string; depth: number }
  | { kind: 'error'; key: string; parent: string; depth: number; error: unknown };

interface Level {
  items: Requirement[];
  total: number | undefined;
  loading: boolean;
  error: unknown;
}

export function useRequirementTree(graph: string, filters: RequirementFilters) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [pageCounts, setPageCounts] = useState<ReadonlyMap<string, number>>(() => new Map());

  const parents = useMemo(() => [ROOT, ...expanded], [expanded]);
  const requests = useMemo(
    () =>
      parents.flatMap((parent) => {
        const count = pageCounts.get(parent) ?? 1;
        return Array.from({ length: count }, (_, page) => ({ parent, page }));
      }),
    [parents, pageCounts],
  );
  // The levels are rebuilt only when a page's result changes (useQueries runs `combine` again only
  // then, or when `combine` itself changes with the requests), so the rows below stay memoized.
  const combine = useCallback(
    (results: QueryObserverResult<RequirementPage>[]) => {
      const levels = new Map<string, Level>();
      requests.forEach(({ parent }, index) => {
        const result = results[index];
        const level = levels.get(parent) ?? { items: [], total: undefined, loading: false, error: null };
        if (result.data) {
          level.items.push(...result.data.items);
          level.total = result.data.total;
        }
        if (result.isPending) level.loading = true;
        if (result.error) level.error = result.error;
        levels.set(parent, level);
      });
      const retry = () => {
        for (const result of results) if (result.error) void result.refetch();
      };
      return { levels, retry };
    },
    [requests],
  );
  const { levels, retry } = useQueries({
    queries: requests.map(({ parent, page }) => ({ ...getRequirementsQueryOptions(graph, { ...filters, parent }, page), staleTime: 15_000 })),
    combine,
  });

  const rows = useMemo(() => {
    const list: TreeRow[] = [];
    const visit = (parent: string, depth: number) => {
      const level = levels.get(parent);
      if (!level) return;
      const setSize = level.total ?? level.items.length;
      level.items.forEach((requirement, index) => {
        list.push({ kind: 'node', key: requirement.id, requirement, depth, parent, position: index + 1, setSize });
        if (expanded.has(requirement.id)) visit(requirement.id, depth + 1);
      });
      if (level.error) list.push({ kind: 'error', key: `error:${parent}`, parent, depth, error: level.error });
      else if (level.loading) list.push({ kind: 'loading', key: `loading:${parent}`, parent, depth });
      else if (level.total !== undefined && level.items.length < level.total) list.push({ kind: 'more', key: `more:${parent}`, parent, depth });
    };
    visit(ROOT, 1);
    return list;
  }, [levels, expanded]);

  const toggle = useCallback((id: string, open?: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      const shouldOpen = open ?? !next.has(id);
      if (shouldOpen) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  /** Reads the next page of a level (its 'more' row came into view). */
  const loadMore = useCallback((parent: string) => {
    setPageCounts((current) => new Map(current).set(parent, (current.get(parent) ?? 1) + 1));
  }, []);

  const root = levels.get(ROOT);
  return {
    rows,
    expanded,
    toggle,
    loadMore,
    rootTotal: root?.total,
    rootLoading: root?.loading ?? true,
    rootError: root?.error ?? null,
    retry,
  };
}
