// The operations domain's findings in the database (migration 030): an imported file is upserted
// into its scope in batches (one statement per 5,000 findings, arrays through unnest), then what
// the file's tools no longer report in that scope turns fixed. Triage decisions are the people's
// and survive re-imports. docs/operations-findings.md.
import type { FindingImport, FindingState, FindingTriageState, ImportedFinding } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { replaceControlPasses } from './control-passes.repository';

/** Findings per INSERT: ~20 arrays of 5,000 values stay well inside a statement's limits. */
export const IMPORT_BATCH = 5000;

/** The unit separator joins a finding's lists into one text for string_to_array (and is removed from the values). */
const SEPARATOR = '\u001f';
const joined = (values: readonly string[]) => values.map((value) => value.split(SEPARATOR).join('')).join(SEPARATOR);

export interface ImportTarget {
  organizationId: string;
  processId: string;
  /** What one import replaces: an application or repository, a cloud account ('app:shop', 'aws:123456789012'). */
  scope: string;
  userId: string | null;
  now: Date;
}

export interface ImportSummary {
  importId: string;
  /** Findings of the file after de-duplication by fingerprint. */
  findings: number;
  new: number;
  seen: number;
  fixed: number;
  reopened: number;
}

/** A lone UTF-16 surrogate (half of a pair): JSON.parse makes one of a `\ud800` escape. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Postgres text holds no NUL, and its json refuses a lone surrogate's escape: a string that has
 * either is made storable (NUL removed, a lone surrogate replaced by U+FFFD, as the driver's UTF-8
 * encoding of a text column would). The rows go to Postgres as JSON (upsertBatch).
 */
function unstorable(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(unstorable);
  if (value && typeof value === 'object') return Object.values(value).some(unstorable);
  return false;
}

function storable<T>(value: T): T {
  if (typeof value === 'string') return value.split('\u0000').join('').replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [storable(key), storable(entry)])) as T;
  return value;
}

/**
 * One finding per fingerprint: a tool reporting one result twice (KICS, Gitleaks per commit) is
 * one finding. Strings are made storable (NUL, lone surrogates); an empty tool name or rule id gets a placeholder.
 */
export function distinctFindings(findings: readonly ImportedFinding[]): ImportedFinding[] {
  const byFingerprint = new Map<string, ImportedFinding>();
  for (const raw of findings) {
    if (byFingerprint.has(raw.fingerprint)) continue;
    const finding = unstorable(raw) ? storable(raw) : raw;
    byFingerprint.set(raw.fingerprint, {
      ...finding,
      tool: { ...finding.tool, name: finding.tool.name.trim() || '(unnamed tool)' },
      rule: { ...finding.rule, id: finding.rule.id || '(no rule id)' },
    });
  }
  return [...byFingerprint.values()];
}

async function upsertRules(tx: Queryable, organizationId: string, findings: readonly ImportedFinding[], now: string): Promise<void> {
  const rules = new Map<string, ImportedFinding>();
  for (const finding of findings) rules.set(`${finding.tool.name}${SEPARATOR}${finding.rule.id}`, finding);
  const list = [...rules.values()];
  for (let start = 0; start < list.length; start += IMPORT_BATCH) {
    const batch = list.slice(start, start + IMPORT_BATCH);
    await tx.query(
      `INSERT INTO security_finding_rules (organization_id, tool_name, rule_id, name, help, cwe, tags, updated_at)
       SELECT $1, r.tool, r.id, r.name, r.help, string_to_array(r.cwe, E'\\x1f'), string_to_array(r.tags, E'\\x1f'), $2
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS r (tool, id, name, help, cwe, tags)
       ON CONFLICT (organization_id, tool_name, rule_id) DO UPDATE
         SET name = EXCLUDED.name, help = EXCLUDED.help, cwe = EXCLUDED.cwe, tags = EXCLUDED.tags, updated_at = EXCLUDED.updated_at`,
      [
        organizationId,
        now,
        batch.map((finding) => finding.tool.name),
        batch.map((finding) => finding.rule.id),
        batch.map((finding) => finding.rule.name),
        batch.map((finding) => finding.rule.help),
        batch.map((finding) => joined(finding.rule.cwe)),
        batch.map((finding) => joined(finding.rule.tags)),
      ],
    );
  }
}

