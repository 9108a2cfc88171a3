// The dashboard's compliance (issue 28 item 2): the share of the requirements with automated checks
// that pass — for the process, each standard and each of its families — with the trend of the last
// 30 days as a line (named by its first and last figures; the process's days as a table behind a
// toggle). Live: a `Compliance` event reads it again.
import { Box, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading } from '@portal/shared';
import type { ComplianceFamilySummary, ComplianceStandardSummary, ComplianceTally, ComplianceTrendPoint } from '@portal/shared/compliance';
import { ChartTable, DataTable, type Column } from '@portal/shared/screens';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates';
import { useComplianceSummary } from './api/getComplianceSummary';
import { trendEnd, trendPath } from './charts';

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** 'from 50% on 05/03/2030 to 100% today'; no figure yet: said so. */
/** What a trend's day counts (docs/compliance.md, "Summary"). */
export const TREND_HELP =
  "Each day of the trend: the share passing among the requirements that had checks at that day's end (UTC), as their history says — a requirement whose checks were deleted counts on the days it had them; today: as they are now.";

export function trendWords(trend: readonly ComplianceTrendPoint[]): string {
  const first = trend.find((point) => point.percentage !== null);
  const last = trend[trend.length - 1];
  if (!first || !last) return 'no figure yet';
  if (first === last) return `${percent(last.percentage)} today`;
  return `from ${percent(first.percentage)} on ${formatDate(first.day)} to ${percent(last.percentage)} today`;
}

export function TrendLine({ trend, label, width = 120, height = 28 }: { trend: readonly ComplianceTrendPoint[]; label: string; width?: number; height?: number }) {
  const end = trendEnd(trend, width, height);
  return (
    <svg width={width + 6} height={height + 6} viewBox={`-3 -3 ${width + 6} ${height + 6}`} role="img" aria-label={`${label} over the last ${trend.length} days: ${trendWords(trend)}`}>
      <line x1={0} x2={width} y1={height} y2={height} stroke="#cbd5e0" strokeWidth={1} />
      <path d={trendPath(trend, width, height)} fill="none" stroke="#4e79a7" strokeWidth={2} strokeLinejoin="round" />
      {end && <circle cx={end.x} cy={end.y} r={2.5} fill="#4e79a7" />}
    </svg>
  );
}

const counts = (tally: ComplianceTally) => `${tally.passing} passing, ${tally.failing} failing, ${tally.not_evaluated} not evaluated`;

const standardName = (group: ComplianceStandardSummary) =>
  group.standard ? `${group.standard.title}${group.standard.version ? ` ${group.standard.version}` : ''}` : 'Requirements of no imported standard';

/** The families' columns; a family opens in the depository, except on the read-only PRESENTATION view (`large`). */
const familyColumns = (large: boolean): readonly Column<ComplianceFamilySummary>[] => [
  {
    header: 'Family',
    rowHeader: true,
    cell: (row) =>
      large ? (
        `${row.family.code} ${row.family.title}`
      ) : (
        <ChakraLink asChild colorPalette="blue">
          <Link to={`/requirements?id=${encodeURIComponent(row.family.id)}`}>
            {row.family.code} {row.family.title}
          </Link>
        </ChakraLink>
      ),
  },
  { header: 'With checks', align: 'end', cell: (row) => row.requirements },
  { header: 'Passing', align: 'end', cell: (row) => row.passing },
  { header: 'Failing', align: 'end', cell: (row) => row.failing },
  { header: 'Not evaluated', align: 'end', cell: (row) => row.not_evaluated },
  { header: 'Compliance', align: 'end', cell: (row) => percent(row.percentage) },
  { header: 'Last 30 days', cell: (row) => <TrendLine trend={row.trend} label={`Compliance of ${row.family.code}`} width={96} height={20} /> },
];

function StandardSection({ group, large }: { group: ComplianceStandardSummary; large: boolean }) {
  const name = standardName(group);
  return (
    <Box as="section" aria-label={`Compliance of ${name}`}>
      <HStack justify="space-between" flexWrap="wrap" gap={2} mb={2}>
        <Heading as="h3" size={large ? 'md' : 'sm'}>
          {name}: {percent(group.percentage)}
        </Heading>
        <HStack gap={3}>
          <Text fontSize="xs" color="fg.muted">
            {counts(group)}
          </Text>
          <TrendLine trend={group.trend} label={`Compliance of ${name}`} />
        </HStack>
      </HStack>
      <DataTable caption={`Compliance of ${name} by family`} captionHidden columns={familyColumns(large)} rows={group.families} rowKey={(row) => row.family.id} />
    </Box>
  );
}

export function ComplianceOverview({ graph, refreshMs, large }: { graph: string; refreshMs: number | false; large: boolean }) {
  const summary = useComplianceSummary(graph, refreshMs);
  const data = summary.data;
  return (
    <Box as="section" aria-label="Compliance" borderWidth="1px" borderRadius="lg" p={4}>
      <Heading as="h2" size="md" mb={3}>
        Compliance
      </Heading>
      {summary.isPending ? (
        <Loading label="Loading compliance…" />
      ) : summary.error || !data ? (
        <ErrorAlert error={summary.error} onRetry={() => void summary.refetch()} />
      ) : data.requirements === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No requirement has automated checks yet: add checks on a requirement&apos;s page to follow its compliance here.
        </Text>
      ) : (
        <Stack gap={5}>
          <HStack gap={4} flexWrap="wrap" align="center">
            <Text fontSize={large ? '5xl' : '3xl'} fontWeight="bold" data-testid="compliance-percentage">
              {percent(data.percentage)}
            </Text>
            <Text fontSize="sm" flex="1" minW="12rem">
              of the {data.requirements} requirement{data.requirements === 1 ? '' : 's'} with checks pass ({counts(data)}).
            </Text>
            <Stack gap={0} align="flex-end">
              <TrendLine trend={data.trend} label="Compliance of the process" width={large ? 320 : 220} height={large ? 64 : 40} />
              <ChartTable caption="Compliance of the process by day" headers={['Day', 'Passing (%)']} rows={data.trend.map((point) => [formatDate(point.day), percent(point.percentage)])} />
            </Stack>
          </HStack>
          <Text fontSize="xs" color="fg.muted" data-testid="compliance-trend-help">
            {TREND_HELP}
          </Text>
          {data.standards.map((group) => (
            <StandardSection key={group.standard?.id ?? 'none'} group={group} large={large} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
