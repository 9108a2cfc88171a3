// GET metrics/prometheus (issue 25 item 3): every built-in and custom metric of every process of
// the key's organization in the Prometheus text exposition format, through prom-client with a
// Registry of its own per request (nothing global: two organizations never share a gauge). With
// them, the job queue's counts and last hour's durations per kind (issue 27 item 5): the platform's, labelled by kind only —
// numbers of jobs, nothing of any organization's.
import { BUILT_IN_METRICS } from '@portal/shared/server';
import { Gauge, Registry } from 'prom-client';
import type { Queryable } from '../db/database';
import type { Jobs } from '../jobs';
import { processesOfOrganization } from './repository';
import { customKey, readMetrics, valueOf } from './service';

/** The module types whose key may scrape (docs/metrics.md). */
export const SCRAPER_MODULE_TYPES: readonly string[] = ['pipeline-management', 'cicd-ingestion'];
export const PROMETHEUS_PREFIX = 'portal_';

const JOB_GAUGES = [
  ['queued', "Jobs of the kind waiting to run (a retry's pause included): the queue's depth."],
  ['running', 'Jobs of the kind running now, in every worker process.'],
  ['failed', 'Dead letters of the kind: jobs that failed their last retry (on Postgres, those of the last week).'],
] as const;

const DURATION_GAUGES = [
  ['completed_last_hour', 'completed', 'Jobs of the kind completed over the last hour.'],
  ['duration_seconds_avg', 'averageSeconds', "The average run of the kind's jobs completed over the last hour (0: none)."],
  ['duration_seconds_max', 'maxSeconds', "The longest run of the kind's jobs completed over the last hour (0: none)."],
] as const;

async function addJobGauges(registry: Registry, jobs: Pick<Jobs, 'counts' | 'durations'>): Promise<void> {
  const [counts, durations] = await Promise.all([jobs.counts(), jobs.durations()]);
  const gauge = (metric: string, help: string, values: Array<[kind: string, value: number]>) => {
    const added = new Gauge({ name: `${PROMETHEUS_PREFIX}jobs_${metric}`, help, labelNames: ['kind'], registers: [registry] });
    for (const [kind, value] of values) added.set({ kind }, value);
  };
  for (const [state, help] of JOB_GAUGES) gauge(state, help, counts.map((kind) => [kind.name, kind[state]]));
  for (const [metric, field, help] of DURATION_GAUGES) gauge(metric, help, durations.map((kind) => [kind.name, kind[field]]));
}

export async function prometheusText(db: Queryable, organizationId: string, now: Date, jobs?: Pick<Jobs, 'counts' | 'durations'>): Promise<{ contentType: string; text: string }> {
  const processes = await processesOfOrganization(db, organizationId);
  const { readings, definitions } = await readMetrics(db, organizationId, processes, now);
  const registry = new Registry();
  for (const metric of BUILT_IN_METRICS) {
    const gauge = new Gauge({ name: `${PROMETHEUS_PREFIX}${metric.key}`, help: metric.help, labelNames: ['process', ...metric.labels], registers: [registry] });
    for (const process of processes) {
      for (const part of readings.get(process.id)?.get(metric.key)?.values() ?? []) {
        const value = valueOf(part);
        if (value !== null) gauge.set({ ...part.labels, process: process.code_name }, value);
      }
    }
  }
  const custom = new Gauge({ name: `${PROMETHEUS_PREFIX}custom_metric`, help: "The process's custom metrics (a count or an average over an entity).", labelNames: ['process', 'id', 'name'], registers: [registry] });
  const codes = new Map(processes.map((process) => [process.id, process.code_name]));
  for (const definition of definitions) {
    const part = readings.get(definition.process_id)?.get(customKey(definition.id))?.get('[]');
    const value = part ? valueOf(part) : null;
    if (value !== null) custom.set({ process: codes.get(definition.process_id)!, id: definition.id, name: definition.name }, value);
  }
  if (jobs) await addJobGauges(registry, jobs);
  return { contentType: registry.contentType, text: await registry.metrics() };
}
