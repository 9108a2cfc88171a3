// The "Components" tab of /security/sbom: every vulnerable component of the applications' current
// builds, once, with the applications it is in (links to them), its vulnerabilities (severity,
// KEV, each application's VEX analysis) — filters (severity, application), a debounced search
// (component or vulnerability id), a sort, server paging ("Load more") and the total.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { COMPONENT_VULNERABILITY_SORTS, type ComponentVulnerabilitySort, type PortfolioComponent } from '@portal/shared';
import { SelectField, type Column } from '@portal/shared/screens';
import { useMemo, useState } from 'react';
import { useApplicationChoices, useComponentPages, type ComponentsFilter } from '../api/getPortfolioSbom';
import { ANALYSIS_LABELS, COMPONENT_SORT_LABELS, plural, SEVERITY_ORDER } from '../labels';
import { AppLink } from './AppLink';
import { SbomFilterForm, useSbomFilter } from './SbomFilters';
import { SeverityCounts, SeverityTag } from './SeverityTag';
import { PagedTable } from '../../../components/PagedTable';

function Vulnerabilities({ component }: { component: PortfolioComponent }) {
  return (
    <Stack as="ul" gap={1} listStyleType="none" m={0} p={0}>
      {component.vulnerabilities.map((vulnerability) => {
        const analysed = vulnerability.analyses.filter((analysis) => analysis.state !== null);
        return (
          <Box as="li" key={vulnerability.id}>
            <HStack gap={2} flexWrap="wrap">
              <SeverityTag severity={vulnerability.severity} />
              <Text as="span" fontFamily="mono" fontSize="xs">
                {vulnerability.id}
              </Text>
              {vulnerability.active_exploit && (
                <Text as="span" fontSize="xs" fontWeight="bold" color="red.700" title="In CISA's Known Exploited Vulnerabilities catalog">
                  Known exploited
                </Text>
              )}
            </HStack>
            {analysed.length > 0 && (
              <Text fontSize="xs" color="fg.muted">
                {analysed.map((analysis) => `${analysis.app_key}: ${ANALYSIS_LABELS[analysis.state!]}`).join(' · ')}
              </Text>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

export function ComponentsTab({ graph }: { graph: string }) {
  const applications = useApplicationChoices(graph);
  const form = useSbomFilter<ComponentVulnerabilitySort>('severity');
  const { severity, search, sort, order } = form;
  const [application, setApplication] = useState('');
  const filter: ComponentsFilter = useMemo(
    () => ({ ...(severity ? { severity } : {}), ...(application ? { application } : {}), ...(search ? { q: search } : {}), sort, order }),
    [severity, application, search, sort, order],
  );
  const pages = useComponentPages(graph, filter);
  const first = pages.data?.pages[0];
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const filtering = Boolean(severity || application || search);

  const columns: Column<PortfolioComponent>[] = [
    {
      header: 'Component',
      rowHeader: true,
      cell: (component) => (
        <Stack gap={0}>
          <Text fontWeight="medium">{component.group ? `${component.group}/${component.name}` : component.name}</Text>
          {component.purl && (
            <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
              {component.purl}
            </Text>
          )}
        </Stack>
      ),
    },
    { header: 'Version', cell: (component) => component.version ?? '—' },
    { header: 'Ecosystem', cell: (component) => component.ecosystem ?? '—' },
    {
      header: 'Applications',
      cell: (component) => (
        <HStack as="span" gap={2} flexWrap="wrap">
          {component.applications.map((app) => (
            <AppLink key={app.app_key} appKey={app.app_key} />
          ))}
        </HStack>
      ),
    },
    { header: 'Severities', cell: (component) => <SeverityCounts counts={component.severities} order={SEVERITY_ORDER} /> },
    { header: 'Vulnerabilities', cell: (component) => <Vulnerabilities component={component} /> },
  ];

  return (
    <Stack gap={4}>
      <SbomFilterForm
        label="Filter vulnerable components"
        placeholder="Component or vulnerability id"
        filter={form}
        sorts={COMPONENT_VULNERABILITY_SORTS}
        sortLabels={COMPONENT_SORT_LABELS}
        orderLabels={(by) =>
          by === 'severity'
            ? { desc: 'Most severe first', asc: 'Least severe first' }
            : by === 'applications'
              ? { desc: 'Most applications first', asc: 'Fewest applications first' }
              : { desc: 'Z to A', asc: 'A to Z' }
        }
      >
        <SelectField
          label="Application"
          size="sm"
          value={application}
          onChange={setApplication}
          emptyOption="Any application"
          options={(applications.data ?? []).map((app) => ({ value: app.app_key, label: app.name ? `${app.name} (${app.app_key})` : app.app_key }))}
        />
      </SbomFilterForm>
      <Text fontSize="sm" aria-live="polite">
        {first ? `${plural(first.total, 'vulnerable component')}${filtering ? ' match' : ''}` : ''}
      </Text>
      <PagedTable
        pages={pages}
        items={items}
        filtering={filtering}
        caption="Vulnerable components"
        columns={columns}
        rowKey={(component) => component.key}
        loading="Loading vulnerable components…"
        noMatch="No component matches the filters."
        empty={{ title: 'No application has a vulnerable component', description: "No component of the applications' current builds matches a known vulnerability." }}
      />
    </Stack>
  );
}
