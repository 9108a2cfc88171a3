// The in-process queue's memory of its completed jobs' run times (issue 27 item 5): per kind, a
// small ring of the latest runs, read as the last hour's count, average and longest run. On
// pg-boss the job table holds them (repository.ts, jobDurations).
import { DURATION_WINDOW_MS, durationsOf, type JobDurations } from './types';

/** Runs kept per kind: enough for the last hour of a kind that runs every few seconds. */
const RING_SIZE = 1000;

interface Run {
  completedAt: number;
  ms: number;
}

export interface RecentRuns {
  record(name: string, startedAt: number, completedAt: number): void;
  of(name: string, now: number): JobDurations;
}

export function recentRuns(): RecentRuns {
  const runs = new Map<string, Run[]>();
  return {
    record(name, startedAt, completedAt) {
      const ring = runs.get(name) ?? [];
      ring.push({ completedAt, ms: completedAt - startedAt });
      if (ring.length > RING_SIZE) ring.splice(0, ring.length - RING_SIZE);
      runs.set(name, ring);
    },
    of(name, now) {
      const recent = (runs.get(name) ?? []).filter((run) => now - run.completedAt <= DURATION_WINDOW_MS);
      return durationsOf(name, recent.map((run) => run.ms));
    },
  };
}
