// The overview's trend: the open findings (open and confirmed) at each day's end as a line, the
// findings found and fixed each day as bars below it, over 30, 90 or 365 days. An SVG drawn from
// GET security/findings/trend, with its numbers in words for screen readers (the figure's label
// and a table of the last days).
import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, Loading } from '@portal/shared';
import type { FindingTrendDay } from '@portal/shared/operations';
import { SelectField } from '@portal/shared/screens';
import { useState } from 'react';
import type { FindingsQuery } from '../../../lib/findingsQuery';
import { plural } from '../../../lib/labels';
import { useFindingTrend } from '../api/findingsOverview';

export const TREND_RANGES = [30, 90, 365] as const;
const WIDTH = 640;
const HEIGHT = 160;
const BARS = 40;
const PAD = 28;

/** The chart's geometry: the open line's points and each day's bar heights. */
export function trendGeometry(days: readonly FindingTrendDay[]) {
  const top = Math.max(1, ...days.map((day) => day.open));
  const most = Math.max(1, ...days.map((day) => Math.max(day.new, day.fixed)));
  const step = days.length > 1 ? (WIDTH - 2 * PAD) / (days.length - 1) : 0;
  const x = (index: number) => PAD + index * step;
  const line = days.map((day, index) => `${x(index).toFixed(1)},${(PAD + (1 - day.open / top) * (HEIGHT - 2 * PAD)).toFixed(1)}`).join(' ');
  const bars = days.map((day, index) => ({ x: x(index), found: (day.new / most) * BARS, fixed: (day.fixed / most) * BARS }));
  return { top, line, bars, barWidth: Math.max(1, step * 0.4) };
}

export function TrendChart({ graph, query }: { graph: string; query: FindingsQuery }) {
  const [days, setDays] = useState<number>(TREND_RANGES[0]);
  const trend = useFindingTrend(graph, days, query);
  const series = trend.data?.days ?? [];
  const first = series[0];
  const last = series.at(-1);
  const found = series.reduce((sum, day) => sum + day.new, 0);
  const fixed = series.reduce((sum, day) => sum + day.fixed, 0);
  const summary =
    first && last ? `Open findings went from ${first.open} on ${first.date} to ${last.open} on ${last.date}: ${plural(found, 'finding')} found and ${fixed} fixed in ${days} days.` : '';
  const geometry = trendGeometry(series);
  return (
    <Stack as="section" aria-label="Trend" gap={2} borderWidth="1px" borderRadius="md" p={3}>
      <HStack justify="space-between" align="flex-end" flexWrap="wrap">
        <Text fontWeight="semibold">Open findings over time</Text>
        <SelectField
          label="Range"
          size="sm"
          value={String(days)}
          onChange={(value) => setDays(Number(value))}
          options={TREND_RANGES.map((value) => ({ value: String(value), label: value === 365 ? 'Last year' : `Last ${value} days` }))}
        />
      </HStack>
      {trend.isPending ? (
        <Loading label="Loading the trend…" />
      ) : trend.error && !trend.data ? (
        <ErrorAlert error={trend.error} onRetry={() => void trend.refetch()} />
      ) : (
        <>
          <Text fontSize="sm" aria-live="polite">
            {summary}
          </Text>
          <Box overflowX="auto" opacity={trend.isPlaceholderData ? 0.6 : 1}>
            <chakra.svg viewBox={`0 0 ${WIDTH} ${HEIGHT + BARS + 8}`} width="full" maxW={`${WIDTH}px`} role="img" aria-label={summary}>
              <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} stroke="currentColor" strokeOpacity={0.2} />
              <text x={4} y={PAD} fontSize="10" fill="currentColor">
                {geometry.top}
              </text>
              <text x={4} y={HEIGHT - PAD} fontSize="10" fill="currentColor">
                0
              </text>
              <polyline points={geometry.line} fill="none" stroke="var(--chakra-colors-brand-solid, #2b6cb0)" strokeWidth={2} />
              {geometry.bars.map((bar, index) => (
                <g key={series[index]!.date}>
                  {bar.found > 0 && <rect x={bar.x - geometry.barWidth} y={HEIGHT + BARS - bar.found} width={geometry.barWidth} height={bar.found} fill="#c05621" />}
                  {bar.fixed > 0 && <rect x={bar.x} y={HEIGHT + BARS - bar.fixed} width={geometry.barWidth} height={bar.fixed} fill="#2f855a" />}
                </g>
              ))}
              {first && (
                <text x={PAD} y={HEIGHT - PAD + 14} fontSize="10" fill="currentColor">
                  {first.date}
                </text>
              )}
              {last && (
                <text x={WIDTH - PAD} y={HEIGHT - PAD + 14} fontSize="10" fill="currentColor" textAnchor="end">
                  {last.date}
                </text>
              )}
            </chakra.svg>
          </Box>
          <HStack gap={4} fontSize="xs" color="fg.muted">
            <Text>Line: open at the day's end</Text>
            <Text color="#c05621">Bars: found</Text>
            <Text color="#2f855a">Bars: fixed</Text>
          </HStack>
        </>
      )}
    </Stack>
  );
}