/**
 * Upserts one batch. Seen again, a finding takes the file's texts, severity and location and its
 * last_seen; its state follows the tool only while no person decided (open ↔ suppressed), and a
 * fixed one comes back open (or suppressed): a regression, with its event.
 */
async function upsertBatch(tx: Queryable, target: ImportTarget, importId: string, batch: readonly ImportedFinding[]): Promise<{ inserted: number; reopened: number }> {
  // The batch as one JSON text: JSON.stringify and Postgres's json parser are the cheapest way
  // in for 5,000 rows (a text array per column costs the driver's escaping of every value).
  const rows = JSON.stringify(
    batch.map((f) => ({
      fingerprint: f.fingerprint,
      tool_name: f.tool.name,
      tool_version: f.tool.version,
      category: f.category,
      rule_id: f.rule.id,
      severity: f.severity,
      tool_severity: f.toolSeverity,
      title: f.title,
      message: f.message,
      resource: f.location === null ? null : f.location.kind === 'code' ? f.location.file : f.location.resourceId,
      location: f.location,
      vulnerability_ids: f.vulnerabilityIds,
      suppressed: f.state === 'suppressed',
      suppression: f.suppression,
    })),
  );
  const [row] = await tx.query<{ inserted: number; reopened: number }>(
    `WITH incoming AS (
       SELECT * FROM jsonb_to_recordset($6::jsonb)
         AS f (fingerprint text, tool_name text, tool_version text, category text, rule_id text, severity text, tool_severity text, title text,
               message text, resource text, location jsonb, vulnerability_ids text[], suppressed boolean, suppression text)
     ),
     -- The scope's findings the file reports again (recordImport holds the scope's lock: no other
     -- import adds one meanwhile), then a plain INSERT of the others: cheaper than ON CONFLICT's
     -- speculative insertion of every row.
     seen AS (
       SELECT s.id, s.state, f.fingerprint FROM incoming f JOIN security_findings s
           ON s.organization_id = $1 AND s.process_id = $2 AND s.scope = $3 AND s.fingerprint = f.fingerprint
          FOR UPDATE OF s
     ),
     updated AS (
       UPDATE security_findings s SET
         tool_version = f.tool_version, category = f.category, rule_id = f.rule_id, severity = f.severity,
         tool_severity = f.tool_severity, title = f.title, message = f.message, resource = f.resource,
         location = f.location, vulnerability_ids = coalesce(f.vulnerability_ids, '{}'),
         tool_suppressed = f.suppressed, suppression = f.suppression,
         state = CASE WHEN seen.state IN ('open', 'suppressed', 'fixed') THEN (CASE WHEN f.suppressed THEN 'suppressed' ELSE 'open' END) ELSE seen.state END,
         fixed_at = NULL,
         reopened_at = CASE WHEN seen.state = 'fixed' THEN $4::timestamptz ELSE s.reopened_at END,
         last_seen = $4, last_import_id = $5
         FROM seen JOIN incoming f ON f.fingerprint = seen.fingerprint
        WHERE s.id = seen.id
       RETURNING s.id, s.state, seen.state = 'fixed' AS reopened
     ),
     inserted AS (
       INSERT INTO security_findings (organization_id, process_id, scope, fingerprint, tool_name, tool_version, category, rule_id, severity, tool_severity,
                                      title, message, resource, location, vulnerability_ids, state, tool_suppressed, suppression, first_seen, last_seen, last_import_id)
       SELECT $1, $2, $3, f.fingerprint, f.tool_name, f.tool_version, f.category, f.rule_id, f.severity, f.tool_severity,
              f.title, f.message, f.resource, f.location, coalesce(f.vulnerability_ids, '{}'),
              CASE WHEN f.suppressed THEN 'suppressed' ELSE 'open' END, f.suppressed, f.suppression, $4, $4, $5
         FROM incoming f WHERE NOT EXISTS (SELECT 1 FROM seen WHERE seen.fingerprint = f.fingerprint)
       RETURNING 1
     ),
     events AS (
       INSERT INTO security_finding_events (finding_id, at, kind, from_state, to_state, import_id)
       SELECT id, $4, 'reopened', 'fixed', state, $5 FROM updated WHERE reopened
     )
     SELECT (SELECT count(*) FROM inserted)::int AS inserted, (SELECT count(*) FROM updated WHERE reopened)::int AS reopened`,
    [target.organizationId, target.processId, target.scope, target.now.toISOString(), importId, rows],
  );
  return row;
}

