// The traceability matrix (issue 6 item 11): per live requirement, in tree order, its
// sub-requirements, its tasks (open / closed), the applications that implement it, its source
// controls, its coverage and whether it has a gap. Coverage: a leaf's progress (1 when
// COMPLETED); a parent's share of COMPLETED requirements among its descendants. Gap: an open gap
// or no coverage at all. Evidence: the documents of the evidence library linked to it (issue 23).
import { stringify } from 'csv-stringify/sync';
import { reportCellText, type TraceabilityRow } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { applicationLinksOf, evidenceLinksOf, openGapsOf, taskCountsOf, traceabilityRequirementsOf, type TraceabilityRequirement as Row } from './repository';
import type { Scope } from './service';

export type { TraceabilityRow };

/** The controls a `source` names: 'ac-2, ac-2.1' → ['ac-2', 'ac-2.1']. */
export const sourceControls = (source: string | null) => (source ?? '').split(/[,;\s]+/).filter(Boolean);

export async function traceability(db: Queryable, scope: Scope): Promise<TraceabilityRow[]> {
  const [rows, tasks, gaps, links, evidenceLinks] = await Promise.all([
    traceabilityRequirementsOf(db, scope.organizationId, scope.processId),
    taskCountsOf(db, scope.processId),
    openGapsOf(db, scope.processId),
    applicationLinksOf(db, scope.processId),
    evidenceLinksOf(db, scope.processId),
  ]);
  const evidence = new Map<string, Array<{ id: string; name: string }>>();
  for (const link of evidenceLinks) evidence.set(link.requirement_id, [...(evidence.get(link.requirement_id) ?? []), { id: link.id, name: link.name }]);
  const applications = new Map<string, string[]>();
  for (const link of links) applications.set(link.requirement_id, [...(applications.get(link.requirement_id) ?? []), link.app_key]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<string | null, Row[]>();
  for (const row of rows) {
    // A live requirement under a deleted one is shown at the top.
    const parent = row.parent_id && byId.has(row.parent_id) ? row.parent_id : null;
    const siblings = children.get(parent) ?? [];
    siblings.push(row);
    children.set(parent, siblings);
  }
  const taskCounts = new Map(tasks.map((task) => [task.requirement_id, { open: Number(task.open), closed: Number(task.closed) }]));
  const openGaps = new Set(gaps.map((gap) => gap.requirement_id));

  // Depth-first order without recursion (trees may be deep).
  const order: { row: Row; depth: number }[] = [];
  const stack: { row: Row; depth: number }[] = [...(children.get(null) ?? [])].reverse().map((row) => ({ row, depth: 0 }));
  while (stack.length > 0) {
    const item = stack.pop()!;
    order.push(item);
    const below = children.get(item.row.id) ?? [];
    for (let k = below.length - 1; k >= 0; k -= 1) stack.push({ row: below[k], depth: item.depth + 1 });
  }
  // Descendant and completed-descendant counts, children before parents (reverse pre-order).
  const size = new Map<string, number>();
  const completed = new Map<string, number>();
  for (let k = order.length - 1; k >= 0; k -= 1) {
    const { row } = order[k];
    let total = 0;
    let done = 0;
    for (const child of children.get(row.id) ?? []) {
      total += 1 + size.get(child.id)!;
      done += (child.status === 'COMPLETED' ? 1 : 0) + completed.get(child.id)!;
    }
    size.set(row.id, total);
    completed.set(row.id, done);
  }
  return order.map(({ row, depth }) => {
    const total = size.get(row.id)!;
    const coverage = total === 0 ? (row.status === 'COMPLETED' ? 1 : row.progress / 100) : completed.get(row.id)! / total;
    return {
      requirement: { id: row.id, code: row.code, title: row.title, source: row.source },
      parent_id: row.parent_id && byId.has(row.parent_id) ? row.parent_id : null,
      depth,
      status: row.status,
      children: (children.get(row.id) ?? []).length,
      sub_requirements: (children.get(row.id) ?? []).map((child) => ({ id: child.id, code: child.code, title: child.title })),
      tasks: taskCounts.get(row.id) ?? { open: 0, closed: 0 },
      applications: applications.get(row.id) ?? [],
      source_controls: sourceControls(row.source),
      coverage: Math.round(coverage * 10000) / 10000,
      gap: openGaps.has(row.id) || coverage === 0,
      evidence: evidence.get(row.id) ?? [],
    };
  });
}

/** A cell a spreadsheet would run as a formula is quoted as text (CSV injection). */
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const CSV_HEADER = ['Code', 'Title', 'Source', 'Status', 'Sub-requirements', 'Open tasks', 'Closed tasks', 'Applications', 'Source controls', 'Coverage (%)', 'Gap', 'Evidence'];

export function traceabilityCsv(rows: readonly TraceabilityRow[]): string {
  return stringify(
    [
      CSV_HEADER,
      ...rows.map((row) => [
        cell(row.requirement.code),
        cell(row.requirement.title),
        cell(row.requirement.source ?? ''),
        reportCellText('status', row.status),
        cell(row.sub_requirements.map((child) => child.code).join('; ')),
        String(row.tasks.open),
        String(row.tasks.closed),
        cell(row.applications.join('; ')),
        cell(row.source_controls.join('; ')),
        String(Math.round(row.coverage * 100)),
        row.gap ? 'yes' : 'no',
        cell((row.evidence ?? []).map((document) => document.name).join('; ')),
      ]),
    ],
    { record_delimiter: '\r\n' },
  );
}
