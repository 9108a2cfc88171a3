// GET compliance/summary (docs/compliance.md, "Summary"): the process's compliance per standard and
// family, for the dashboard. A family is a top-level requirement of the tree with the requirements
// under it; its standard is the catalog it was imported from (the standard_id of its latest import
// event, standards/import.ts), none for requirements written by hand. Each group tells how many of
// its live requirements with checks pass, fail or could not be evaluated, and the trend of the
// share passing over the last COMPLIANCE_TREND_DAYS days, replayed from the requirements' history:
// their status at each day's end, today's point their current status. A requirement counts on the
// days it had checks — one whose checks were all deleted since too, until then (its history's row
// without status, migration 047) — and a group is listed while it has requirements with checks.
import {
  COMPLIANCE_STATUSES,
  COMPLIANCE_TREND_DAYS,
  PERMISSIONS,
  type ComplianceFamilySummary,
  type ComplianceStandardSummary,
  type ComplianceStatus,
  type ComplianceSummary,
  type ComplianceTally,
} from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { graphQuery, scopeOf } from '../analysis/service';
import type { Queryable } from '../db/database';
import { problems } from '../http/answer';
import type { ComplianceContext } from './evaluate';
import { DAY_MS, dayOf } from './reasons';
import { requirementHistory, statusesWithFamilies, type HistoryPoint, type StatusRow } from './summary.repository';

/** What a group counts while the summary is made. */
class Tally {
  readonly counts: Record<ComplianceStatus, number> = { passing: 0, failing: 0, not_evaluated: 0 };
  readonly known = Array.from({ length: COMPLIANCE_TREND_DAYS }, () => 0);
  readonly passingOn = Array.from({ length: COMPLIANCE_TREND_DAYS }, () => 0);

  /** `status`: today's (null: no check today, counted in the trend only). */
  add(status: ComplianceStatus | null, daily: ReadonlyArray<ComplianceStatus | null>): void {
    if (status !== null) this.counts[status] += 1;
    daily.forEach((each, day) => {
      if (each === null) return;
      this.known[day] += 1;
      if (each === 'passing') this.passingOn[day] += 1;
    });
  }

  /** Requirements with checks today. */
  get requirements(): number {
    return COMPLIANCE_STATUSES.reduce((sum, status) => sum + this.counts[status], 0);
  }

  view(days: readonly string[]): ComplianceTally {
    const { requirements } = this;
    return {
      requirements,
      ...this.counts,
      percentage: share(this.counts.passing, requirements),
      trend: days.map((day, index) => ({ day, percentage: share(this.passingOn[index], this.known[index]) })),
    };
  }
}

const share = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** Each requirement's status at the end of each day of the trend (null: none, or no check then); the last day is its current status. */
function dailyStatuses(history: readonly HistoryPoint[], current: ReadonlyMap<string, ComplianceStatus | null>, dayEnds: readonly number[]): Map<string, Array<ComplianceStatus | null>> {
  const changes = new Map<string, Array<{ at: number; status: ComplianceStatus | null }>>();
  for (const point of history) {
    if (!current.has(point.requirement_id)) continue;
    const list = changes.get(point.requirement_id) ?? [];
    list.push({ at: new Date(point.at).getTime(), status: point.to_status });
    changes.set(point.requirement_id, list);
  }
  for (const list of changes.values()) list.sort((a, b) => a.at - b.at);
  const daily = new Map<string, Array<ComplianceStatus | null>>();
  for (const [id, status] of current) {
    const list = changes.get(id) ?? [];
    let next = 0;
    let last: ComplianceStatus | null = null;
    const statuses = dayEnds.map((end, day) => {
      if (day === dayEnds.length - 1) return status;
      while (next < list.length && list[next].at < end) last = list[next++].status;
      return last;
    });
    daily.set(id, statuses);
  }
  return daily;
}

