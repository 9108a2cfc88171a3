// The metrics family's rules (docs/metrics.md): the current values of every metric of a set of
// processes (one query per built-in metric, one per custom metric), a process's or the
// platform's reading with the latest snapshot's values beside them, and a metric's time series
// rebuilt from snapshots that store only changes.
import {
  BUILT_IN_METRICS,
  DEFAULT_FINDING_SLA,
  type BuiltInMetricKey,
  type CustomMetricDefinition,
  type CustomMetric,
  type MetricReading,
  type MetricSeries,
  type MetricValue,
} from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { CUSTOM_METRIC_MESSAGES } from './definitions';
import {
  builtInContributions,
  customContribution,
  definitionsOf,
  deleteDefinition,
  findDefinition,
  insertDefinition,
  latestSnapshots,
  nameTaken,
  processesOfOrganization,
  snapshotsBetween,
  updateDefinition,
  type ProcessRow,
  type SnapshotRow,
  type StoredDefinition,
} from './repository';

export type { ProcessRow, StoredDefinition };
export { processesOfOrganization };

export const CUSTOM_PREFIX = 'custom.';
export const customKey = (id: string) => `${CUSTOM_PREFIX}${id}`;

/** A metric's part for one set of labels: a count (weight null) or a sum over `weight` items. */
export interface Part {
  labels: Record<string, string>;
  sum: number;
  weight: number | null;
}

/** Per process id, per metric key, per labels (labelsKey): its part. */
export type Readings = Map<string, Map<string, Map<string, Part>>>;

/** The labels as one text, keys sorted: the identity of a series. */
export function labelsKey(labels: Record<string, string>): string {
  return JSON.stringify(Object.keys(labels).sort().map((name) => [name, labels[name]]));
}

/** A part's value: the count, or the average rounded to 2 decimals (null over no items). */
export function valueOf(part: { sum: number; weight: number | null }): number | null {
  if (part.weight === null) return part.sum;
  if (part.weight === 0) return null;
  return Math.round((part.sum / part.weight) * 100) / 100;
}

const BUILT_IN_KEYS = new Set<string>(BUILT_IN_METRICS.map((metric) => metric.key));
export const isBuiltIn = (key: string): key is BuiltInMetricKey => BUILT_IN_KEYS.has(key);
const AVERAGES = new Set<string>(['mean_time_to_remediate_days', 'requirement_progress_percent', 'review_cycle_time_days', 'recovery_point_age_minutes']);
/**
 * The built-in metrics whose value moves with the clock alone (no change in the process moves
 * them): snapshots record them daily and on change like the others, and an alarm reads them as
 * they are now (currentValueOf), not as the latest snapshot left them.
 */
const CLOCK_DRIVEN = new Set<string>(['recovery_point_age_minutes']);

