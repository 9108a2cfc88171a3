// What the standards routes ask of the family beside the import runner (jobs.ts): the standards
// of a process.
import type { Queryable } from '../db/database';
import { listStandards } from './repository';

/** The standards imported into the process, by title. */
export function standardsOf(db: Queryable, processId: string, organizationId: string): ReturnType<typeof listStandards> {
  return listStandards(db, processId, organizationId);
}