/**
 * Records an imported file in its scope (call it inside a transaction: all of it or nothing).
 * Findings of the file's tools in the scope that the file no longer reports turn fixed, except
 * false positives, which stay what people said.
 */
export async function recordImport(tx: Queryable, target: ImportTarget, result: FindingImport): Promise<ImportSummary> {
  const findings = distinctFindings(result.findings);
  // One import of a scope at a time (two uploads of one repository at once, a sync and an upload):
  // each adds the findings it does not find (upsertBatch), and marks fixed what it did not report.
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('security-findings' || $1 || $2 || $3, 0))", [target.organizationId, target.processId, target.scope]);
  // The process held until the import commits (migration 049: no key checks each finding's): its
  // deletion waits, then takes these findings with it.
  const held = await tx.query('SELECT 1 FROM processes WHERE id = $1 AND organization_id = $2 FOR KEY SHARE', [target.processId, target.organizationId]);
  if (held.length === 0) throw new Error(`process ${target.processId} of organization ${target.organizationId} does not exist`);
  const [{ id: importId }] = await tx.query<{ id: string }>(
    `INSERT INTO security_finding_imports (organization_id, process_id, scope, format, runs, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING id`,
    [target.organizationId, target.processId, target.scope, result.format, JSON.stringify(storable(result.runs)), target.userId, target.now.toISOString()],
  );
  await upsertRules(tx, target.organizationId, findings, target.now.toISOString());
  let inserted = 0;
  let reopened = 0;
  for (let start = 0; start < findings.length; start += IMPORT_BATCH) {
    const counts = await upsertBatch(tx, target, importId, findings.slice(start, start + IMPORT_BATCH));
    inserted += counts.inserted;
    reopened += counts.reopened;
  }
  const tools = [...new Set(result.runs.map((run) => storable(run.tool.name).trim() || '(unnamed tool)'))];
  // The cloud controls its resources passed replace what the tools' last import said (compliance's cloud-control).
  await replaceControlPasses(tx, target, importId, tools, result.passedControls ?? []);
  const [{ fixed }] = await tx.query<{ fixed: number }>(
    `WITH gone AS (
       SELECT id, state FROM security_findings
        WHERE organization_id = $1 AND process_id = $2 AND scope = $3 AND tool_name = ANY($4::text[])
          AND last_import_id <> $5 AND state NOT IN ('fixed', 'false_positive')
        FOR UPDATE
     ),
     fixed AS (
       UPDATE security_findings s SET state = 'fixed', fixed_at = $6 FROM gone WHERE s.id = gone.id RETURNING s.id, gone.state AS from_state
     ),
     events AS (
       INSERT INTO security_finding_events (finding_id, at, kind, from_state, to_state, import_id)
       SELECT id, $6, 'fixed', from_state, 'fixed', $5 FROM fixed
     )
     SELECT count(*)::int AS fixed FROM fixed`,
    [target.organizationId, target.processId, target.scope, tools, importId, target.now.toISOString()],
  );
  const summary = { importId, findings: findings.length, new: inserted, seen: findings.length - inserted, fixed, reopened };
  await tx.query('UPDATE security_finding_imports SET new_count = $2, seen_count = $3, fixed_count = $4, reopened_count = $5 WHERE id = $1', [
    importId,
    summary.new,
    summary.seen,
    summary.fixed,
    summary.reopened,
  ]);
  return summary;
}

