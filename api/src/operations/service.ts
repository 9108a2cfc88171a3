// The operations domain's findings: an uploaded file is read (importers/, pure) before anything
// is written, then recorded in its scope in one transaction — a refused file stores nothing. The
// routes' reads (a page, its totals, one finding with its history, every row for the export) and
// triage decisions, each change told live to the process's audience (events.ts).
import { encodeKeysetCursor } from '../http/keyset-cursor';
import type {
  FindingFormat,
  FindingGroup,
  FindingGroupDimension,
  FindingGroupsPage,
  FindingHistoryEvent,
  FindingRequirementRef,
  FindingSla,
  FindingSlaView,
  FindingTrend,
  FindingTrendDay,
  FindingImport,
  FindingTotals,
  FindingTriageState,
  RelatedFinding,
  ScopedSecurityFinding,
  SecurityFinding,
  SecurityFindingDetail,
  SecurityFindingCounts,
} from '@portal/shared/server';
import { DEFAULT_FINDING_SLA, FINDING_CATEGORIES, FINDING_SEVERITIES, findingDueDate } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import type { EventScope } from '../realtime/audience';
import { alertNewCriticals, alertRegressions, announceFindings } from './events';
import { findingJsonPage } from './page.repository';
import { findingGroups, findingOfProcess, findingPage, findingRowsOfProcess, findingsOfProcess, findingTotals, importOf, relatedFindings, type FindingFilter, type FindingRow, type FindingVisibility } from './findings.repository';
import { importFindings } from './importers';
import { sees } from './permissions';
import { saveSla, storedSla, trendCounts } from './overview.repository';
import { liveRequirementsOf, replaceFindingRequirements, requirementsOfFinding } from './links.repository';
import type { FindingsFilterQuery, FindingsQuery } from './query';
import { sarifLogOf } from './sarif-export';
import { historyOf, recordImport, toolsOfScope, triageFindings, type ImportSummary, type ImportTarget } from './repository';

export { FindingImportError } from './importers';
export type { ImportSummary, ImportTarget } from './repository';

/** What else happens in an import's transaction, once its findings are recorded (the route's events). */
export type ImportFollowUp = (tx: Queryable, summary: ImportSummary) => Promise<void>;

/** Reads `bytes` (plain or gzip; the format named or detected) and records its findings in the target's scope. */
export async function importFindingsFile(
  database: Database,
  target: ImportTarget,
  bytes: Buffer,
  format?: FindingFormat,
  followUp?: ImportFollowUp,
): Promise<ImportSummary & { format: FindingFormat }> {
  const result = importFindings(bytes, format);
  const summary = await database.transaction(async (tx) => {
    const recorded = await recordImport(tx, target, result);
    if (followUp) await followUp(tx, recorded);
    return recorded;
  });
  return { ...summary, format: result.format };
}

/** What follows every import into a process: told to its audience, a new critical finding and a regression alerted. */
function announceImport(process: EventScope, target: ImportTarget): ImportFollowUp {
  return async (tx, summary) => {
    const { importId, findings, fixed, reopened } = summary;
    await announceFindings(tx, process, { action: 'imported', scope: target.scope, import_id: importId, findings, new: summary.new, seen: summary.seen, fixed, reopened });
    if (summary.new > 0) await alertNewCriticals(tx, process, target, importId);
    if (reopened > 0) await alertRegressions(tx, process, target, reopened);
  };
}

/** An upload from the portal or a CI: recorded, told to the process's audience, a new critical finding and a regression alerted. */
export function uploadFindings(
  database: Database,
  target: ImportTarget,
  process: EventScope,
  bytes: Buffer,
  format?: FindingFormat,
): Promise<ImportSummary & { format: FindingFormat }> {
  return importFindingsFile(database, target, bytes, format, announceImport(process, target));
}

/**
 * A cloud sync's findings, already read by an importer, one import per scope (a cloud account and
 * region), all in `tx` with what the caller records after them: each scope's findings no longer
 * reported turn fixed, as a re-upload would.
 */
