// What the vulnerabilities routes ask of the family beside the advisory importer (sources.ts): an
// advisory by id or alias, the database's summary, and the import of a KEV catalog.
import type { VulnerabilityDatabaseSummary } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { findVulnerability, importKevCatalog, kevProblem, type KevImportCounts } from './repository';
import { vulnerabilityDatabaseSummary } from './summary.repository';

/** The advisory named `idOrAlias`, or undefined when the database does not know it. */
export function vulnerabilityOf(db: Queryable, idOrAlias: string): ReturnType<typeof findVulnerability> {
  return findVulnerability(db, idOrAlias);
}

/** What the vulnerability database holds: counts and freshness. */
export function databaseSummary(db: Queryable): Promise<VulnerabilityDatabaseSummary> {
  return vulnerabilityDatabaseSummary(db);
}

/** Imports a KEV catalog; a value that is no catalog, or one whose entries all lack a cveID, is a 400. */
export async function importKevUpload(database: Database, catalog: unknown): Promise<KevImportCounts> {
  const problem = kevProblem(catalog);
  if (problem) throw new ApiProblem(400, `Not a KEV catalog: ${problem}.`);
  const counts = await importKevCatalog(database, catalog);
  if (counts.read > 0 && counts.invalid === counts.read) throw new ApiProblem(400, 'Not a KEV catalog: none of its entries has a cveID (CVE-YYYY-N).');
  return counts;
}
