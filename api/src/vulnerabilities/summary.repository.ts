// What the vulnerability database holds, for those who import into it (GET /vulnerabilities/imports):
// counts and freshness, read apart from the imports that write it (repository.ts).
import type { VulnerabilityDatabaseSummary } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { iso } from './repository';

/** What the vulnerability database holds: advisories (per ecosystem), how fresh they are, and the KEV catalog. */
export async function vulnerabilityDatabaseSummary(db: Queryable): Promise<VulnerabilityDatabaseSummary> {
  const [advisories] = await db.query<{ advisories: string | number; last_imported_at: unknown; newest_modified: unknown }>(
    'SELECT count(*) AS advisories, max(imported_at) AS last_imported_at, max(modified) AS newest_modified FROM vulnerabilities',
  );
  const ecosystems = await db.query<{ ecosystem: string; advisories: string | number }>(
    // DISTINCT in a subquery (hashed) rather than count(DISTINCT …) (sorted): 0.16 s against 0.30 s
    // for 200,000 advisories on the embedded database.
    `SELECT ecosystem, count(*) AS advisories
     FROM (SELECT DISTINCT ecosystem, vulnerability_id FROM vulnerability_affected) pairs
     GROUP BY ecosystem ORDER BY count(*) DESC, ecosystem`,
  );
  const [kev] = await db.query<{ entries: string | number; last_imported_at: unknown; catalog_version: string | null }>(
    `SELECT count(*) AS entries, max(imported_at) AS last_imported_at,
            (SELECT catalog_version FROM known_exploited_vulnerabilities ORDER BY imported_at DESC, catalog_version DESC NULLS LAST LIMIT 1) AS catalog_version
     FROM known_exploited_vulnerabilities`,
  );
  return {
    advisories: Number(advisories.advisories),
    ecosystems: ecosystems.map((row) => ({ ecosystem: row.ecosystem, advisories: Number(row.advisories) })),
    lastImportedAt: iso(advisories.last_imported_at),
    newestModified: iso(advisories.newest_modified),
    knownExploited: { entries: Number(kev.entries), catalogVersion: kev.catalog_version, lastImportedAt: iso(kev.last_imported_at) },
  };
}
