// The analysis shapes of docs/requirements-api.md: the contract's (@portal/shared, what the API
// answers), under the names these screens use.

export { REPORT_KINDS } from '@portal/shared';
export type { Attachment, Conflict, DashboardStatistics, DuplicateCandidate, Gap, Report, ReportKind, ReportValue, Risk, TraceabilityRow } from '@portal/shared';
export type {
  CommentPage,
  PlaneRequirement,
  RequirementPlanePoint as PlanePoint,
  RequirementPlanes as Planes,
  StandardImportView as StandardImport,
  StandardView as Standard,
} from '@portal/shared';
