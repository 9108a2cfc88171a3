// The organization chart (issue 23 items 10, 11; docs/org-chart.md): one chart per organization,
// uploaded as CSV or XLSX, people linked to portal users by email.

/** The chart's fields a file's columns are mapped to (id and name are required). */
export const ORG_CHART_FIELDS = ['id', 'name', 'title', 'manager_id', 'email', 'department'] as const;
export type OrgChartField = (typeof ORG_CHART_FIELDS)[number];

/** Field → the index of the file's column holding it (null: not in the file). */
export type OrgChartMapping = Record<OrgChartField, number | null>;

/** POST org-chart/preview: what the file holds and the mapping the API proposes. */
export interface OrgChartPreview {
  file_name: string;
  format: 'csv' | 'xlsx';
  /** The header row's cells (the first row of the file). */
  columns: string[];
  /** The first data rows, as text, with their line numbers in the file. */
  rows: Array<{ line: number; cells: string[] }>;
  /** Data rows in the file. */
  row_count: number;
  mapping: OrgChartMapping;
}

/** One refusal of an import: the file's line (1 = the header), the field and what is wrong. */
export interface OrgChartRowError {
  line: number;
  field: OrgChartField;
  message: string;
}

/** The 422 problem of an import refused: nothing changed; every row error is listed. */
export interface OrgChartRejection {
  status: 422;
  detail: string;
  rows: OrgChartRowError[];
}

export interface OrgChartPersonRef {
  id: string;
  name: string;
}

/** POST org-chart: what the import changed against the chart it replaced. */
export interface OrgChartChangeReport {
  people: number;
  added: OrgChartPersonRef[];
  /** Their manager changed (`from`/`to` managers' ids, null for the top). */
  moved: Array<OrgChartPersonRef & { from: string | null; to: string | null }>;
  removed: OrgChartPersonRef[];
  /** Another of title, name, email or department changed. */
  updated: Array<OrgChartPersonRef & { fields: OrgChartField[] }>;
  unchanged: number;
}

/**
 * GET org-chart: the whole chart, compact (5,000 people in one answer): each person is a tuple in
 * the order of ORG_CHART_PERSON_COLUMNS.
 */
export const ORG_CHART_PERSON_COLUMNS = ['id', 'name', 'title', 'manager_id', 'email', 'department', 'user_id', 'login_id'] as const;
export type OrgChartPersonTuple = [
  id: string,
  name: string,
  title: string,
  manager_id: string | null,
  email: string | null,
  department: string,
  user_id: string | null,
  login_id: string | null,
];

export interface OrgChart {
  /** Null while no chart was uploaded. */
  uploaded_at: string | null;
  uploaded_by: { id: string; login_id: string; name: string } | null;
  file_name: string | null;
  columns: typeof ORG_CHART_PERSON_COLUMNS;
  people: OrgChartPersonTuple[];
}

export interface OrgChartUserRef {
  id: string;
  login_id: string;
  name: string;
}

/** GET org-chart/people/{id}: one person with their manager, direct reports and portal user. */
export interface OrgChartPerson {
  id: string;
  name: string;
  title: string;
  manager_id: string | null;
  email: string | null;
  department: string;
  user: OrgChartUserRef | null;
  manager: OrgChartPersonRef | null;
  reports: OrgChartPersonRef[];
}

/** GET org-chart/suggestions: whom the chart offers when assigning a task (item 11). */
export interface OrgChartSuggestions {
  /** The portal user of the owner's manager (query `owner`: a user id), when the chart knows one. */
  owner_manager: OrgChartUserRef | null;
  /** The portal users of the department's people (query `department`). */
  department_members: OrgChartUserRef[];
  /** Every department of the chart, for the picker. */
  departments: string[];
}

/** The live event after an import (on `events#<userId>` of the organization's users who may view it). */
export const ORG_CHART_EVENT = 'Org Chart';