export async function recordCloudFindings(
  tx: Queryable,
  process: EventScope,
  imports: ReadonlyArray<{ target: ImportTarget; result: FindingImport }>,
): Promise<ImportSummary[]> {
  const summaries: ImportSummary[] = [];
  for (const { target, result } of imports) {
    // A product the cloud no longer reports at all (every finding gone) is a run without results.
    const reported = new Set(result.runs.map((run) => run.tool.name));
    const silent = (await toolsOfScope(tx, target)).filter((tool) => !reported.has(tool.tool_name));
    const runs = [
      ...result.runs,
      ...silent.map((tool) => ({ tool: { name: tool.tool_name, version: null }, category: tool.category, results: 0, findings: 0, passed: 0, suppressed: 0, ruleIds: [] })),
    ];
    const summary = await recordImport(tx, target, { ...result, runs });
    await announceImport(process, target)(tx, summary);
    summaries.push(summary);
  }
  return summaries;
}

/** A person's decision on findings of the process; resolves to the ids it changed (others are not the process's). */
export function triage(
  database: Database,
  input: { organizationId: string; processId: string; ids: readonly string[]; state: FindingTriageState; reason?: string; expiresAt?: string; userId: string; now: Date },
): Promise<string[]> {
  return database.transaction((tx) => triageFindings(tx, { ...input, reason: input.reason ?? null, expiresAt: input.expiresAt ?? null }));
}

export interface TriageDecision {
  ids: string[];
  state: FindingTriageState;
  reason?: string;
  expiresAt?: string;
}

/**
 * Triage from the routes: every id must be a finding of the process the caller sees, or nothing
 * changes (null: the route's 404). Each changed finding's history has the decision; the audience hears it.
 */
