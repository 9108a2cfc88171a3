// The react-query keys of the org chart. The chart is the organization's, but it is read in a
// process (the permission is checked there): everything starts with ['org-chart'], so an import or
// the live event marks all of it stale with one prefix.
export const ORG_CHART_KEYS = {
  all: ['org-chart'] as const,
  chart: (graph: string) => ['org-chart', graph, 'chart'] as const,
  suggestions: (graph: string, owner: string | undefined, department: string | undefined) => ['org-chart', graph, 'suggestions', owner ?? '', department ?? ''] as const,
};
