// The reports of a process (issue 6 item 13): each kind is one SQL statement over the live (not
// deleted) requirements and the analysis tables, answered as { kind, title, columns, rows }; the
// routes render the same report as CSV or PDF.
import { REPORT_KINDS, REQUIREMENT_STATUSES, type Report, type ReportColumn, type ReportKind, type ReportValue } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { statusCounts, progressReportRows, coverageReportRows, overdueReportRows, gapsReportRows, risksReportRows, ownerReportRows, tagReportRows, type ReportScope } from './repository';

// The report shapes are the contract's (GET reports/{kind}).
export { REPORT_KINDS, type Report, type ReportColumn, type ReportKind, type ReportValue };

type Row = Record<string, ReportValue>;

const columns = (...pairs: [string, string][]): ReportColumn[] => pairs.map(([key, label]) => ({ key, label }));

const DEFINITIONS: Record<ReportKind, { title: string; columns: ReportColumn[]; rows(db: Queryable, scope: ReportScope): Promise<Row[]> }> = {
  status: {
    title: 'Requirements by status',
    columns: columns(['status', 'Status'], ['requirements', 'Requirements'], ['share', 'Share (%)'], ['average_progress', 'Average progress (%)']),
    async rows(db, { processId }) {
      const counted = await statusCounts(db, processId);
      const total = counted.reduce((sum, row) => sum + row.requirements, 0);
      return REQUIREMENT_STATUSES.map((status) => {
        const row = counted.find((candidate) => candidate.status === status);
        const requirements = row?.requirements ?? 0;
        return {
          status,
          requirements,
          share: total === 0 ? 0 : Math.round((requirements * 100) / total),
          average_progress: row?.average_progress ?? 0,
        };
      });
    },
  },
  progress: {
    title: 'Progress of requirements',
    columns: columns(
      ['code', 'Code'],
      ['title', 'Title'],
      ['status', 'Status'],
      ['priority', 'Priority'],
      ['progress', 'Progress (%)'],
      ['owner', 'Owner'],
      ['due_date', 'Due date'],
    ),
    rows: progressReportRows,
  },
  coverage: {
    title: 'Coverage by top-level requirement',
    columns: columns(
      ['code', 'Code'],
      ['title', 'Title'],
      ['requirements', 'Requirements'],
      ['completed', 'Completed'],
      ['in_progress', 'In progress'],
      ['coverage', 'Coverage (%)'],
      ['average_progress', 'Average progress (%)'],
    ),
    rows: coverageReportRows,
  },
  overdue: {
    title: 'Overdue requirements',
    columns: columns(
      ['code', 'Code'],
      ['title', 'Title'],
      ['status', 'Status'],
      ['progress', 'Progress (%)'],
      ['owner', 'Owner'],
      ['due_date', 'Due date'],
      ['days_overdue', 'Days overdue'],
    ),
    rows: overdueReportRows,
  },
  gaps: {
    title: 'Gaps',
    columns: columns(
      ['code', 'Requirement'],
      ['title', 'Title'],
      ['description', 'Gap'],
      ['remediation_plan', 'Remediation plan'],
      ['target_date', 'Target date'],
      ['status', 'Status'],
      ['owner', 'Owner'],
      ['assignee', 'Assignee'],
    ),
    rows: gapsReportRows,
  },
  risks: {
    title: 'Risks',
    columns: columns(
      ['code', 'Requirement'],
      ['title', 'Title'],
      ['likelihood', 'Likelihood'],
      ['impact', 'Impact'],
      ['score', 'Score'],
      ['description', 'Risk'],
      ['status', 'Status'],
    ),
    rows: risksReportRows,
  },
  owner: {
    title: 'Requirements by owner',
    columns: columns(
      ['owner', 'Owner'],
      ['requirements', 'Requirements'],
      ['completed', 'Completed'],
      ['in_progress', 'In progress'],
      ['overdue', 'Overdue'],
      ['average_progress', 'Average progress (%)'],
    ),
    rows: ownerReportRows,
  },
  tag: {
    title: 'Requirements by tag',
    columns: columns(
      ['tag', 'Tag'],
      ['requirements', 'Requirements'],
      ['completed', 'Completed'],
      ['average_progress', 'Average progress (%)'],
    ),
    rows: tagReportRows,
  },
};

export function isReportKind(kind: string): kind is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(kind);
}

/** The report of that kind for the process. */
export async function buildReport(db: Queryable, kind: ReportKind, scope: ReportScope): Promise<Report> {
  const definition = DEFINITIONS[kind];
  const rows = await definition.rows(db, scope);
  // Only the declared columns, in their order (numbers stay numbers).
  return {
    kind,
    title: definition.title,
    columns: definition.columns,
    rows: rows.map((row) => Object.fromEntries(definition.columns.map(({ key }) => [key, row[key] ?? null]))),
  };
}
