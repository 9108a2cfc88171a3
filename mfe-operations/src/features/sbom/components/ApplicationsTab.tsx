// The "Applications" tab of /security/sbom: each application of the process with its current
// build, its vulnerable components, findings per severity, known exploited ones and its newest
// build's date — a severity filter, a debounced search (app key or name), a sort, server paging.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { RESOURCE_VULNERABILITY_SORTS, type PortfolioResource, type ResourceVulnerabilitySort, type VulnerabilitySeverity } from '@portal/shared';
import { SelectField, TextField, useDebounced, type Column } from '@portal/shared/screens';
import { useMemo, useState } from 'react';
import { useResourcePages, type ResourcesFilter } from '../api/getPortfolioSbom';
import { plural, RESOURCE_SORT_LABELS, SEVERITY_LABELS, SEVERITY_ORDER } from '../labels';
import { AppLink } from './AppLink';
import { SeverityCounts } from './SeverityTag';
import { PagedTable } from '../../../components/PagedTable';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');

export function ApplicationsTab({ graph }: { graph: string }) {
  const [severity, setSeverity] = useState<VulnerabilitySeverity | ''>('');
  const [text, setText] = useState('');
  const [sort, setSort] = useState<ResourceVulnerabilitySort>('severity');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const search = useDebounced(text).trim();
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
      <HStack as="form" role="search" aria-label="Filter applications" gap={3} align="flex-end" flexWrap="wrap" onSubmit={(event) => event.preventDefault()}>
        <Box w="16rem">
          <TextField label="Search" type="search" value={text} onChange={setText} placeholder="App key or name" enterDoesNotSubmit />
        </Box>
        <SelectField
          label="Severity"
          size="sm"
          value={severity}
          onChange={(value) => setSeverity(value as VulnerabilitySeverity | '')}
          emptyOption="All severities"
          options={SEVERITY_ORDER.map((value) => ({ value, label: SEVERITY_LABELS[value] }))}
        />
        <SelectField
          label="Sort by"
          size="sm"
          value={sort}
          onChange={(value) => {
            setSort(value as ResourceVulnerabilitySort);
            setOrder(value === 'name' ? 'asc' : 'desc');
          }}
          options={RESOURCE_VULNERABILITY_SORTS.map((value) => ({ value, label: RESOURCE_SORT_LABELS[value] }))}
        />
        <SelectField
          label="Order"
          size="sm"
          value={order}
          onChange={(value) => setOrder(value as 'asc' | 'desc')}
          options={[
            { value: 'desc', label: sort === 'name' ? 'Z to A' : sort === 'build_date' ? 'Newest first' : 'Most first' },
            { value: 'asc', label: sort === 'name' ? 'A to Z' : sort === 'build_date' ? 'Oldest first' : 'Fewest first' },
          ]}
        />
      </HStack>
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
