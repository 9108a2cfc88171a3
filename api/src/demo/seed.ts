import type { Database } from '../db/database';
import { ensureOrganization } from '../organizations/repository';
import { processesDemo } from '../processes/demo';
import { usersDemo } from '../users/demo';
import type { DemoSeeder } from './seeder';

export const DEMO_ORGANIZATION = 'Demo Organization';

// Each domain adds its seeder here (from its own `<family>/demo.ts`); they run in this order,
// after the demo organization exists.
export const DEMO_SEEDERS: readonly DemoSeeder[] = [processesDemo, usersDemo];

/** Seeds the demo organization and every domain's demo data in one transaction. */
export async function seedDemo(database: Database, seeders: readonly DemoSeeder[] = DEMO_SEEDERS): Promise<string[]> {
  return database.transaction(async (db) => {
    const { organization, created } = await ensureOrganization(db, DEMO_ORGANIZATION);
    const lines = [`${created ? 'created' : 'kept'} organization '${organization.name}'`];
    for (const seeder of seeders) {
      const done = await seeder.seed({ db, organization });
      lines.push(...done.map((line) => `${seeder.name}: ${line}`));
    }
    return lines;
  });
}
