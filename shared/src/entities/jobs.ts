// The job queue as the Global Admin sees it (issue 27 item 5, docs/jobs.md): GET jobs answers
// every kind of background job with its counts, the last hour's durations and its latest dead
// letters; POST jobs/{kind}/failed/{id}/retry and DELETE jobs/{kind}/failed/{id} act on one dead
// letter. The API answers them and mfe-admin's Background jobs screen reads them.

/** A job that failed its last attempt, with the error it failed with. */
export interface JobDeadLetterView {
  id: string;
  error: string;
  /** Attempts made: 1 + the retries (a dead letter retried counts on). */
  attempts: number;
  /** When its last attempt failed (ISO). */
  failed_at: string;
  /** What the job was sent with. */
  payload: Record<string, unknown>;
}

/** One kind of background job (its name: 'due-dates', 'alarms', …). */
export interface JobKindView {
  kind: string;
  /** Waiting to run, a retry's pause included: the queue's depth. */
  queued: number;
  running: number;
  /** Dead letters (on Postgres, those of the last week). */
  failed: number;
  /** Jobs completed over the last hour, and their average and longest run in seconds (0: none). */
  completed_last_hour: number;
  average_seconds: number;
  max_seconds: number;
  /** The latest dead letters, at most JOB_DEAD_LETTERS_SHOWN, the latest first. */
  dead_letters: JobDeadLetterView[];
}

/** GET jobs. */
export interface JobsOverview {
  kinds: JobKindView[];
}

/** GET jobs lists this many dead letters of a kind (its `failed` counts them all). */
export const JOB_DEAD_LETTERS_SHOWN = 20;

/** The 404s of the jobs routes. */
export const JOB_MESSAGES = {
  noKind: 'There is no such kind of background job.',
  noDeadLetter: 'This kind of job has no such failed job: it may have been retried or discarded already.',
} as const;
