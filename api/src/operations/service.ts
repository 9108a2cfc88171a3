// The operations domain's findings: an uploaded file is read (importers/, pure) before anything
// is written, then recorded in its scope in one transaction — a refused file stores nothing.
import type { FindingFormat, FindingTriageState } from '@portal/shared/server';
import type { Database } from '../db/database';
import { importFindings } from './importers';
import { recordImport, triageFindings, type ImportSummary, type ImportTarget } from './repository';

export { FindingImportError } from './importers';
export type { ImportSummary, ImportTarget } from './repository';

/** Reads `bytes` (plain or gzip; the format named or detected) and records its findings in the target's scope. */
export async function importFindingsFile(database: Database, target: ImportTarget, bytes: Buffer, format?: FindingFormat): Promise<ImportSummary & { format: FindingFormat }> {
  const result = importFindings(bytes, format);
  const summary = await database.transaction((tx) => recordImport(tx, target, result));
  return { ...summary, format: result.format };
}

/** A person's decision on findings of the process; resolves to the ids it changed (others are not the process's). */
export function triage(
  database: Database,
  input: { organizationId: string; processId: string; ids: readonly string[]; state: FindingTriageState; reason?: string; expiresAt?: string; userId: string; now: Date },
): Promise<string[]> {
  return database.transaction((tx) => triageFindings(tx, { ...input, reason: input.reason ?? null, expiresAt: input.expiresAt ?? null }));
}
