// /metrics (issue 25 items 2 and 5): the process's metrics as cards — the value now and its change
// against the latest daily or on-change snapshot — grouped as findings, components, remediation,
// requirements, tasks and the custom ones; choosing a card shows its series over a range
// (MetricChart, ?metric=<key>). Below, the custom metrics' list and form.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Empty, ErrorAlert, formatDate, Loading, ScreenFrame, type ScreenComponent } from '@portal/shared';
import type { MetricReading } from '@portal/shared/operations';
import { useSearchParams } from 'react-router';
import { useCurrentGraph } from '../../../lib/graph';
import { useMetrics } from '../api/metrics';
import { CustomMetrics } from './CustomMetrics';
import { MetricChart } from './MetricChart';
import { formatValue, totalOf } from './seriesMath';

/** The groups of the built-in metrics, in the screen's order; custom metrics come last. */
export const METRIC_GROUPS: ReadonlyArray<{ title: string; keys: readonly string[] }> = [
  { title: 'Findings', keys: ['open_findings', 'active_exploit_findings'] },
  { title: 'Components', keys: ['vulnerable_components'] },
  { title: 'Remediation', keys: ['mean_time_to_remediate_days', 'sla_breaches'] },
  { title: 'Requirements', keys: ['requirements', 'requirement_progress_percent'] },
  { title: 'Compliance', keys: ['compliance_percent', 'requirements_by_compliance'] },
  { title: 'Tasks', keys: ['overdue_tasks', 'review_cycle_time_days'] },
  { title: 'Disaster recovery', keys: ['recovery_point_age_minutes'] },
];

/** The change of a card in words: against the latest snapshot, when there is one. */
export function changeText(metric: MetricReading): string {
  const { value, previous, previousAt } = totalOf(metric.values);
  if (previous === null || previousAt === null) return 'No snapshot yet';
  const since = `since ${formatDate(new Date(previousAt))}`;
  if (value === null) return `No value now (${formatValue(previous, metric.unit)} ${since})`;
  const delta = Math.round((value - previous) * 10) / 10;
  if (delta === 0) return `No change ${since}`;
  const plural = (one: string) => (Math.abs(delta) === 1 ? ` ${one}` : ` ${one}s`);
  const unit = metric.unit === 'percent' ? ' points' : metric.unit === 'days' ? plural('day') : metric.unit === 'minutes' ? plural('minute') : '';
  return `${delta > 0 ? '+' : '−'}${Math.abs(delta)}${unit} ${since}`;
}

function MetricCard({ metric, chosen, onChoose }: { metric: MetricReading; chosen: boolean; onChoose: () => void }) {
  const { value } = totalOf(metric.values);
  const breakdown = metric.values.filter((entry) => Object.keys(entry.labels).length > 0 && entry.value !== null && entry.value !== 0);
  return (
    <Box as="li" listStyleType="none">
      <Button
        variant="outline"
        h="auto"
        w="full"
        p={3}
        justifyContent="flex-start"
        textAlign="start"
        whiteSpace="normal"
        borderColor={chosen ? 'brand.solid' : undefined}
        aria-pressed={chosen}
        onClick={onChoose}
      >
        <Stack gap={1} align="flex-start" w="full">
          <Text fontSize="sm" color="fg.muted">
            {metric.title}
          </Text>
          <Text fontSize="2xl" fontWeight="semibold">
            {value === null ? '—' : formatValue(value, metric.unit)}
          </Text>
          <Text fontSize="xs">{changeText(metric)}</Text>
          {breakdown.length > 0 && (
            <Text fontSize="xs" color="fg.muted">
              {breakdown
                .slice(0, 6)
                .map((entry) => `${Object.values(entry.labels).join(' ')} ${formatValue(entry.value, metric.unit)}`)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      </Button>
    </Box>
  );
}

function MetricsBody({ graph }: { graph: string }) {
  const metrics = useMetrics(graph);
  const [params, setParams] = useSearchParams();
  if (metrics.isPending) return <Loading label="Loading the metrics…" />;
  if (metrics.error) return <ErrorAlert error={metrics.error} onRetry={() => void metrics.refetch()} />;
  const readings = metrics.data.metrics;
  if (readings.length === 0) return <Empty title="No metrics yet" description="The metrics appear with the process's first findings, requirements and tasks." />;
  const byKey = new Map(readings.map((metric) => [metric.key, metric]));
  const groups = [
    ...METRIC_GROUPS.map((group) => ({ title: group.title, metrics: group.keys.flatMap((key) => byKey.get(key) ?? []) })),
    { title: 'Custom', metrics: readings.filter((metric) => metric.custom) },
  ].filter((group) => group.metrics.length > 0);
  const chosenKey = params.get('metric');
  const chosen = chosenKey ? byKey.get(chosenKey) : undefined;
  const choose = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('metric', key);
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap={5}>
      {groups.map((group) => (
        <Stack as="section" key={group.title} aria-label={group.title} gap={2}>
          <Heading as="h2" size="md">
            {group.title}
          </Heading>
          <Box as="ul" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap={3} m={0} p={0}>
            {group.metrics.map((metric) => (
              <MetricCard key={metric.key} metric={metric} chosen={metric.key === chosen?.key} onChoose={() => choose(metric.key)} />
            ))}
          </Box>
        </Stack>
      ))}
      {chosen ? <MetricChart key={chosen.key} graph={graph} metric={chosen} /> : <Text color="fg.muted">Choose a metric to see it over time.</Text>}
    </Stack>
  );
}

export const MetricsScreen: ScreenComponent = ({ route }) => {
  const graph = useCurrentGraph();
  // The custom metrics come below the readings once these are in: shown under a loading line,
  // they were pushed down the page when the cards arrived (a layout shift of 0.06).
  const readings = useMetrics(graph);
  return (
    <ScreenFrame route={route}>
      {graph === '' ? (
        <Empty title="No process selected" description="Choose a process to see its metrics." />
      ) : (
        <Stack gap={6}>
          <MetricsBody graph={graph} />
          {!readings.isPending && <CustomMetrics graph={graph} />}
        </Stack>
      )}
    </ScreenFrame>
  );
};
