import type { Queryable } from '../db/database';
import type { Organization } from '../organizations/repository';

export interface DemoContext {
  /** Inside the one transaction of the whole demo seed. */
  db: Queryable;
  organization: Organization;
}

/**
 * One domain's demo data. Seeding is idempotent: a second run finds the data and changes
 * nothing. The lines say what it did, for the person who ran `npm run demo`.
 */
export interface DemoSeeder {
  name: string;
  seed(context: DemoContext): Promise<string[]>;
}
