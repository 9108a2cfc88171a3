// A metric over time: its total at each day's end over 7 days, 30 days, 90 days or a year as a
// line, the period before drawn dashed on the same days, the change between the two periods' ends
// in %, and Export CSV (series.csv of the range). Drawn by hand in SVG as the findings' trend is
// (d3 is not a dependency of this remote); the figure's label and a table of the points say the
// same in words.
import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading, problemText } from '@portal/shared';
import type { MetricReading } from '@portal/shared/operations';
import { SelectField } from '@portal/shared/screens';
import { useMemo, useState } from 'react';
import { downloadSeriesCsv, rangesOf, useMetricSeries } from '../api/metrics';
import { changePercent, chartGeometry, dailyTotals, formatPercent, formatValue, lastValue, type DayValue } from './seriesMath';

export const METRIC_RANGES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: 'A year' },
] as const;

const WIDTH = 640;
const HEIGHT = 180;
const PAD = 28;
const LINE = 'var(--chakra-colors-brand-solid, #2b6cb0)';

/** The days where the total changed (and the first and the last): the points of the table. */
function changes(days: readonly DayValue[]): DayValue[] {
  return days.filter((day, index) => index === 0 || index === days.length - 1 || day.value !== days[index - 1]!.value);
}

/** What the chart says in words: the period's start and end, and the change against the period before. */
export function comparisonText(title: string, unit: string, days: number, current: readonly DayValue[], previous: readonly DayValue[]): string {
  const now = lastValue(current);
  if (now === null) return `${title}: no value in the last ${days} days.`;
  const before = lastValue(previous);
  const first = current.find((day) => day.value !== null)!;
  const last = current.at(-1)!;
  const span = `${title} went from ${formatValue(first.value, unit)} on ${first.date} to ${formatValue(now, unit)} on ${last.date}.`;
  if (before === null) return `${span} No value for the ${days} days before to compare with.`;
  const percent = changePercent(now, before);
  const against = `${formatValue(before, unit)} at the end of the ${days} days before`;
  if (percent === null) return `${span} ${against}.`;
  return `${span} ${percent === 0 ? 'No change' : formatPercent(percent)} against ${against}.`;
}

export function MetricChart({ graph, metric }: { graph: string; metric: MetricReading }) {
  const [days, setDays] = useState<number>(30);
  const ranges = useMemo(() => rangesOf(days), [days]);
  const current = useMetricSeries(graph, metric.key, ranges.current);
  const previous = useMetricSeries(graph, metric.key, ranges.previous);
  const [download, setDownload] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });

  const currentDays = dailyTotals(current.data, ranges.current);
  const previousDays = dailyTotals(previous.data, ranges.previous);
  const summary = comparisonText(metric.title, metric.unit, days, currentDays, previousDays);
  const geometry = chartGeometry([currentDays, previousDays], WIDTH, HEIGHT, PAD);

  const exportCsv = async () => {
    setDownload({ busy: true, error: null });
    try {
      await downloadSeriesCsv(graph, metric.key, ranges.current);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error });
    }
  };

  return (
    <Stack as="section" aria-label={`${metric.title} over time`} gap={2} borderWidth="1px" borderRadius="md" p={3}>
      <HStack justify="space-between" align="flex-end" flexWrap="wrap">
        <Text as="h2" fontWeight="semibold">
          {metric.title} over time
        </Text>
        <HStack align="flex-end">
          <SelectField label="Range" size="sm" value={String(days)} onChange={(value) => setDays(Number(value))} options={METRIC_RANGES.map((range) => ({ value: String(range.days), label: range.label }))} />
          <Button size="sm" variant="outline" loading={download.busy} loadingText="Exporting…" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </HStack>
      </HStack>
      {download.error ? <ErrorAlert error={download.error} title={`The CSV of ${metric.title} could not be exported`} /> : null}
      {current.isPending ? (
        <Loading label="Loading the series…" />
      ) : current.error && !current.data ? (
        <ErrorAlert error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <>
          <Text fontSize="sm" aria-live="polite">
            {summary}
          </Text>
          {previous.error ? (
            <Text fontSize="sm" color="fg.error">
              The period before could not be read: {problemText(previous.error)}
            </Text>
          ) : null}
          <Box overflowX="auto" opacity={current.isPlaceholderData ? 0.6 : 1}>
            <chakra.svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="full" maxW={`${WIDTH}px`} role="img" aria-label={summary}>
              <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} stroke="currentColor" strokeOpacity={0.2} />
              <text x={4} y={PAD} fontSize="10" fill="currentColor">
                {formatValue(geometry.top, metric.unit)}
              </text>
              <text x={4} y={HEIGHT - PAD} fontSize="10" fill="currentColor">
                0
              </text>
              <polyline data-series="previous" points={geometry.lines[1]} fill="none" stroke="currentColor" strokeOpacity={0.5} strokeWidth={1.5} strokeDasharray="5 4" />
              <polyline data-series="current" points={geometry.lines[0]} fill="none" stroke={LINE} strokeWidth={2} />
              <text x={PAD} y={HEIGHT - PAD + 14} fontSize="10" fill="currentColor">
                {ranges.current.from}
              </text>
              <text x={WIDTH - PAD} y={HEIGHT - PAD + 14} fontSize="10" fill="currentColor" textAnchor="end">
                {ranges.current.to}
              </text>
            </chakra.svg>
          </Box>
          <HStack gap={4} fontSize="xs" color="fg.muted">
            <Text>Solid: {METRIC_RANGES.find((range) => range.days === days)?.label.toLowerCase()} up to today</Text>
            <Text>Dashed: the {days} days before</Text>
          </HStack>
          {/* Native table elements: Chakra's Table is not on the portal's federation surface. */}
          <chakra.table fontSize="sm" maxW="md" borderCollapse="collapse">
            <chakra.caption captionSide="top" textAlign="start" fontWeight="semibold" py={1}>
              Points of {metric.title}
            </chakra.caption>
            <chakra.thead>
              <chakra.tr>
                <chakra.th scope="col" textAlign="start" px={2} py={1}>
                  Day
                </chakra.th>
                <chakra.th scope="col" textAlign="end" px={2} py={1}>
                  Value
                </chakra.th>
              </chakra.tr>
            </chakra.thead>
            <chakra.tbody>
              {changes(currentDays).map((day) => (
                <chakra.tr key={day.date} borderTopWidth="1px">
                  <chakra.td px={2} py={1}>
                    {day.date}
                  </chakra.td>
                  <chakra.td px={2} py={1} textAlign="end">
                    {formatValue(day.value, metric.unit)}
                  </chakra.td>
                </chakra.tr>
              ))}
            </chakra.tbody>
          </chakra.table>
        </>
      )}
    </Stack>
  );
}
