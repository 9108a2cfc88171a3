// What the standards routes ask of the family beside the import runner (jobs.ts): the standards
// of a process, and the clean-up of jobs a stopped portal left RUNNING.
import type { Queryable } from '../db/database';
import { failInterruptedImports as failInterrupted, listStandards } from './repository';

/** The standards imported into the process, by title. */
export function standardsOf(db: Queryable, processId: string, organizationId: string): ReturnType<typeof listStandards> {
  return listStandards(db, processId, organizationId);
}

/** Jobs a portal left RUNNING when it stopped mid-import are FAILED with `message`. */
export function failInterruptedImports(database: Queryable, message: string): Promise<void> {
  return failInterrupted(database, message);
}