export async function triageVisible(
  database: Database,
  process: EventScope,
  visible: FindingVisibility,
  decision: TriageDecision,
  who: { userId: string; sessionId: string; now: Date },
): Promise<string[] | null> {
  return database.transaction(async (tx) => {
    const found = await findingsOfProcess(tx, process.organizationId, process.processId, visible, decision.ids);
    if (found.length !== decision.ids.length) return null;
    const changed = await triageFindings(tx, {
      organizationId: process.organizationId,
      processId: process.processId,
      ids: decision.ids,
      state: decision.state,
      reason: decision.reason ?? null,
      expiresAt: decision.expiresAt ?? null,
      userId: who.userId,
      now: who.now,
    });
    await announceFindings(tx, process, { action: 'triaged', ids: changed, state: decision.state }, who.sessionId);
    return changed;
  });
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A stored finding as the contract says it, with its scope. */
export function findingView(row: FindingRow, sla: FindingSla = DEFAULT_FINDING_SLA): ScopedSecurityFinding {
  return {
    id: row.id,
    scope: row.scope,
    tool: { name: row.tool_name, version: row.tool_version },
    category: row.category,
    rule: { id: row.rule_id, name: row.rule_name, help: row.rule_help, cwe: row.cwe ?? [], tags: row.tags ?? [] },
    severity: row.severity,
    toolSeverity: row.tool_severity,
    title: row.title,
    message: row.message,
    location: (row.location ?? null) as SecurityFinding['location'],
    fingerprint: row.fingerprint,
    state: row.state,
    suppression: row.suppression,
    vulnerabilityIds: row.vulnerability_ids ?? [],
    reason: row.reason,
    expiresAt: row.expires_at,
    firstSeen: iso(row.first_seen),
    lastSeen: iso(row.last_seen),
    dueDate: findingDueDate(iso(row.first_seen), row.severity, sla),
    application: row.scope.startsWith('app:') ? row.scope.slice(4) : null,
    requirements: row.requirement_ids ?? [],
  };
}

/** The process's SLA for its findings, the contract's default until it sets one. */
export async function slaOfProcess(db: Queryable, organizationId: string, processId: string): Promise<FindingSlaView> {
  const stored = await storedSla(db, organizationId, processId);
  return stored ? { sla: { ...DEFAULT_FINDING_SLA, ...stored }, default: false } : { sla: { ...DEFAULT_FINDING_SLA }, default: true };
}

export function setSlaOfProcess(db: Queryable, organizationId: string, processId: string, sla: FindingSla, userId: string, now: Date): Promise<void> {
  return saveSla(db, organizationId, processId, sla, userId, now);
}

/** A list's filter in the process (`overdue` as of `now`, by the process's SLA, which the statements read themselves). */
export function filterOf(organizationId: string, processId: string, visible: FindingVisibility, query: FindingsFilterQuery, now: Date): FindingFilter {
  const { category, severity, state, tool, scope, provider, account, region, service, standard, rule, q, overdue } = query;
  return { organizationId, processId, visible, category, severity, state, tool, scope, provider, account, region, service, standard, rule, q, ...(overdue ? { overdueAt: now } : {}) };
}

/** GET security/findings/trend: the filter's findings found, fixed and open per day over the last `days` days (UTC), oldest first. */
export async function findingTrend(db: Queryable, filter: FindingFilter, days: number, now: Date): Promise<FindingTrend> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const counts = await trendCounts(db, filter, start);
  const byDay = new Map(counts.days.map((day) => [day.day, day]));
  let open = counts.before.found - counts.before.fixed;
  const trend: FindingTrendDay[] = [];
  for (let index = 0; index < days; index += 1) {
    const date = new Date(start.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    const day = byDay.get(date);
    open += (day?.found ?? 0) - (day?.fixed ?? 0);
    trend.push({ date, new: day?.found ?? 0, fixed: day?.fixed ?? 0, open });
  }
  return { days: trend };
}

/** GET security/findings/groups: the filter's largest groups by a dimension, with their counts per severity. */
export async function findingGroupsOf(db: Queryable, filter: FindingFilter, by: FindingGroupDimension, limit: number): Promise<FindingGroupsPage> {
  const rows = await findingGroups(db, filter, by, limit);
  const groups = new Map<string | null, FindingGroup>();
  for (const row of rows) {
    let group = groups.get(row.key);
    if (!group) {
      group = { key: row.key, count: row.group_count, severity: Object.fromEntries(FINDING_SEVERITIES.map((name) => [name, 0])) as FindingGroup['severity'] };
      groups.set(row.key, group);
    }
    group.severity[row.severity] = row.count;
  }
  return { by, groups: [...groups.values()], total: rows[0]?.groups ?? 0 };
}

/**
 * GET security/findings: a page of the filter, the next page's cursor and — on the first page only
 * (no cursor), unless `counts=false` — its total and its counts per severity and category, as
 * SecurityFindingsPage's JSON text (its findings written by Postgres: page.repository.ts).
 * Counting 200,000 findings cost several times the page (issue 24 item 8's budget): the screens
 * read the page with `counts=false` and the counts in their own request (GET
 * security/findings/counts), so the page answers as fast as any other.
 */
export async function findingsList(db: Queryable, filter: FindingFilter, query: FindingsQuery): Promise<string> {
  const [page, counts] = await Promise.all([findingJsonPage(db, filter, query), query.after || !query.counts ? undefined : findingCounts(db, filter)]);
  const next = page.hasMore && page.last ? encodeKeysetCursor({ s: query.sort, o: query.order, k: page.last.key, i: page.last.id }) : null;
  const counted = counts ? `,"total":${counts.total},"totals":${JSON.stringify(counts.totals)}` : '';
  return `{"items":[${page.items.join(',')}],"next_cursor":${JSON.stringify(next)}${counted}}`;
}

/** GET security/findings/counts: the filter's total and its counts per severity and category. */
export async function findingCounts(db: Queryable, filter: FindingFilter): Promise<SecurityFindingCounts> {
  const rows = await findingTotals(db, filter);
  const severity = Object.fromEntries(FINDING_SEVERITIES.map((name) => [name, 0])) as FindingTotals['severity'];
  const category = Object.fromEntries(FINDING_CATEGORIES.map((name) => [name, 0])) as FindingTotals['category'];
  let total = 0;
  for (const row of rows) {
    severity[row.severity] += row.count;
    category[row.category] += row.count;
    total += row.count;
  }
  return { total, totals: { severity, category } };
}

/** GET security/findings/{id}: the finding with its history, oldest first; undefined when not the caller's to see. */
export async function findingDetail(
  db: Queryable,
  organizationId: string,
  processId: string,
  visible: FindingVisibility,
  id: string,
): Promise<SecurityFindingDetail | undefined> {
  const row = await findingOfProcess(db, organizationId, processId, id);
  if (!row || !sees(visible, row)) return undefined;
  const finding = findingView(row, (await slaOfProcess(db, organizationId, processId)).sla);
  const [history, related, linkedRequirements] = await Promise.all([
    historyOf(db, organizationId, id),
    relatedOf(db, organizationId, processId, finding, visible),
    requirementsOfFinding(db, id),
  ]);
  return {
    ...finding,
    related,
    linkedRequirements,
    history: history.map((event) => ({
      kind: event.kind as FindingHistoryEvent['kind'],
      from_state: event.from_state as FindingHistoryEvent['from_state'],
      to_state: event.to_state as FindingHistoryEvent['to_state'],
      at: iso(event.at),
      import_id: event.import_id,
      user_id: event.user_id,
      reason: event.reason,
    })),
  };
}

/** Findings of other tools in the same scope on the same CWE and location (the file's start line, or the cloud resource). */
async function relatedOf(db: Queryable, organizationId: string, processId: string, finding: ScopedSecurityFinding, visible: FindingVisibility): Promise<RelatedFinding[]> {
  const location = finding.location;
  const resource = location?.kind === 'code' ? location.file : location?.kind === 'cloud' ? location.resourceId : null;
  if (!resource || finding.rule.cwe.length === 0) return [];
  const line = location?.kind === 'code' ? (location.region?.startLine ?? null) : null;
  const rows = await relatedFindings(db, { organizationId, processId, scope: finding.scope, id: finding.id, tool: finding.tool.name, resource, line, cwe: finding.rule.cwe }, visible);
  return rows.map((row) => ({ id: row.id, tool: row.tool_name, ruleId: row.rule_id, severity: row.severity, state: row.state, title: row.title, cwe: row.cwe }));
}

/** Every finding of the filter in the list's sort, page by page from the start (the CSV export streams them). */
export async function* allFindings(db: Queryable, filter: FindingFilter, sorted: Pick<FindingsQuery, 'sort' | 'order'>, pageSize = 1000): AsyncGenerator<FindingRow> {
  const query: FindingsQuery = { counts: false, sort: sorted.sort, order: sorted.order, limit: pageSize };
  for (;;) {
    const page = await findingPage(db, filter, query);
    yield* page.rows;
    const last = page.rows.at(-1);
    if (!page.hasMore || !last) return;
    query.after = { key: last.sort_key ?? '', id: last.id };
  }
}

/** GET security/imports/{id}: an import's status and counts (recorded in its request, so always DONE); undefined when not the caller's. */
export async function findingImport(db: Queryable, organizationId: string, processId: string | null, id: string) {
  const row = await importOf(db, organizationId, processId, id);
  if (!row) return undefined;
  const runs = Array.isArray(row.runs) ? (row.runs as Array<{ findings?: number }>) : [];
  return {
    importId: row.id,
    status: 'DONE' as const,
    format: row.format,
    scope: row.scope,
    created_at: iso(row.created_at),
    findings: runs.reduce((sum, run) => sum + (typeof run.findings === 'number' ? run.findings : 0), 0),
    new: row.new_count,
    seen: row.seen_count,
    fixed: row.fixed_count,
    reopened: row.reopened_count,
    runs,
  };
}

/** The selected findings (POST export.sarif) as a SARIF 2.1.0 log; undefined when one of them is not the process's or not visible. */
export async function selectedFindingsAsSarif(db: Queryable, organizationId: string, processId: string, visible: FindingVisibility, ids: readonly string[]): Promise<object | undefined> {
  const rows = await findingRowsOfProcess(db, organizationId, processId, visible, ids);
  if (rows.length !== ids.length) return undefined;
  return sarifLogOf(rows.map((row) => findingView(row)));
}

/**
 * PUT security/findings/{id}/requirements: the finding's links replaced by `requirementIds` (the
 * process's live requirements); false when the finding is not the caller's to see, 'requirements'
 * when one of them is not a live requirement of the process. Told live as a change of the finding.
 */
export async function linkFindingRequirements(
  db: Database,
  process: EventScope,
  visible: FindingVisibility,
  findingId: string,
  requirementIds: readonly string[],
  who: { userId: string; sessionId: string; now: Date },
): Promise<FindingRequirementRef[] | 'finding' | 'requirements'> {
  return db.transaction(async (tx) => {
    const [finding] = await findingsOfProcess(tx, process.organizationId, process.processId, visible, [findingId]);
    if (!finding) return 'finding';
    const found = await liveRequirementsOf(tx, process.processId, requirementIds);
    if (found.length !== requirementIds.length) return 'requirements';
    await replaceFindingRequirements(tx, findingId, requirementIds, who.userId, who.now);
    await announceFindings(tx, process, { action: 'linked', ids: [findingId] }, who.sessionId);
    return requirementsOfFinding(tx, findingId);
  });
}