export function customMetricOf(row: StoredDefinition): CustomMetric {
  return {
    ...row.definition,
    name: row.name,
    id: row.id,
    key: customKey(row.id),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function put(readings: Readings, processId: string, key: string, part: Part): void {
  let metrics = readings.get(processId);
  if (!metrics) readings.set(processId, (metrics = new Map()));
  let parts = metrics.get(key);
  if (!parts) metrics.set(key, (parts = new Map()));
  parts.set(labelsKey(part.labels), part);
}

/**
 * Every metric's current parts in each of `processes`: the built-in ones (a metric without labels
 * always has a part: 0, or an average over nothing) and the processes' custom metrics.
 */
export async function readMetrics(
  db: Queryable,
  organizationId: string,
  processes: readonly ProcessRow[],
  now: Date,
): Promise<{ readings: Readings; definitions: StoredDefinition[] }> {
  const readings: Readings = new Map();
  const ids = processes.map((process) => process.id);
  for (const metric of BUILT_IN_METRICS) {
    if (metric.labels.length === 0) {
      for (const id of ids) put(readings, id, metric.key, { labels: {}, sum: 0, weight: AVERAGES.has(metric.key) ? 0 : null });
    }
    for (const row of await builtInContributions(db, metric.key, organizationId, ids, now, DEFAULT_FINDING_SLA)) {
      put(readings, row.process_id, metric.key, { labels: row.labels, sum: row.sum, weight: row.weight });
    }
  }
  const definitions = ids.length > 0 ? await definitionsOf(db, organizationId, ids) : [];
  for (const definition of definitions) {
    const part = await customContribution(db, definition.definition, organizationId, definition.process_id, now);
    put(readings, definition.process_id, customKey(definition.id), { labels: {}, ...part });
  }
  return { readings, definitions };
}

/** The parts of several processes added up per labels (a platform's value). */
export function combine(parts: Iterable<Part>): Map<string, Part> {
  const combined = new Map<string, Part>();
  for (const part of parts) {
    const key = labelsKey(part.labels);
    const known = combined.get(key);
    if (!known) combined.set(key, { ...part });
    else {
      known.sum += part.sum;
      known.weight = known.weight === null && part.weight === null ? null : (known.weight ?? 0) + (part.weight ?? 0);
    }
  }
  return combined;
}

function partsOf(readings: Readings, processIds: readonly string[], key: string): Part[] {
  return processIds.flatMap((id) => [...(readings.get(id)?.get(key)?.values() ?? [])]);
}

const snapshotPart = (row: SnapshotRow): Part => ({ labels: row.labels, sum: row.weight === null ? row.value : row.value * row.weight, weight: row.weight });

/**
 * GET metrics: each metric of the processes (one process, or the platform's) with its current
 * values and those of the latest snapshots. A series the latest snapshot has and the current
 * reading no longer has (no findings of that severity left) reads 0.
 */
export async function metricsReading(db: Queryable, organizationId: string, processes: readonly ProcessRow[], now: Date): Promise<MetricReading[]> {
  const ids = processes.map((process) => process.id);
  const { readings, definitions } = await readMetrics(db, organizationId, processes, now);
  const latest = await latestSnapshots(db, ids);
  const catalogue = [
    ...BUILT_IN_METRICS.map((metric) => ({ key: metric.key as string, title: metric.title as string, unit: metric.unit as string, custom: false })),
    ...definitions.map((definition) => ({
      key: customKey(definition.id),
      title: definition.name,
      unit: definition.definition.aggregate === 'avg' ? 'average' : 'count',
      custom: true,
    })),
  ];
  return catalogue.map((metric) => {
    const current = combine(partsOf(readings, ids, metric.key));
    const snapshots = latest.filter((row) => row.metric_key === metric.key);
    const previous = combine(snapshots.map(snapshotPart));
    const previousAt = new Map<string, string>();
    for (const row of snapshots) {
      const key = labelsKey(row.labels);
      if ((previousAt.get(key) ?? '') < row.taken_at) previousAt.set(key, row.taken_at);
    }
    const keys = [...new Set([...current.keys(), ...previous.keys()])].sort();
    const values: MetricValue[] = keys.map((key) => {
      const now = current.get(key);
      const before = previous.get(key);
      return {
        labels: (now ?? before)!.labels,
        value: now ? valueOf(now) : before!.weight === null ? 0 : null,
        previous: before ? valueOf(before) : null,
        previous_at: previousAt.get(key) ?? null,
      };
    });
    return { ...metric, values };
  });
}

/**
 * A metric's series over [from, to] across the processes: each process's stored values hold until
 * its next change; the processes' values at each moment are added up (averages weighted). The
 * first point of each series is its value at `from` (when it had one), then one point per change.
 */
export async function seriesOf(db: Queryable, processIds: readonly string[], key: string, from: Date, to: Date): Promise<MetricSeries> {
  const before = await latestSnapshots(db, processIds, key, from);
  const during = await snapshotsBetween(db, processIds, key, from, to);
  const state = new Map<string, Part>();
  const lines = new Map<string, { labels: Record<string, string>; points: Array<{ at: string; value: number }> }>();
  const emit = (at: string, touched: Iterable<string>) => {
    for (const key of touched) {
      const parts = [...state.entries()].filter(([id]) => id.endsWith(`\n${key}`)).map(([, part]) => part);
      const combined = combine(parts).get(key);
      const value = combined ? valueOf(combined) : null;
      if (value === null || !combined) continue;
      let line = lines.get(key);
      if (!line) lines.set(key, (line = { labels: combined.labels, points: [] }));
      const last = line.points.at(-1);
      if (last && last.value === value) continue;
      if (last && last.at === at) last.value = value;
      else line.points.push({ at, value });
    }
  };
  for (const row of before) state.set(`${row.process_id}\n${labelsKey(row.labels)}`, snapshotPart(row));
  emit(from.toISOString(), new Set(before.map((row) => labelsKey(row.labels))));
  for (let index = 0; index < during.length; ) {
    const at = during[index]!.taken_at;
    const touched = new Set<string>();
    for (; index < during.length && during[index]!.taken_at === at; index += 1) {
      const row = during[index]!;
      state.set(`${row.process_id}\n${labelsKey(row.labels)}`, snapshotPart(row));
      touched.add(labelsKey(row.labels));
    }
    emit(at, touched);
  }
  const series = [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, line]) => line);
  return { key, from: from.toISOString(), to: to.toISOString(), series };
}

