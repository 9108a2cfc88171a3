import type { Config } from '../config';
import type { Database } from '../db/database';
import { ensureOrganization, type Organization } from '../organizations/repository';
import { processesDemo } from './processes';
import { usersDemo } from './users';
import { seedThroughApi, type DemoApiSeeder } from './api';
import { applicationsDemo } from './applications';
import { collaborationDemo } from './collaboration';
import { deploymentProfilesDemo } from './deployment-profiles';
import { requirementsDemo } from './requirements';
import type { DemoSeeder } from './seeder';

export const DEMO_ORGANIZATION = 'Demo Organization';

// Each domain adds its seeder here (from its own `<family>/demo.ts`); they run in this order,
// after the demo organization exists.
export const DEMO_SEEDERS: readonly DemoSeeder[] = [processesDemo, usersDemo];

// Then, once those are committed, the seeders that go through the API as the demo people (an app
// is built on the same database for them), in this order. The deployment profiles of the demo apps
// (issue 7 item 13) come right after applicationsDemo: their seeder finds the apps by
// DEMO_APPLICATIONS (api/src/demo/applications.ts). The collaboration demo (files, general tasks,
// org chart) builds on the NIST process and its requirements.
export const DEMO_API_SEEDERS: readonly DemoApiSeeder[] = [requirementsDemo, applicationsDemo, deploymentProfilesDemo, collaborationDemo];

export interface DemoOptions {
  /** The config of the app the API seeders build; without it they do not run (`npm run demo` gives it). */
  config?: Config;
  /** Default: DEMO_API_SEEDERS with the default seeders, none with others. */
  apiSeeders?: readonly DemoApiSeeder[];
}

/**
 * Seeds the demo organization and every domain's demo data: the seeders in one transaction, then
 * (given the config of the app to build) the API seeders through the API.
 */
export async function seedDemo(
  database: Database,
  seeders: readonly DemoSeeder[] = DEMO_SEEDERS,
  options: DemoOptions = {},
): Promise<string[]> {
  let organization: Organization | undefined;
  const lines = await database.transaction(async (db) => {
    const ensured = await ensureOrganization(db, DEMO_ORGANIZATION);
    organization = ensured.organization;
    const lines = [`${ensured.created ? 'created' : 'kept'} organization '${ensured.organization.name}'`];
    for (const seeder of seeders) {
      const done = await seeder.seed({ db, organization: ensured.organization });
      lines.push(...done.map((line) => `${seeder.name}: ${line}`));
    }
    return lines;
  });
  const apiSeeders = options.apiSeeders ?? (seeders === DEMO_SEEDERS ? DEMO_API_SEEDERS : []);
  if (apiSeeders.length > 0 && organization && options.config) {
    lines.push(...(await seedThroughApi(database, options.config, organization, apiSeeders)));
  }
  return lines;
}