/** The process's summary at `now`. */
export async function complianceSummary(db: Queryable, processId: string, now: Date): Promise<ComplianceSummary> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const starts = Array.from({ length: COMPLIANCE_TREND_DAYS }, (_, index) => today - (COMPLIANCE_TREND_DAYS - 1 - index) * DAY_MS);
  const days = starts.map((start) => dayOf(new Date(start)));
  const dayEnds = starts.map((start) => start + DAY_MS);
  const rows = await statusesWithFamilies(db, processId, new Date(starts[0]));
  const history = rows.length === 0 ? [] : await requirementHistory(db, processId, new Date(starts[0]));
  const daily = dailyStatuses(history, new Map(rows.map((row) => [row.requirement_id, row.status])), dayEnds);

  const total = new Tally();
  const standards = new Map<string, { row: StatusRow; tally: Tally; families: Map<string, { row: StatusRow; tally: Tally }> }>();
  for (const row of rows) {
    const statuses = daily.get(row.requirement_id)!;
    total.add(row.status, statuses);
    const key = row.standard_id ?? '';
    const standard = standards.get(key) ?? { row, tally: new Tally(), families: new Map() };
    standards.set(key, standard);
    standard.tally.add(row.status, statuses);
    const family = standard.families.get(row.family_id) ?? { row, tally: new Tally() };
    standard.families.set(row.family_id, family);
    family.tally.add(row.status, statuses);
  }

  const byTitle = (a: string | null, b: string | null) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b));
  const views: ComplianceStandardSummary[] = [...standards.values()]
    .filter(({ tally }) => tally.requirements > 0)
    .sort((a, b) => byTitle(a.row.standard_title, b.row.standard_title))
    .map(({ row, tally, families }) => ({
      standard: row.standard_id === null ? null : { id: row.standard_id, title: row.standard_title ?? '', version: row.standard_version ?? '' },
      ...tally.view(days),
      families: [...families.values()]
        .filter(({ tally: counted }) => counted.requirements > 0)
        .sort((a, b) => a.row.family_position - b.row.family_position || a.row.family_code.localeCompare(b.row.family_code))
        .map(({ row: family, tally: counted }): ComplianceFamilySummary => ({
          family: { id: family.family_id, code: family.family_code, title: family.family_title },
          ...counted.view(days),
        })),
    }));
  return { at: now.toISOString(), ...total.view(days), standards: views };
}

const trendSchema = {
  type: 'array',
  items: { type: 'object', required: ['day', 'percentage'], properties: { day: { type: 'string' }, percentage: { type: ['number', 'null'] } } },
} as const;

const tallyProperties = {
  requirements: { type: 'integer' },
  passing: { type: 'integer' },
  failing: { type: 'integer' },
  not_evaluated: { type: 'integer' },
  percentage: { type: ['number', 'null'] },
  trend: trendSchema,
} as const;
const tallyRequired = ['requirements', 'passing', 'failing', 'not_evaluated', 'percentage', 'trend'] as const;

const reference = (fields: readonly string[]) => ({
  type: 'object',
  required: [...fields],
  properties: Object.fromEntries(fields.map((field) => [field, { type: 'string' }])),
});

export const summarySchema = {
  type: 'object',
  required: ['at', 'standards', ...tallyRequired],
  properties: {
    at: { type: 'string' },
    ...tallyProperties,
    standards: {
      type: 'array',
      items: {
        type: 'object',
        required: ['standard', 'families', ...tallyRequired],
        properties: {
          standard: { ...reference(['id', 'title', 'version']), type: ['object', 'null'] },
          ...tallyProperties,
          families: {
            type: 'array',
            items: { type: 'object', required: ['family', ...tallyRequired], properties: { family: reference(['id', 'code', 'title']), ...tallyProperties } },
          },
        },
      },
    },
  },
} as const;

/** Registered by complianceRoutes (routes.ts), under the API's prefix. */
export async function complianceSummaryRoutes(app: FastifyInstance, options: { context: ComplianceContext }): Promise<void> {
  const { context } = options;
  app.get(
    '/compliance/summary',
    {
      config: { permission: PERMISSIONS.requirements.LIST_REQUIREMENT },
      schema: {
        tags: ['compliance'],
        summary: `The process's compliance per standard and family: the share of the live requirements with checks that pass, and its trend over the last ${COMPLIANCE_TREND_DAYS} days`,
        querystring: graphQuery,
        response: { 200: summarySchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => complianceSummary(context.db, scopeOf(request).processId, context.now()),
  );
}
