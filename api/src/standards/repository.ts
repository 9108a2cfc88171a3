// SQL of the standards family: a catalog import's writes into the process's requirements and its
// standard (import.ts), the import jobs (jobs.ts), and the standards listed.
import type { StandardImportView } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { ParsedCatalog } from './oscal';

export interface ExistingRow {
  id: string;
  source: string;
  code: string;
  title: string;
  description: string;
  parent_id: string | null;
  position: number;
}

/** One import at a time per process: two concurrent ones would both create the same sources (held until `tx` ends). */
export async function lockProcessImports(tx: Queryable, processId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(727002, hashtext($1::text))', [processId]);
}

/** The process's requirements that came from these catalog sources. */
export async function requirementsFromSources(tx: Queryable, processId: string, sources: readonly string[]): Promise<ExistingRow[]> {
  return tx.query<ExistingRow>(
    `SELECT id, source, code, title, description, parent_id, position FROM requirements
      WHERE process_id = $1 AND source = ANY($2::text[])`,
    [processId, sources],
  );
}

/** The process's requirements holding any of these codes (lower case), with their source. */
export async function codesTaken(tx: Queryable, processId: string, lowerCodes: readonly string[]): Promise<Array<{ code: string; source: string | null }>> {
  return tx.query<{ code: string; source: string | null }>(
    `SELECT code, source FROM requirements WHERE process_id = $1 AND lower(code) = ANY($2::text[])`,
    [processId, lowerCodes],
  );
}

export interface CatalogRows {
  ids: string[];
  codes: string[];
  titles: string[];
  descriptions: string[];
  parentIds: Array<string | null>;
  positions: number[];
}

/** Creates requirements from catalog nodes (one bulk statement). */
export async function insertCatalogRequirements(
  tx: Queryable,
  organizationId: string,
  processId: string,
  actorId: string | null,
  rows: CatalogRows & { sources: string[] },
): Promise<void> {
  await tx.query(
      `INSERT INTO requirements (id, organization_id, process_id, code, title, description, parent_id, position, source, created_by)
       SELECT n.id, $1, $2, n.code, n.title, n.description, n.parent_id, n.position, n.source, $3
         FROM unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::int[], $10::text[])
           AS n(id, code, title, description, parent_id, position, source)`,
    [organizationId, processId, actorId, rows.ids, rows.codes, rows.titles, rows.descriptions, rows.parentIds, rows.positions, rows.sources],
  );
}

/** Updates the process's requirements from their catalog nodes (one bulk statement). */
export async function updateCatalogRequirements(tx: Queryable, processId: string, rows: CatalogRows): Promise<void> {
  await tx.query(
      `UPDATE requirements r
          SET code = n.code, title = n.title, description = n.description, parent_id = n.parent_id,
              position = n.position, updated_at = now(), version = r.version + 1
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::int[])
           AS n(id, code, title, description, parent_id, position)
        WHERE r.id = n.id AND r.process_id = $1`,
    [processId, rows.ids, rows.codes, rows.titles, rows.descriptions, rows.parentIds, rows.positions],
  );
}

/** Records the catalog as a standard of the process (its title names it); resolves to its id. */
export async function upsertStandard(tx: Queryable, organizationId: string, processId: string, parsed: ParsedCatalog, actorId: string | null): Promise<{ id: string }> {
  const [standard] = await tx.query<{ id: string }>(
    `INSERT INTO standards (organization_id, process_id, catalog_uuid, title, version, controls, imported_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (process_id, lower(title)) DO UPDATE
        SET catalog_uuid = EXCLUDED.catalog_uuid, version = EXCLUDED.version, controls = EXCLUDED.controls,
            imported_by = EXCLUDED.imported_by, imported_at = now()
     RETURNING id`,
    [organizationId, processId, parsed.uuid, parsed.title, parsed.version, parsed.controls, actorId],
  );
  return standard;
}

/** An import job as stored: the contract's view, with the driver's timestamps. */
export type ImportRow = Omit<StandardImportView, 'started_at' | 'finished_at'> & { started_at: Date | string; finished_at: Date | string | null };

const COLUMNS = 'id, status, title, processed, total, created, updated, error, started_at, finished_at';

/** What an import's job reads back to run it: its caller (the target without its ids) and the parsed catalog. */
export interface PendingImport {
  target: { processCode: string; actor: { id: string; login_id: string } | null; sessionId?: string };
  catalog: ParsedCatalog;
}

