// The organization chart (issue 23 items 10, 11): one chart per organization. A file is previewed
// (columns, first rows, a proposed mapping), then imported with the chosen mapping: every row is
// checked first, and a refused import (422, every row error with its line) changes nothing; an
// accepted one replaces the chart in one transaction, reports what changed and tells the browsers
// showing the chart to read it again.
import { randomUUID } from 'node:crypto';
import {
  ORG_CHART_EVENT,
  ORG_CHART_FIELDS,
  ORG_CHART_PERSON_COLUMNS,
  PERMISSIONS,
  type OrgChart,
  type OrgChartChangeReport,
  type OrgChartField,
  type OrgChartPerson,
  type OrgChartPreview,
  type OrgChartRowError,
  type OrgChartSuggestions,
} from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { permittedRecipients } from '../realtime/audience';
import { recordEvents } from '../realtime/outbox.repository';
import { chosenMapping, peopleOf as peopleOfTable, proposeMapping } from './mapping';
import { readTable } from './parse';
import {
  chartHeader,
  chartTuples,
  claimChart,
  departmentsOf,
  departmentUsers,
  emailOfUser,
  peopleOf,
  personById,
  personOfEmail,
  processesOf,
  replacePeople,
  reportsOf,
  userOfEmail,
  type StoredPerson,
} from './repository';

const PREVIEW_ROWS = 10;

/** Who asks: the chart is the organization's. */
export interface ChartScope {
  organizationId: string;
  actor: { id: string; login_id: string };
  sessionId: string;
}

/** An import refused row by row: answered 422 with every error. */
export class ChartRejected extends Error {
  constructor(readonly rows: OrgChartRowError[]) {
    super(`The chart was not imported: ${rows.length} ${rows.length === 1 ? 'error' : 'errors'} in the file. Nothing changed.`);
  }
}

export async function previewChart(fileName: string, content: Buffer): Promise<OrgChartPreview> {
  const table = await readTable(content);
  return {
    file_name: fileName,
    format: table.format,
    columns: table.columns,
    rows: table.rows.slice(0, PREVIEW_ROWS),
    row_count: table.rows.length,
    mapping: proposeMapping(table.columns),
  };
}

export async function importChart(db: Database, scope: ChartScope, fileName: string, content: Buffer, mapping: string | undefined): Promise<OrgChartChangeReport> {
  const table = await readTable(content);
  const { people, errors } = peopleOfTable(table, chosenMapping(mapping, table.columns));
  if (errors.length > 0) throw new ChartRejected(errors);
  const incoming: StoredPerson[] = people.map(({ line: _line, ...person }) => person);
  return db.transaction(async (tx) => {
    await claimChart(tx, scope.organizationId, fileName, scope.actor.id);
    const report = changesBetween(await peopleOf(tx, scope.organizationId), incoming);
    await replacePeople(tx, scope.organizationId, incoming);
    await announceImport(tx, scope, report);
    return report;
  });
}

const COMPARED: readonly OrgChartField[] = ORG_CHART_FIELDS.filter((field) => field !== 'id' && field !== 'manager_id');

/** What replacing `before` with `after` changes, person by person (by id). */
export function changesBetween(before: readonly StoredPerson[], after: readonly StoredPerson[]): OrgChartChangeReport {
  const previous = new Map(before.map((person) => [person.id, person]));
  const report: OrgChartChangeReport = { people: after.length, added: [], moved: [], removed: [], updated: [], unchanged: 0 };
  const kept = new Set<string>();
  for (const person of after) {
    const ref = { id: person.id, name: person.name };
    const old = previous.get(person.id);
    if (!old) {
      report.added.push(ref);
      continue;
    }
    kept.add(person.id);
    const moved = old.manager_id !== person.manager_id;
    const fields = COMPARED.filter((field) => (old[field as keyof StoredPerson] ?? '') !== (person[field as keyof StoredPerson] ?? ''));
    if (moved) report.moved.push({ ...ref, from: old.manager_id, to: person.manager_id });
    if (fields.length > 0) report.updated.push({ ...ref, fields });
    if (!moved && fields.length === 0) report.unchanged += 1;
  }
  for (const person of before) if (!kept.has(person.id)) report.removed.push({ id: person.id, name: person.name });
  return report;
}

/** The live event of an import, to the organization's users who may view the chart in one of its processes. */
async function announceImport(tx: Queryable, scope: ChartScope, report: OrgChartChangeReport): Promise<void> {
  const recipients = new Set<string>();
  for (const process of await processesOf(tx, scope.organizationId)) {
    const ref = { organizationId: scope.organizationId, processId: process.id, processCode: process.code_name };
    for (const id of await permittedRecipients(tx, ref, PERMISSIONS.requirements.VIEW_ORG_CHART)) recipients.add(id);
  }
  // No `graph`: the chart is the organization's, so a browser in any of its processes reloads it.
  const body = {
    type: ORG_CHART_EVENT,
    eventId: randomUUID(),
    session_id: scope.sessionId,
    time: new Date().toISOString(),
    data: { kind: 'org-chart', login_id: scope.actor.login_id, people: report.people, added: report.added.length, moved: report.moved.length, removed: report.removed.length, updated: report.updated.length },
  };
  await recordEvents(tx, [...recipients].map((userId) => ({ destination: `events#${userId}`, body })));
}

export async function chartOf(db: Queryable, organizationId: string): Promise<OrgChart> {
  const header = await chartHeader(db, organizationId);
  return {
    uploaded_at: header ? new Date(header.uploaded_at).toISOString() : null,
    uploaded_by: header?.uploaded_by ?? null,
    file_name: header?.file_name ?? null,
    columns: ORG_CHART_PERSON_COLUMNS,
    people: header ? await chartTuples(db, organizationId) : [],
  };
}

export async function personOf(db: Queryable, organizationId: string, id: string): Promise<OrgChartPerson> {
  const person = await personById(db, organizationId, id);
  if (!person) throw new ApiProblem(404);
  const manager = person.manager_id === null ? undefined : await personById(db, organizationId, person.manager_id);
  return {
    ...person,
    user: (await userOfEmail(db, organizationId, person.email)) ?? null,
    manager: manager ? { id: manager.id, name: manager.name } : null,
    reports: await reportsOf(db, organizationId, person.id),
  };
}

/**
 * Whom the chart offers when a task is assigned: the portal user of the owner's manager (`owner`
 * a user of the caller's organization, else 404) and the portal users of `department`.
 */
export async function suggestionsFor(db: Queryable, organizationId: string, query: { owner?: string; department?: string }): Promise<OrgChartSuggestions> {
  let ownerManager: OrgChartSuggestions['owner_manager'] = null;
  if (query.owner !== undefined) {
    const email = await emailOfUser(db, organizationId, query.owner);
    if (email === undefined) throw new ApiProblem(404);
    const person = await personOfEmail(db, organizationId, email);
    const manager = person?.manager_id ? await personById(db, organizationId, person.manager_id) : undefined;
    ownerManager = (await userOfEmail(db, organizationId, manager?.email ?? null)) ?? null;
  }
  return {
    owner_manager: ownerManager,
    department_members: query.department ? await departmentUsers(db, organizationId, query.department) : [],
    departments: await departmentsOf(db, organizationId),
  };
}
