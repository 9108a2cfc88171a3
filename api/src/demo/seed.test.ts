import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { findOrganizationByName } from '../organizations/repository';
import { listProcesses } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { DEMO_ORGANIZATION, seedDemo } from './seed';
import type { DemoSeeder } from './seeder';

let environment: TestEnvironment;
let database: Database;

beforeAll(async () => {
  environment = await createTestEnvironment();
  database = await openDatabase(environment.config);
  await migrate(database);
});

afterAll(async () => {
  await database.close();
  await environment.cleanup();
});

it('seeds the demo organization, its processes and people, then finds them on a second run', async () => {
  expect(await seedDemo(database)).toEqual([
    "created organization 'Demo Organization'",
    "processes: created process DEMO 'Demo Requirements'",
    "processes: created process DISCOVERY 'Demo eDiscovery'",
    'users: created user demo_admin (password Demo@2026)',
    'users: created user demo_author (password Demo@2026)',
    'users: created user demo_reviewer (password Demo@2026)',
  ]);
  expect(await seedDemo(database)).toEqual([
    "kept organization 'Demo Organization'",
    "processes: kept process DEMO 'Demo Requirements'",
    "processes: kept process DISCOVERY 'Demo eDiscovery'",
    'users: kept user demo_admin',
    'users: kept user demo_author',
    'users: kept user demo_reviewer',
  ]);

  const organization = await findOrganizationByName(database, DEMO_ORGANIZATION);
  if (!organization) throw new Error('no demo organization');
  const processes = await listProcesses(database, organization.id);
  expect(processes.map(({ code_name, name, type, dashboard_type }) => ({ code_name, name, type, dashboard_type }))).toEqual([
    { code_name: 'DEMO', name: 'Demo Requirements', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
    { code_name: 'DISCOVERY', name: 'Demo eDiscovery', type: 'EDISCOVERY', dashboard_type: 'MIX' },
  ]);
  const organizations = await database.query('SELECT id FROM organizations WHERE name = $1', [DEMO_ORGANIZATION]);
  expect(organizations).toHaveLength(1);
});

it('runs the seeders later issues register, in order, inside one transaction', async () => {
  const seen: string[] = [];
  const first: DemoSeeder = {
    name: 'first',
    async seed({ db, organization }) {
      await db.query("INSERT INTO processes (organization_id, code_name, name, type, dashboard_type) VALUES ($1, 'HALF', 'Half done', 'REQUIREMENTS', 'LIVE')", [organization.id]);
      seen.push(`first saw ${organization.name}`);
      return ['wrote HALF'];
    },
  };
  const failing: DemoSeeder = {
    name: 'failing',
    async seed() {
      seen.push('failing ran');
      throw new Error('demo data broke');
    },
  };
  await expect(seedDemo(database, [first, failing])).rejects.toThrow('demo data broke');
  expect(seen).toEqual([`first saw ${DEMO_ORGANIZATION}`, 'failing ran']);
  expect(await database.query("SELECT 1 FROM processes WHERE code_name = 'HALF'")).toEqual([]);
});