/** Records a RUNNING import job of the catalog, with what its job needs (`pending`). */
export async function insertImportJob(
  database: Queryable,
  target: { organizationId: string; processId: string; actor?: { id: string } | null },
  title: string,
  total: number,
  pending: PendingImport | null = null,
): Promise<ImportRow> {
  const [row] = await database.query<ImportRow>(
    `INSERT INTO standard_imports (organization_id, process_id, title, total, started_by, pending)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [target.organizationId, target.processId, title, total, target.actor?.id ?? null, pending === null ? null : JSON.stringify(pending)],
  );
  return row;
}

/**
 * The RUNNING import `id` for the run that holds it until `tx` ends (a transaction-level advisory
 * lock): undefined when it is no longer RUNNING, or another run holds it.
 */
export async function claimImport(tx: Queryable, id: string): Promise<{ organization_id: string; process_id: string; pending: PendingImport | null } | undefined> {
  const [lock] = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock(727003, hashtext($1::text)) AS held', [id]);
  if (!lock?.held) return undefined;
  const [row] = await tx.query<{ organization_id: string; process_id: string; pending: PendingImport | null }>(
    `SELECT organization_id, process_id, pending FROM standard_imports WHERE id = $1 AND status = 'RUNNING'`,
    [id],
  );
  return row;
}

/** How far a RUNNING import is, for the API processes that do not run it (written beside its transaction). */
export async function recordImportProgress(database: Queryable, id: string, processed: number): Promise<void> {
  await database.query(`UPDATE standard_imports SET processed = $2 WHERE id = $1 AND status = 'RUNNING'`, [id, processed]);
}

/** The job DONE with what the import did (in the import's transaction). */
export async function finishImportJob(tx: Queryable, id: string, outcome: { total: number; created: number; updated: number; standardId: string }): Promise<void> {
  await tx.query(
    `UPDATE standard_imports SET status = 'DONE', processed = $2, created = $3, updated = $4, standard_id = $5, pending = NULL,
                  finished_at = clock_timestamp() WHERE id = $1`,
    [id, outcome.total, outcome.created, outcome.updated, outcome.standardId],
  );
}

/** The job FAILED with `message` (a job that ended already is left as it is). */
export async function failImportJob(database: Queryable, id: string, message: string): Promise<void> {
  await database.query(
    `UPDATE standard_imports SET status = 'FAILED', error = $2, pending = NULL, finished_at = clock_timestamp() WHERE id = $1 AND status = 'RUNNING'`,
    [id, message],
  );
}

/** The process's import job `id`. */
export async function findImportJob(db: Queryable, processId: string, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.query<ImportRow>(`SELECT ${COLUMNS} FROM standard_imports WHERE id = $1 AND process_id = $2`, [id, processId]);
  return row;
}

/**
 * Imports RUNNING for longer than `seconds` — longer than their job lives, retries included — are
 * FAILED with `message` (their transaction rolled back); only `id` when given.
 */
export async function failStaleImports(database: Queryable, seconds: number, message: string, id?: string): Promise<void> {
  await database.query(
    `UPDATE standard_imports SET status = 'FAILED', error = $1, pending = NULL, finished_at = now()
      WHERE status = 'RUNNING' AND started_at < now() - $2 * interval '1 second' AND ($3::uuid IS NULL OR id = $3::uuid)`,
    [message, seconds, id ?? null],
  );
}

/** The RUNNING imports with a job to run, oldest first: those stored at least `seconds` ago. */
export async function waitingImports(database: Queryable, seconds: number): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    `SELECT id FROM standard_imports WHERE status = 'RUNNING' AND pending IS NOT NULL AND started_at <= now() - $1 * interval '1 second' ORDER BY started_at`,
    [seconds],
  );
  return rows.map((row) => row.id);
}

/** The standards imported into the process, by title. */
export async function listStandards(
  db: Queryable,
  processId: string,
  organizationId: string,
): Promise<Array<{ id: string; title: string; version: string; controls: number; imported_at: Date | string }>> {
  return db.query<{ id: string; title: string; version: string; controls: number; imported_at: Date | string }>(
    `SELECT id, title, version, controls, imported_at FROM standards
          WHERE process_id = $1 AND organization_id = $2 ORDER BY lower(title)`,
    [processId, organizationId],
  );
}
