// The dashboard's chart geometry (d3 shapes and scales), apart from React so it can be tested.
import { REQUIREMENT_PRIORITIES, REQUIREMENT_STATUSES, type RequirementPriority, type RequirementStatus } from '@portal/shared';
import { arc, line, pie, scaleBand, scaleLinear, type PieArcDatum } from 'd3';
import { statusColor } from '../../lib/statusColor';

export interface Slice {
  status: RequirementStatus;
  count: number;
  path: string;
  color: string;
}

/** The donut's slices: one per status with requirements, in workflow order. */
export function statusSlices(byStatus: Partial<Record<RequirementStatus, number>>, radius: number): Slice[] {
  const entries = REQUIREMENT_STATUSES.map((status) => ({ status, count: byStatus[status] ?? 0 })).filter((entry) => entry.count > 0);
  const layout = pie<{ status: RequirementStatus; count: number }>()
    .sort(null)
    .value((entry) => entry.count);
  const shape = arc<PieArcDatum<{ status: RequirementStatus; count: number }>>()
    .innerRadius(radius * 0.6)
    .outerRadius(radius);
  return layout(entries).map((datum) => ({ status: datum.data.status, count: datum.data.count, path: shape(datum) ?? '', color: statusColor(datum.data.status) }));
}

export interface Bar {
  priority: RequirementPriority;
  count: number;
  x: number;
  width: number;
  y: number;
  height: number;
}

/** Bars of requirements per priority in a width × height box. */
export function priorityBars(byPriority: Partial<Record<RequirementPriority, number>>, width: number, height: number): Bar[] {
  const x = scaleBand<RequirementPriority>().domain([...REQUIREMENT_PRIORITIES]).range([0, width]).padding(0.25);
  const max = Math.max(1, ...REQUIREMENT_PRIORITIES.map((priority) => byPriority[priority] ?? 0));
  const y = scaleLinear().domain([0, max]).range([height, 0]);
  return REQUIREMENT_PRIORITIES.map((priority) => {
    const count = byPriority[priority] ?? 0;
    return { priority, count, x: x(priority) ?? 0, width: x.bandwidth(), y: y(count), height: height - y(count) };
  });
}

/** The progress gauge: an arc from -90° to 90°, filled to `progress` (0..100). */
export function progressArcs(progress: number, radius: number): { track: string; value: string } {
  const clamped = Math.min(100, Math.max(0, progress));
  const shape = arc<{ endAngle: number }>()
    .innerRadius(radius * 0.7)
    .outerRadius(radius)
    .startAngle(-Math.PI / 2)
    .cornerRadius(2);
  return {
    track: shape({ endAngle: Math.PI / 2 }) ?? '',
    value: shape({ endAngle: -Math.PI / 2 + (Math.PI * clamped) / 100 }) ?? '',
  };
}

/** A trend's line in a width × height box (0–100 % upwards); days without a figure break it. */
export function trendPath(points: ReadonlyArray<{ percentage: number | null }>, width: number, height: number): string {
  const x = scaleLinear().domain([0, Math.max(1, points.length - 1)]).range([0, width]);
  const y = scaleLinear().domain([0, 100]).range([height, 0]);
  const shape = line<{ percentage: number | null }>()
    .defined((point) => point.percentage !== null)
    .x((_, index) => x(index))
    .y((point) => y(point.percentage ?? 0));
  return shape([...points]) ?? '';
}

/** Where the trend's latest figure sits (a dot: a day alone draws no line); null without any. */
export function trendEnd(points: ReadonlyArray<{ percentage: number | null }>, width: number, height: number): { x: number; y: number } | null {
  const index = points.map((point) => point.percentage !== null).lastIndexOf(true);
  if (index < 0) return null;
  return { x: (index / Math.max(1, points.length - 1)) * width, y: height - ((points[index].percentage ?? 0) / 100) * height };
}
