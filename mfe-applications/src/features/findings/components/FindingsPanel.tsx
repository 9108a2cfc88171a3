// The Findings tab of a build: every vulnerability of every component with its severity and its
// VEX analysis, filtered and sorted by the server and read page by page as the virtual table
// scrolls, so thousands of findings stay smooth. A row opens the finding (analysis, trail,
// advisory); the build's VEX is imported and exported here.
import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { VEX_ANALYSIS_STATES, type BuildVulnerability, type BuildVulnerabilityQuery, type SeverityCounts } from '@portal/shared';
import { nextSort, SelectField, type SortState, type VirtualColumn, VirtualTable, useDebounced } from '@portal/shared/screens';
import { useCallback, useMemo, useState } from 'react';
import { CheckboxFilter, SearchInput } from '../../../components/filters';
import { ActiveExploitBadge, SeverityBadge, SeverityCountsView, severityLabel } from '../../../components/labels';
import { Empty, ErrorAlert, Loading } from '../../../components/QueryStates';
import { plural } from '../../../lib/format';
import { usePageParams } from '../../../lib/searchParams';
import { SEVERITIES, type Severity } from '../../../lib/types';
import { useBuildVulnerabilityPages, type FindingsQuery } from '../api/getBuildVulnerabilities';
import { VexActions } from './VexActions';
import { STATE_LABELS, stateLabel } from './vexLabels';
import { TwoLineCell } from '../../../components/TwoLineCell';

type SortColumn = NonNullable<BuildVulnerabilityQuery['sort']>;
type Column = SortColumn | 'fixed' | 'exploit';
type StateFilter = (typeof VEX_ANALYSIS_STATES)[number] | 'not_set' | '';

export interface FindingsPanelProps {
  graph: string;
  appKey: string;
  buildId: string;
  buildNumber: number;
  /** The build's findings by severity. */
  counts: SeverityCounts;
}

const COLUMNS: VirtualColumn<BuildVulnerability, Column>[] = [
  {
    id: 'vulnerability_id',
    header: 'Vulnerability',
    width: 'minmax(200px, 1.4fr)',
    sortable: true,
    cell: (finding) => (
      <TwoLineCell
        main={
          <Text fontWeight="semibold" truncate>
            {finding.vulnerability_id}
          </Text>
        }
        detail={finding.aliases.length > 0 ? finding.aliases.join(', ') : (finding.summary ?? '')}
      />
    ),
  },
  { id: 'severity', header: 'Severity', width: '120px', sortable: true, cell: (finding) => <SeverityBadge severity={finding.severity} score={finding.score} /> },
  {
    id: 'component',
    header: 'Component',
    width: 'minmax(160px, 1fr)',
    sortable: true,
    cell: (finding) => (
      <Text truncate title={finding.component.purl ?? undefined}>
        {finding.component.name} {finding.component.version}
      </Text>
    ),
  },
  {
    id: 'state',
    header: 'Analysis',
    width: '170px',
    sortable: true,
    cell: (finding) => (
      <TwoLineCell
        main={
          <Text truncate fontWeight={finding.analysis?.state ? 'medium' : 'normal'} color={finding.analysis?.state ? undefined : 'fg.muted'}>
            {stateLabel(finding.analysis?.state)}
          </Text>
        }
        detail={finding.analysis?.carried_over_from ? `carried over from #${finding.analysis.carried_over_from.number}` : undefined}
      />
    ),
  },
  { id: 'fixed', header: 'Fixed in', width: '120px', cell: (finding) => <Text truncate>{finding.fixed_versions.length > 0 ? finding.fixed_versions.join(', ') : 'No fix'}</Text> },
  {
    id: 'exploit',
    header: 'Exploit',
    width: '130px',
    cell: (finding) =>
      finding.active_exploit ? (
        <ActiveExploitBadge />
      ) : finding.evaluation === 'not-evaluated' ? (
        <Text fontSize="xs" color="fg.muted" title="The advisory's ranges (GIT commits) could not be evaluated against this version">
          Not evaluated
        </Text>
      ) : null,
  },
];