export interface TriageInput {
  organizationId: string;
  processId: string;
  ids: readonly string[];
  state: FindingTriageState;
  reason: string | null;
  expiresAt: string | null;
  userId: string;
  now: Date;
}

/**
 * Sets people's state on findings of the process (another organization's or process's ids are
 * not touched) and records it in their history. Resolves to the ids changed.
 */
export async function triageFindings(tx: Queryable, input: TriageInput): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `WITH chosen AS (
       SELECT id, state FROM security_findings
        WHERE organization_id = $1 AND process_id = $2 AND id = ANY($3::uuid[]) FOR UPDATE
     ),
     changed AS (
       UPDATE security_findings s
          SET state = $4, reason = $5, expires_at = $6, triaged_by = $7, triaged_at = $8
         FROM chosen WHERE s.id = chosen.id
       RETURNING s.id, chosen.state AS from_state
     ),
     events AS (
       INSERT INTO security_finding_events (finding_id, at, kind, from_state, to_state, user_id, reason)
       SELECT id, $8, 'triaged', from_state, $4, $7, $5 FROM changed
     )
     SELECT id FROM changed ORDER BY id`,
    [input.organizationId, input.processId, input.ids, input.state, input.reason, input.expiresAt, input.userId, input.now.toISOString()],
  );
  return rows.map((row) => row.id);
}

export interface StoredFindingRow {
  id: string;
  fingerprint: string;
  tool_name: string;
  rule_id: string;
  severity: string;
  state: FindingState;
  reason: string | null;
  first_seen: Date;
  last_seen: Date;
  fixed_at: Date | null;
  reopened_at: Date | null;
}

/** The findings of a scope, by fingerprint (for the import's callers and tests). */
export function findingsOfScope(db: Queryable, organizationId: string, processId: string, scope: string): Promise<StoredFindingRow[]> {
  return db.query<StoredFindingRow>(
    `SELECT id, fingerprint, tool_name, rule_id, severity, state, reason, first_seen, last_seen, fixed_at, reopened_at
       FROM security_findings WHERE organization_id = $1 AND process_id = $2 AND scope = $3 ORDER BY fingerprint`,
    [organizationId, processId, scope],
  );
}

export interface FindingEventRow {
  kind: string;
  from_state: string | null;
  to_state: string;
  at: Date;
  import_id: string | null;
  user_id: string | null;
  reason: string | null;
}

/** A finding's history, oldest first. */
export function historyOf(db: Queryable, organizationId: string, findingId: string): Promise<FindingEventRow[]> {
  return db.query<FindingEventRow>(
    `SELECT e.kind, e.from_state, e.to_state, e.at, e.import_id, e.user_id, e.reason
       FROM security_finding_events e JOIN security_findings s ON s.id = e.finding_id
      WHERE s.organization_id = $1 AND e.finding_id = $2 ORDER BY e.at, e.id`,
    [organizationId, findingId],
  );
}

/** The tools with findings in the target's scope (a cloud sync replaces the whole scope, every tool of it). */
export async function toolsOfScope(db: Queryable, target: ImportTarget): Promise<Array<{ tool_name: string; category: FindingImport['runs'][number]['category'] }>> {
  return db.query(
    `SELECT DISTINCT ON (tool_name) tool_name, category FROM security_findings
      WHERE organization_id = $1 AND process_id = $2 AND scope = $3 ORDER BY tool_name`,
    [target.organizationId, target.processId, target.scope],
  );
}
