// The "Applications" tab of /security/sbom: each application of the process with its current
// build, its vulnerable components, findings per severity, known exploited ones and its newest
// build's date — a severity filter, a debounced search (app key or name), a sort, server paging.
import { Stack, Text } from '@chakra-ui/react';
import { RESOURCE_VULNERABILITY_SORTS, type PortfolioResource, type ResourceVulnerabilitySort } from '@portal/shared';
import type { Column } from '@portal/shared/screens';
import { useMemo } from 'react';
import { useResourcePages, type ResourcesFilter } from '../api/getPortfolioSbom';
import { plural, RESOURCE_SORT_LABELS, SEVERITY_ORDER } from '../labels';
import { AppLink } from './AppLink';
import { SbomFilterForm, useSbomFilter } from './SbomFilters';
import { SeverityCounts } from './SeverityTag';
import { PagedTable } from '../../../components/PagedTable';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

export function ApplicationsTab({ graph }: { graph: string }) {
  const form = useSbomFilter<ResourceVulnerabilitySort>('severity');
  const { severity, search, sort, order } = form;
  const filter: ResourcesFilter = useMemo(() => ({ ...(severity ? { severity } : {}), ...(search ? { q: search } : {}), sort, order }), [severity, search, sort, order]);
  const pages = useResourcePages(graph, filter);
  const first = pages.data?.pages[0];
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const filtering = Boolean(severity || search);

  const columns: Column<PortfolioResource>[] = [
    {
      header: 'Application',
      rowHeader: true,
      cell: (resource) => (
        <Stack gap={0}>
          <AppLink appKey={resource.app_key} />
          <Text fontSize="xs" color="fg.muted">
            {resource.name}
            {resource.portfolio ? ` · ${resource.portfolio}` : ''}
          </Text>
        </Stack>
      ),
    },
    { header: 'Current build', cell: (resource) => (resource.current_build ? `#${resource.current_build.number} (${day(resource.current_build.created_at)})` : 'No processed build') },
    { header: 'Vulnerable components', align: 'end', cell: (resource) => resource.vulnerable_components.toLocaleString('en-US') },
    { header: 'Vulnerabilities', cell: (resource) => <SeverityCounts counts={resource.vulnerabilities} order={SEVERITY_ORDER} /> },
    { header: 'Known exploited', align: 'end', cell: (resource) => resource.active_exploits.toLocaleString('en-US') },
    { header: 'Newest build', cell: (resource) => day(resource.latest_build_at) },
  ];

  return (
    <Stack gap={4}>
      <SbomFilterForm
        label="Filter applications"
        placeholder="App key or name"
        filter={form}
        sorts={RESOURCE_VULNERABILITY_SORTS}
        sortLabels={RESOURCE_SORT_LABELS}
        orderLabels={(by) =>
          by === 'name' ? { desc: 'Z to A', asc: 'A to Z' } : by === 'build_date' ? { desc: 'Newest first', asc: 'Oldest first' } : { desc: 'Most first', asc: 'Fewest first' }
        }
      />
      <Text fontSize="sm" aria-live="polite">
        {first ? `${plural(first.total, 'application')}${filtering ? ' match' : ''}` : ''}
      </Text>
      <PagedTable
        pages={pages}
        items={items}
        filtering={filtering}
        caption="Applications"
        columns={columns}
        rowKey={(resource) => resource.id}
        loading="Loading applications…"
        noMatch="No application matches the filters."
        empty={{ title: 'No applications yet', description: 'This process has no application.' }}
      />
    </Stack>
  );
}