export function FindingsPanel({ graph, appKey, buildId, buildNumber, counts }: FindingsPanelProps) {
  const { params, change } = usePageParams();
  const [text, setText] = useState('');
  const [severity, setSeverity] = useState<Severity | ''>('');
  const [state, setState] = useState<StateFilter>('');
  const [onlyExploited, setOnlyExploited] = useState(false);
  const [order, setOrder] = useState<SortState<SortColumn>>({ column: 'severity', direction: 'desc' });
  const [range, setRange] = useState<[number, number]>([0, -1]);
  const search = useDebounced(text).trim();
  const query: FindingsQuery = useMemo(
    () => ({
      ...(search ? { search } : {}),
      ...(severity ? { severity: [severity] } : {}),
      ...(state ? { state: [state] } : {}),
      ...(onlyExploited ? { active_exploit: true } : {}),
      sort: order.column,
      order: order.direction,
    }),
    [search, severity, state, onlyExploited, order],
  );
  const pages = useBuildVulnerabilityPages(graph, appKey, buildId, query, range[0], range[1]);
  const onVisibleRange = useCallback((start: number, end: number) => setRange((current) => (current[0] === start && current[1] === end ? current : [start, end])), []);
  const openKey = params.get('vuln') ? `${params.get('vuln')}|${params.get('ref') ?? ''}` : undefined;
  const filtering = query.search !== undefined || severity !== '' || state !== '' || onlyExploited;

  if (counts.total === 0 && !pages.first.isPending && pages.total === 0 && !filtering) {
    return (
      <Stack gap={3}>
        <VexActions graph={graph} appKey={appKey} buildId={buildId} buildNumber={buildNumber} />
        <Empty title="No findings" description="No imported advisory affects a component of this build. Import advisories to match it against more." />
      </Stack>
    );
  }

  return (
    <Stack gap={3}>
      <HStack justify="space-between" flexWrap="wrap" gap={3}>
        <SeverityCountsView counts={counts} label="Findings by severity" />
        <VexActions graph={graph} appKey={appKey} buildId={buildId} buildNumber={buildNumber} />
      </HStack>
      {pages.byState && (
        <Text fontSize="xs" color="fg.muted" aria-label="Findings by analysis">
          {Object.entries(pages.byState)
            .filter(([, count]) => count > 0)
            .map(([key, count]) => `${STATE_LABELS[key as keyof typeof STATE_LABELS] ?? key} ${count}`)
            .join(' · ')}
        </Text>
      )}
      <HStack gap={4} flexWrap="wrap" align="end">
        <SearchInput label="Filter findings" placeholder="Id, alias, summary, component or purl" value={text} onChange={setText} />
        <Box w="10rem">
          <SelectField label="Severity" size="sm" value={severity} onChange={(value) => setSeverity(value as Severity | '')} emptyOption="All severities" options={SEVERITIES.map((value) => ({ value, label: severityLabel(value) }))} />
        </Box>
        <Box w="12rem">
          <SelectField
            label="Analysis"
            size="sm"
            value={state}
            onChange={(value) => setState(value as StateFilter)}
            emptyOption="Any analysis"
            options={(['not_set', ...VEX_ANALYSIS_STATES] as const).map((value) => ({ value, label: STATE_LABELS[value] }))}
          />
        </Box>
        <Box pb={2}>
          <CheckboxFilter label="Only active exploits" checked={onlyExploited} onChange={setOnlyExploited} />
        </Box>
      </HStack>
      {pages.first.isPending ? (
        <Loading label="Loading findings…" />
      ) : pages.error ? (
        <ErrorAlert error={pages.error} onRetry={() => void pages.first.refetch()} />
      ) : pages.total === 0 ? (
        <Text color="fg.muted">No finding matches the filters.</Text>
      ) : (
        <Box opacity={pages.stale ? 0.6 : 1} aria-busy={pages.stale || undefined} transition="opacity 0.2s">
          <VirtualTable
            label="Findings"
            columns={COLUMNS}
            count={pages.total ?? 0}
            rowAt={pages.rowAt}
            onVisibleRange={onVisibleRange}
            rowKey={(finding) => `${finding.vulnerability_id}|${finding.component.bom_ref}`}
            rowHeight={52}
            sort={order}
            onSort={(column) => {
              if (column === 'fixed' || column === 'exploit') return;
              setOrder(nextSort(order, column, column === 'severity' ? 'desc' : 'asc'));
            }}
            onOpen={(finding) => change({ vuln: finding.vulnerability_id, ref: finding.component.bom_ref })}
            activeKey={openKey}
            footer={filtering ? `${plural(pages.total ?? 0, 'finding')} match` : plural(pages.total ?? 0, 'finding')}
            testId="findings-scroll"
          />
        </Box>
      )}
    </Stack>
  );
}
