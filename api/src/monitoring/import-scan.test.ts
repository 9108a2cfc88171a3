// @backend-agnostic: which components an import's scan reads is its SQL, which PGlite runs as the same
// Postgres engine.
// An import's monitoring reads only the components of the packages its advisories name (issue 27,
// migration 046): by the package each component was stored with, and — a row whose package is not
// known (null: the migration could not key it, an older backup restored) — by its purl as before.
import type { Database, QueryOptions } from '../db/database';
import { LODASH_ADVISORY, monitoredApps, monitoringSuite } from '../testing/monitoring';
import { componentPackageKey } from '../vulnerabilities/index';
import { matchBuilds, packagesOf } from './scan';

const { world } = monitoringSuite({ advisories: [LODASH_ADVISORY] });

/** The app's database, counting the component rows read. */
function counting(): { database: Database; read: () => number } {
  let read = 0;
  const database: Database = {
    ...world.app.database,
    query: async <T extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      const rows = await world.app.database.query<T>(sql, params, options);
      if (sql.includes('FROM sbom_components')) read += rows.length;
      return rows;
    },
  };
  return { database, read: () => read };
}

test('an import scan reads only the components of its packages, and those of no known package', async () => {
  const builds = await monitoredApps(world, 'scan', 2);
  const stored = await world.app.database.query<{ build_id: string; position: number; purl: string | null; package: string | null }>(
    'SELECT build_id, position, purl, package FROM sbom_components WHERE build_id = ANY($1::uuid[]) ORDER BY build_id, position',
    [builds],
  );
  // Stored with their packages.
  expect(stored.map((row) => row.package)).toEqual(stored.map((row) => componentPackageKey(row.purl)));
  const packages = await packagesOf(world.app.database, [LODASH_ADVISORY]);
  const named = stored.filter((row) => packages.has(row.package!));
  expect(named.length).toBeGreaterThanOrEqual(2);
  expect(named.length).toBeLessThan(stored.length);

  const scan = counting();
  const matches = await matchBuilds(scan.database, builds, packages);
  expect(scan.read()).toBe(named.length);
  for (const build of builds) expect([...matches.get(build)!.findings.values()].map((finding) => finding.vulnerabilityId)).toContain(LODASH_ADVISORY);

  // A row of no known package (null) is read by every import, and matched by its purl.
  const [lodash] = named.filter((row) => row.build_id === builds[0]);
  const other = stored.find((row) => row.build_id === builds[0] && row.package === '' && row.purl === null) ?? stored.find((row) => !packages.has(row.package!))!;
  await world.app.database.query('UPDATE sbom_components SET package = NULL WHERE build_id = $1 AND position = ANY($2::int[])', [builds[0], [lodash!.position, other.position]]);
  const again = counting();
  const rematched = await matchBuilds(again.database, builds, packages);
  expect(again.read()).toBe(named.length + 1);
  expect([...rematched.get(builds[0]!)!.findings.values()].map((finding) => finding.vulnerabilityId)).toContain(LODASH_ADVISORY);

  // A rescan (no packages) reads every component.
  const rescan = counting();
  await matchBuilds(rescan.database, builds);
  expect(rescan.read()).toBe(stored.length);
});
