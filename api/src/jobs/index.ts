// The job queue of the API (issue 27, docs/jobs.md): one interface (types.ts), pg-boss on Postgres
// (pg-boss.ts), in process on the embedded database (in-process.ts), and its place on the app (plugin.ts).
export type { DeadLetter, JobContext, JobCounts, JobDurations, JobKind, Jobs, RetryPolicy, SendOptions } from './types';
export { cronEvery, jobLifetimeSeconds, JobTimeoutError } from './types';
export { createJobs, jobWorkersFrom, jobWorkersOn, type JobWorkers, type JobsOptions } from './create';
export type { PgBossSettings } from './pg-boss';
export { registerJobs, schedulePass, PASS_TIMEOUT_SECONDS } from './plugin';
export { jobsRoutes } from './routes';
export { serialPass, type SerialPass } from './serial-pass';
