// The dashboard's d3 charts: requirements by status (donut), by priority (bars), average progress
// (gauge). Each is an image named by its summary, with its figures as a table behind a toggle.
import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import type { RequirementPriority, RequirementStatus } from '@portal/shared';
import { ChartTable } from '@portal/shared/screens';
import { PRIORITY_LABELS, STATUS_LABELS } from '../../components/labels';
import { priorityBars, progressArcs, statusSlices } from './charts';

export function StatusDonut({ byStatus, size = 180 }: { byStatus: Partial<Record<RequirementStatus, number>>; size?: number }) {
  const radius = size / 2;
  const slices = statusSlices(byStatus, radius);
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  return (
    <Stack gap={2}>
      <HStack gap={4} align="center" flexWrap="wrap">
        <svg width={size} height={size} viewBox={`${-radius} ${-radius} ${size} ${size}`} role="img" aria-label={`Requirements by status: ${slices.map((slice) => `${STATUS_LABELS[slice.status]} ${slice.count}`).join(', ')}`}>
          {slices.map((slice) => (
            <path key={slice.status} d={slice.path} fill={slice.color} stroke="#fff" strokeWidth={1}>
              <title>{`${STATUS_LABELS[slice.status]}: ${slice.count}`}</title>
            </path>
          ))}
          <text textAnchor="middle" dominantBaseline="central" fontSize={size / 7} fontWeight={700}>
            {total}
          </text>
        </svg>
        <chakra.ul listStyleType="none" aria-label="Status legend" fontSize="sm">
          {slices.map((slice) => (
            <HStack as="li" key={slice.status} gap={2}>
              <Box w={3} h={3} borderRadius="sm" bg={slice.color} />
              <Text>
                {STATUS_LABELS[slice.status]}: {slice.count}
              </Text>
            </HStack>
          ))}
        </chakra.ul>
      </HStack>
      <ChartTable caption="Requirements by status" headers={['Status', 'Requirements']} rows={slices.map((slice) => [STATUS_LABELS[slice.status], slice.count])} />
    </Stack>
  );
}

export function PriorityBars({ byPriority, width = 260, height = 140 }: { byPriority: Partial<Record<RequirementPriority, number>>; width?: number; height?: number }) {
  const bars = priorityBars(byPriority, width, height);
  return (
    <Stack gap={2}>
      <svg width="100%" viewBox={`0 -16 ${width} ${height + 36}`} style={{ maxWidth: width }} role="img" aria-label={`Requirements by priority: ${bars.map((bar) => `${PRIORITY_LABELS[bar.priority]} ${bar.count}`).join(', ')}`}>
        {bars.map((bar) => (
          <g key={bar.priority}>
            <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill="#4e79a7" rx={2} />
            <text x={bar.x + bar.width / 2} y={bar.y - 4} textAnchor="middle" fontSize={12}>
              {bar.count}
            </text>
            <text x={bar.x + bar.width / 2} y={height + 16} textAnchor="middle" fontSize={11}>
              {PRIORITY_LABELS[bar.priority]}
            </text>
          </g>
        ))}
      </svg>
      <ChartTable caption="Requirements by priority" headers={['Priority', 'Requirements']} rows={bars.map((bar) => [PRIORITY_LABELS[bar.priority], bar.count])} />
    </Stack>
  );
}

export function ProgressGauge({ progress, size = 180 }: { progress: number; size?: number }) {
  const radius = size / 2;
  const arcs = progressArcs(progress, radius);
  const shown = Math.round(progress);
  return (
    <Stack align="center" gap={0}>
      <svg width={size} height={radius + 8} viewBox={`${-radius} ${-radius} ${size} ${radius + 8}`} role="img" aria-label={`Average progress ${shown}%`}>
        <path d={arcs.track} fill="#e2e8f0" />
        <path d={arcs.value} fill="#59a14f" />
        <text textAnchor="middle" y={-6} fontSize={size / 7} fontWeight={700}>
          {shown}%
        </text>
      </svg>
      <ChartTable caption="Average progress" headers={['Measure', 'Value']} rows={[['Average progress of the requirements', `${shown}%`]]} />
    </Stack>
  );
}
