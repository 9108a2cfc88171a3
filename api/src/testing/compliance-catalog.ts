// The NIST SP 800-53 LOW baseline imported into a process as the standards import does it
// (standards/import.ts, in one transaction, without the background job), for the tests of the
// compliance templates and exports; and an SBOM build's provenance as an upload records it.
import type { Database, Queryable } from '../db/database';
import { readNistLowBaselineSync } from '../standards/catalogs';
import { importCatalog } from '../standards/import';
import { parseCatalog, readCatalogDocument } from '../standards/oscal';
import type { SbomProvenance } from '../sbom/index';

export async function importLowBaseline(db: Database, target: { organizationId: string; processId: string; processCode: string; actor: { id: string; login_id: string } }): Promise<string> {
  const parsed = parseCatalog(readCatalogDocument(JSON.parse(readNistLowBaselineSync())));
  const outcome = await db.transaction((tx) => importCatalog(tx, target, parsed));
  return outcome.standardId;
}

/** Sets what the build's SBOM recorded of its provenance, and whether a CI/CD module uploaded it (a module of the app's organization). */
export async function setProvenance(db: Queryable, buildId: string, provenance: SbomProvenance | null, pipeline = false): Promise<void> {
  let moduleId: string | null = null;
  if (pipeline) {
    const [module] = await db.query<{ id: string }>(
      `INSERT INTO service_modules (organization_id, name, type)
       SELECT a.organization_id, 'CI ' || b.id, 'cicd-ingestion' FROM application_builds b JOIN applications a ON a.id = b.application_id WHERE b.id = $1
       RETURNING id`,
      [buildId],
    );
    moduleId = module.id;
  }
  await db.query('UPDATE application_builds SET provenance = $2::jsonb, service_module_id = $3 WHERE id = $1', [buildId, provenance === null ? null : JSON.stringify(provenance), moduleId]);
}