/** The custom metrics defined in the processes. */
export function definitionsOfProcesses(db: Queryable, organizationId: string, processIds: readonly string[]): Promise<StoredDefinition[]> {
  return definitionsOf(db, organizationId, processIds);
}

export function customMetricOfProcess(db: Queryable, organizationId: string, processId: string, id: string): Promise<StoredDefinition | undefined> {
  return findDefinition(db, organizationId, processId, id);
}

async function refuseTakenName(db: Queryable, processId: string, name: string, exceptId: string | null): Promise<void> {
  if (await nameTaken(db, processId, name, exceptId)) {
    const message = CUSTOM_METRIC_MESSAGES.nameTaken(name);
    throw new ApiProblem(409, message, {}, { name: message });
  }
}

/** A new custom metric (409 when the process has one of that name). */
export async function createCustomMetric(
  db: Queryable,
  organizationId: string,
  processId: string,
  definition: CustomMetricDefinition,
  userId: string,
  now: Date,
): Promise<StoredDefinition> {
  await refuseTakenName(db, processId, definition.name, null);
  return insertDefinition(db, organizationId, processId, definition, userId, now);
}

/** The custom metric with a new definition; undefined when it is gone. */
export async function changeCustomMetric(
  db: Queryable,
  organizationId: string,
  processId: string,
  id: string,
  definition: CustomMetricDefinition,
  now: Date,
): Promise<StoredDefinition | undefined> {
  await refuseTakenName(db, processId, definition.name, id);
  return updateDefinition(db, organizationId, processId, id, definition, now);
}

/** Deletes the custom metric and its series; false when it is gone. */
export function removeCustomMetric(db: Queryable, organizationId: string, processId: string, id: string): Promise<boolean> {
  return deleteDefinition(db, organizationId, processId, id);
}

/** A process's latest stored value of one series of a metric (undefined: none stored yet); what alarms evaluate. */
export async function latestValueOf(db: Queryable, processId: string, key: string, labels: Record<string, string>): Promise<number | undefined> {
  const wanted = labelsKey(labels);
  return (await latestSnapshots(db, [processId], key)).find((row) => labelsKey(row.labels) === wanted)?.value;
}

/**
 * The value an alarm watches: the latest snapshot's, or for a metric that moves with the clock
 * (the recovery point's age) its value now. undefined: the series has no value.
 */
export async function currentValueOf(
  db: Queryable,
  process: { id: string; organization_id: string },
  key: string,
  labels: Record<string, string>,
  now: Date,
): Promise<number | undefined> {
  if (!CLOCK_DRIVEN.has(key) || !isBuiltIn(key)) return latestValueOf(db, process.id, key, labels);
  const wanted = labelsKey(labels);
  const row = (await builtInContributions(db, key, process.organization_id, [process.id], now, DEFAULT_FINDING_SLA)).find((part) => labelsKey(part.labels) === wanted);
  return row ? (valueOf(row) ?? undefined) : undefined;
}
