// GET security/findings's page written by Postgres (issue 24 item 8; docs/benchmarks.md "Findings
// list"): each finding as the JSON text of ScopedSecurityFinding, its due date from the process's
// SLA in the same statement. Parsing 51 rows of 25 columns (a jsonb, three arrays, two timestamps
// each) into objects, building the contract's view and serializing it again through the response
// schema was most of the API's time per page; the route now sends these texts as they are.
// service.ts findingView says the same in TypeScript (the detail, the exports): page.test.ts holds
// every finding of a page equal to it.
import type { Queryable } from '../db/database';
import { pageStatement, slaSql, type FindingFilter, type FindingPageQuery } from './findings.repository';

/** A timestamp as findingView writes it (`Date.prototype.toISOString`: UTC, milliseconds, truncated as the driver truncates). */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The fields of a ScopedSecurityFinding as SQL over `s` (the finding), `r` (its rule's texts) and
 * `sla` (the process's SLA, `days`), in findingView's order.
 */
const FIELDS: Array<[string, string]> = [
  ['id', 's.id'],
  ['scope', 's.scope'],
  ['tool', "json_build_object('name', s.tool_name, 'version', s.tool_version)"],
  ['category', 's.category'],
  ['rule', "json_build_object('id', s.rule_id, 'name', r.name, 'help', r.help, 'cwe', coalesce(r.cwe, '{}'), 'tags', coalesce(r.tags, '{}'))"],
  ['severity', 's.severity'],
  ['toolSeverity', 's.tool_severity'],
  ['title', 's.title'],
  ['message', 's.message'],
  ['location', 's.location'],
  ['fingerprint', 's.fingerprint'],
  ['state', 's.state'],
  ['suppression', 's.suppression'],
  ['vulnerabilityIds', "coalesce(s.vulnerability_ids, '{}')"],
  ['reason', 's.reason'],
  ['expiresAt', "to_char(s.expires_at, 'YYYY-MM-DD')"],
  ['firstSeen', isoTime('s.first_seen')],
  ['lastSeen', isoTime('s.last_seen')],
  // findingDueDate: the first sighting's UTC day plus the severity's days; null without them.
  ['dueDate', "to_char((s.first_seen AT TIME ZONE 'UTC') + make_interval(days => (sla.days ->> s.severity)::int), 'YYYY-MM-DD')"],
  ['application', "CASE WHEN starts_with(s.scope, 'app:') THEN substr(s.scope, 5) END"],
  ['requirements', 'ARRAY(SELECT l.requirement_id::text FROM security_finding_requirements l WHERE l.finding_id = s.id ORDER BY l.requirement_id)'],
];

const FINDING_JSON = `json_build_object(${FIELDS.map(([name, sql]) => `'${name}', ${sql}`).join(',\n    ')})::text`;

export interface JsonPage {
  /** Each finding's JSON text, in the page's order. */
  items: string[];
  hasMore: boolean;
  /** Where the page ended (its last finding's sort key and id): the next page's cursor. */
  last?: { key: string; id: string };
}

/**
 * One page of the filter as JSON texts. Prepared on a Postgres server (parsing and planning this
 * statement was about as much of the server's time as running it) unless it searches: a plan made
 * for any search text would be the same for a text that matches a tenth of the process and one
 * that matches nothing, and only the estimates of the search's statistics tell them apart.
 */
export async function findingJsonPage(db: Queryable, filter: FindingFilter, page: FindingPageQuery): Promise<JsonPage> {
  const { sql, params } = pageStatement(filter, page, `${FINDING_JSON} AS finding, s.id`, `\n     CROSS JOIN (SELECT ${slaSql('$1', '$2')} AS days) sla`);
  const rows = await db.query<{ finding: string; id: string; sort_key: string }>(sql, params, { prepare: filter.q === undefined });
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return { items: shown.map((row) => row.finding), hasMore: rows.length > page.limit, last: last && { key: last.sort_key, id: last.id } };
}
