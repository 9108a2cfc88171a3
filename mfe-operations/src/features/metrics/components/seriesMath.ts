// The numbers the metrics screen draws and says: a series' value at each day's end (the sum over
// its sets of labels, a value holding until the next point), the change between two values in %,
// and a value in its unit.
import type { MetricSeries, MetricValue } from '@portal/shared/operations';
import type { DayRange } from '../api/metrics';

const DAY = 86_400_000;

export interface DayValue {
  date: string;
  /** null: no set of labels had a value yet at that day's end. */
  value: number | null;
}

/** The series' total at the end of each day of the range. */
export function dailyTotals(series: MetricSeries | undefined, range: DayRange): DayValue[] {
  const start = Date.parse(`${range.from}T00:00:00.000Z`);
  const end = Date.parse(`${range.to}T00:00:00.000Z`);
  const lines = (series?.series ?? []).map((line) => line.points.map((point) => ({ at: Date.parse(point.at), value: point.value })).sort((a, b) => a.at - b.at));
  const days: DayValue[] = [];
  for (let day = start; day <= end; day += DAY) {
    const dayEnd = day + DAY;
    let total: number | null = null;
    for (const points of lines) {
      let held: number | null = null;
      for (const point of points) {
        if (point.at >= dayEnd) break;
        held = point.value;
      }
      if (held !== null) total = (total ?? 0) + held;
    }
    days.push({ date: new Date(day).toISOString().slice(0, 10), value: total });
  }
  return days;
}

/** The last known value of the days (null when none had one). */
export function lastValue(days: readonly DayValue[]): number | null {
  for (let index = days.length - 1; index >= 0; index -= 1) if (days[index]!.value !== null) return days[index]!.value;
  return null;
}

/** The change from `before` to `now` in % (null when it cannot be said: a value missing, or from 0). */
export function changePercent(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return ((now - before) / Math.abs(before)) * 100;
}

const round = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

export function formatValue(value: number | null, unit: string): string {
  if (value === null) return 'no value';
  if (unit === 'days') return `${round(value)} ${value === 1 ? 'day' : 'days'}`;
  if (unit === 'percent') return `${round(value)}%`;
  if (unit === 'minutes') return `${round(value)} ${value === 1 ? 'minute' : 'minutes'}`;
  return round(value);
}

export function formatPercent(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/**
 * A metric's current value and the latest snapshot's: a count adds up its sets of labels; an
 * average or a percentage has one set (no labels), taken as it is.
 */
export function totalOf(values: readonly MetricValue[]): { value: number | null; previous: number | null; previousAt: string | null } {
  const sum = (pick: (value: MetricValue) => number | null) =>
    values.reduce<number | null>((total, value) => (pick(value) === null ? total : (total ?? 0) + pick(value)!), null);
  const previousAt = values.map((value) => value.previous_at).filter((at): at is string => at !== null).sort().at(-1) ?? null;
  return { value: sum((value) => value.value), previous: sum((value) => value.previous), previousAt };
}

/** The chart's geometry: a polyline per series over the same days and scale. */
export function chartGeometry(series: ReadonlyArray<readonly DayValue[]>, width: number, height: number, pad: number) {
  const top = Math.max(1, ...series.flatMap((days) => days.map((day) => day.value ?? 0)));
  const count = Math.max(1, ...series.map((days) => days.length));
  const step = count > 1 ? (width - 2 * pad) / (count - 1) : 0;
  const lines = series.map((days) =>
    days
      .map((day, index) => (day.value === null ? null : `${(pad + index * step).toFixed(1)},${(pad + (1 - day.value / top) * (height - 2 * pad)).toFixed(1)}`))
      .filter((point): point is string => point !== null)
      .join(' '),
  );
  return { top, lines };
}
