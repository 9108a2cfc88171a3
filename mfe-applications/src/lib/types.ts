// The applications API's answers as this remote reads them: the contract's types
// (shared/src/entities/application.ts, docs/applications-api.md) under the short names the
// screens use, and the parts of an OSV record the vulnerability detail shows.
import type { Advisory, BuildStatus, OsvRecord } from '@portal/shared';

export { BUILD_STATUSES, VULNERABILITY_SEVERITIES as SEVERITIES } from '@portal/shared';
export type {
  ApplicationDetail,
  ApplicationSummary,
  ApplicationView as ApplicationRecord,
  AppSettingsView as AppSettings,
  BuildDetail,
  Advisory as VulnerabilityDetail,
  BuildStatus,
  BuildView as Build,
  SbomComponentView as SbomComponentRow,
  SbomView as SbomAnswer,
  SeverityCounts,
  VulnerabilitySeverity as Severity,
} from '@portal/shared';

/** DONE and FAILED are final: nothing is followed after them. */
export const isFinalStatus = (status: BuildStatus): boolean => status === 'DONE' || status === 'FAILED';

/** The parts of an OSV record (the contract's; the API keeps the record as imported) the detail shows. */
export type OsvRecordParts = Partial<Pick<OsvRecord, 'id' | 'references' | 'affected'>>;

/** The record of an advisory, read as OSV (fields missing or of another shape are left out). */
export function osvRecordOf(advisory: Pick<Advisory, 'record'>): OsvRecordParts {
  const record: Partial<OsvRecord> = advisory.record;
  return {
    id: record.id,
    references: Array.isArray(record.references) ? record.references.filter((reference) => typeof reference?.url === 'string') : [],
    affected: Array.isArray(record.affected) ? record.affected : [],
  };
}
