// Storing OSV advisories and the KEV catalog: bulk statements (unnest) in one transaction per batch.
import type { Advisory, KevImportCounts, VulnerabilitySeverity } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { encodeAffected } from './compact';
import { osvProblem, type OsvRecord } from './osv';
import { baseEcosystem, normalizePackageName } from './purl';
import { severityOf } from './severity';

export interface AdvisoryImportCounts {
  /** Records read (valid or not). */
  read: number;
  added: number;
  updated: number;
  /** Already stored with the same or a newer `modified`. */
  unchanged: number;
  /** Withdrawn records: skipped, and removed when an earlier import had stored them. */
  withdrawn: number;
  removed: number;
  invalid: number;
  /** The first problems met (invalid records, unreadable files), for the operator. */
  problems: string[];
}

export function emptyAdvisoryCounts(): AdvisoryImportCounts {
  return { read: 0, added: 0, updated: 0, unchanged: 0, withdrawn: 0, removed: 0, invalid: 0, problems: [] };
}

const MAX_PROBLEMS = 50;

export function noteProblem(counts: AdvisoryImportCounts, problem: string): void {
  if (counts.problems.length < MAX_PROBLEMS) counts.problems.push(problem);
}

/** Told, after an import has committed, which vulnerabilities it added or changed (continuous monitoring listens). */
export type AdvisoriesImportedListener = (database: Database, ids: readonly string[]) => void;
const importedListeners = new Set<AdvisoriesImportedListener>();

/** Calls `listener` after each committed advisory or KEV import; answers the function that stops it. */
export function onAdvisoriesImported(listener: AdvisoriesImportedListener): () => void {
  importedListeners.add(listener);
  return () => importedListeners.delete(listener);
}

function announceImported(database: Database, ids: readonly string[]): void {
  if (ids.length > 0) for (const listener of importedListeners) listener(database, ids);
}

function time(value: unknown): number {
  return value instanceof Date ? value.getTime() : Date.parse(String(value));
}

/**
 * Imports a batch of OSV records (parsed JSON) in one transaction: new ids are added, newer
 * records replace older ones (with their aliases and affected packages), withdrawn ones are
 * removed. Several records of one id in a batch: the newest counts.
 */
export async function importOsvBatch(database: Database, inputs: readonly unknown[], counts = emptyAdvisoryCounts()): Promise<AdvisoryImportCounts> {
  const newest = new Map<string, OsvRecord>();
  for (const input of inputs) {
    counts.read += 1;
    const problem = osvProblem(input);
    if (problem) {
      counts.invalid += 1;
      noteProblem(counts, problem);
      continue;
    }
    const record = input as OsvRecord;
    const seen = newest.get(record.id);
    if (seen) counts.unchanged += 1;
    if (!seen || Date.parse(record.modified) > Date.parse(seen.modified)) newest.set(record.id, record);
  }
  if (newest.size === 0) return counts;
  let written: string[] = [];
  await database.transaction(async (tx) => {
    const existing = new Map<string, number>();
    const rows = await tx.query<{ id: string; modified: unknown }>('SELECT id, modified FROM vulnerabilities WHERE id = ANY($1::text[])', [[...newest.keys()]]);
    for (const row of rows) existing.set(row.id, time(row.modified));

    const withdrawn: string[] = [];
    const writes: OsvRecord[] = [];
    for (const record of newest.values()) {
      if (record.withdrawn) {
        counts.withdrawn += 1;
        if (existing.has(record.id)) withdrawn.push(record.id);
        continue;
      }
      const stored = existing.get(record.id);
      if (stored !== undefined && stored >= Date.parse(record.modified)) {
        counts.unchanged += 1;
        continue;
      }
      if (stored === undefined) counts.added += 1;
      else counts.updated += 1;
      writes.push(record);
    }
    if (withdrawn.length > 0) {
      await tx.query('DELETE FROM vulnerabilities WHERE id = ANY($1::text[])', [withdrawn]);
      counts.removed += withdrawn.length;
    }
    if (writes.length > 0) await writeRecords(tx, writes, existing);
    written = writes.map((record) => record.id);
  });
  announceImported(database, written);
  return counts;
}

async function writeRecords(tx: Queryable, records: OsvRecord[], existing: ReadonlyMap<string, number>): Promise<void> {
  const replaced = records.filter((record) => existing.has(record.id)).map((record) => record.id);
  if (replaced.length > 0) {
    await tx.query('DELETE FROM vulnerability_aliases WHERE vulnerability_id = ANY($1::text[])', [replaced]);
    await tx.query('DELETE FROM vulnerability_affected WHERE vulnerability_id = ANY($1::text[])', [replaced]);
  }
  const columns = {
    id: [] as string[],
    aliases: [] as string[],
    summary: [] as (string | null)[],
    published: [] as (string | null)[],
    modified: [] as string[],
    vector: [] as (string | null)[],
    score: [] as (number | null)[],
    rating: [] as string[],
    record: [] as string[],
  };
  const alias = { alias: [] as string[], id: [] as string[] };
  const affected = {
    id: [] as string[],
    position: [] as number[],
    ecosystem: [] as string[],
    name: [] as string[],
    purl: [] as (string | null)[],
    versions: [] as string[],
    ranges: [] as string[],
    compact: [] as string[],
  };
  for (const record of records) {
    const aliases = [...new Set((record.aliases ?? []).filter((a) => a !== record.id))];
    const severity = severityOf(record);
    columns.id.push(record.id);
    columns.aliases.push(JSON.stringify(aliases));
    columns.summary.push(record.summary ?? null);
    columns.published.push(record.published && !Number.isNaN(Date.parse(record.published)) ? record.published : null);
    columns.modified.push(record.modified);
    columns.vector.push(severity.vector);
    columns.score.push(severity.score);
    columns.rating.push(severity.rating);
    columns.record.push(JSON.stringify(record));
    for (const name of [record.id, ...aliases]) {
      alias.alias.push(name);
      alias.id.push(record.id);
    }
    (record.affected ?? []).forEach((entry, position) => {
      if (!entry.package) return; // no package: nothing to match by (e.g. GIT-only records)
      const ecosystem = baseEcosystem(entry.package.ecosystem);
      affected.id.push(record.id);
      affected.position.push(position);
      affected.ecosystem.push(ecosystem);
      affected.name.push(normalizePackageName(ecosystem, entry.package.name));
      affected.purl.push(entry.package.purl ?? null);
      affected.versions.push(JSON.stringify(entry.versions ?? []));
      affected.ranges.push(JSON.stringify(entry.ranges ?? []));
      affected.compact.push(encodeAffected(entry.versions ?? [], entry.ranges ?? []));
    });
  }
  await tx.query(
    `INSERT INTO vulnerabilities (id, aliases, summary, published, modified, severity_vector, severity_score, severity_rating)
     SELECT u.id, ARRAY(SELECT jsonb_array_elements_text(u.aliases::jsonb)), u.summary, u.published, u.modified, u.vector, u.score, u.rating
     FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[], $7::numeric[], $8::text[])
       AS u(id, aliases, summary, published, modified, vector, score, rating)
     ON CONFLICT (id) DO UPDATE SET aliases = EXCLUDED.aliases, summary = EXCLUDED.summary,
       published = EXCLUDED.published, modified = EXCLUDED.modified, severity_vector = EXCLUDED.severity_vector,
       severity_score = EXCLUDED.severity_score, severity_rating = EXCLUDED.severity_rating, imported_at = now()`,
    [columns.id, columns.aliases, columns.summary, columns.published, columns.modified, columns.vector, columns.score, columns.rating],
  );
  await tx.query(
    `INSERT INTO vulnerability_records (vulnerability_id, record)
     SELECT u.id, u.record::jsonb FROM unnest($1::text[], $2::text[]) AS u(id, record)
     ON CONFLICT (vulnerability_id) DO UPDATE SET record = EXCLUDED.record`,
    [columns.id, columns.record],
  );
  await tx.query(
    `INSERT INTO vulnerability_aliases (alias, vulnerability_id)
     SELECT DISTINCT u.alias, u.id FROM unnest($1::text[], $2::text[]) AS u(alias, id) ON CONFLICT DO NOTHING`,
    [alias.alias, alias.id],
  );
  if (affected.id.length > 0) {
    await tx.query(
      `INSERT INTO vulnerability_affected (vulnerability_id, position, ecosystem, name, purl, versions, ranges, compact)
       SELECT u.id, u.position, u.ecosystem, u.name, u.purl, u.versions::jsonb, u.ranges::jsonb, u.compact
       FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
         AS u(id, position, ecosystem, name, purl, versions, ranges, compact)`,
      [affected.id, affected.position, affected.ecosystem, affected.name, affected.purl, affected.versions, affected.ranges, affected.compact],
    );
  }
}

/** What a KEV import did: the contract of POST /api/vulnerabilities/kev. */
export type { KevImportCounts };

interface KevEntry {
  cveID: string;
  vendorProject?: string;
  product?: string;
  vulnerabilityName?: string;
  dateAdded?: string;
  shortDescription?: string;
  requiredAction?: string;
  dueDate?: string;
  knownRansomwareCampaignUse?: string;
  notes?: string;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function day(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/** Why `value` is not a KEV catalog (CISA's JSON feed), or undefined. */
export function kevProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { vulnerabilities?: unknown }).vulnerabilities)) {
    return "a KEV catalog is a JSON object with a 'vulnerabilities' array (CISA's known_exploited_vulnerabilities.json)";
  }
  return undefined;
}

/** Imports a KEV catalog in one transaction: each CVE added or updated. */
export async function importKevCatalog(database: Database, catalog: unknown): Promise<KevImportCounts> {
  const problem = kevProblem(catalog);
  if (problem) throw new Error(problem);
  const { catalogVersion, vulnerabilities } = catalog as { catalogVersion?: unknown; vulnerabilities: unknown[] };
  const counts: KevImportCounts = { catalogVersion: text(catalogVersion), read: vulnerabilities.length, added: 0, updated: 0, invalid: 0 };
  const entries = new Map<string, KevEntry>();
  for (const item of vulnerabilities) {
    const cve = typeof item === 'object' && item !== null ? (item as KevEntry).cveID : undefined;
    if (typeof cve !== 'string' || !/^CVE-\d{4}-\d+$/i.test(cve.trim())) {
      counts.invalid += 1;
      continue;
    }
    entries.set(cve.trim().toUpperCase(), item as KevEntry);
  }
  const ids = [...entries.keys()];
  const values = [...entries.values()];
  await database.transaction(async (tx) => {
    const existing = await tx.query<{ cve_id: string }>('SELECT cve_id FROM known_exploited_vulnerabilities WHERE cve_id = ANY($1::text[])', [ids]);
    counts.updated = existing.length;
    counts.added = ids.length - existing.length;
    await tx.query(
      `INSERT INTO known_exploited_vulnerabilities (cve_id, vendor_project, product, vulnerability_name, date_added, short_description,
         required_action, due_date, known_ransomware_campaign_use, notes, catalog_version)
       SELECT u.*, $11 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::text[], $7::text[], $8::date[], $9::text[], $10::text[])
         AS u(cve_id, vendor_project, product, vulnerability_name, date_added, short_description, required_action, due_date, known_ransomware_campaign_use, notes)
       ON CONFLICT (cve_id) DO UPDATE SET vendor_project = EXCLUDED.vendor_project, product = EXCLUDED.product,
         vulnerability_name = EXCLUDED.vulnerability_name, date_added = EXCLUDED.date_added, short_description = EXCLUDED.short_description,
         required_action = EXCLUDED.required_action, due_date = EXCLUDED.due_date,
         known_ransomware_campaign_use = EXCLUDED.known_ransomware_campaign_use, notes = EXCLUDED.notes,
         catalog_version = EXCLUDED.catalog_version, imported_at = now()`,
      [
        ids,
        values.map((e) => text(e.vendorProject)),
        values.map((e) => text(e.product)),
        values.map((e) => text(e.vulnerabilityName)),
        values.map((e) => day(e.dateAdded)),
        values.map((e) => text(e.shortDescription)),
        values.map((e) => text(e.requiredAction)),
        values.map((e) => day(e.dueDate)),
        values.map((e) => text(e.knownRansomwareCampaignUse)),
        values.map((e) => text(e.notes)),
        counts.catalogVersion,
      ],
    );
  });
  announceImported(database, ids);
  return counts;
}

export interface KnownExploited {
  cveId: string;
  vendorProject: string | null;
  product: string | null;
  vulnerabilityName: string | null;
  dateAdded: string | null;
  dueDate: string | null;
  knownRansomwareCampaignUse: string | null;
}

/** GET vulnerabilities/{id}: the contract's Advisory (every other id merged into `aliases`, the OSV record as imported). */
export type VulnerabilityDetail = Advisory;

/** A timestamp column as ISO 8601 (null stays null). */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function isoDay(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value).slice(0, 10);
}

/** A vulnerability by its id or any alias (the record with that very id first); undefined when unknown. */
export async function findVulnerability(db: Queryable, idOrAlias: string): Promise<VulnerabilityDetail | undefined> {
  const [row] = await db.query<{
    id: string;
    aliases: string[];
    summary: string | null;
    details: string | null;
    published: unknown;
    modified: unknown;
    /** One of the contract's ratings (the importer stores only those). */
    severity_rating: VulnerabilitySeverity;
    severity_score: string | number | null;
    severity_vector: string | null;
    record: OsvRecord;
  }>(
    `SELECT v.id, v.aliases, v.summary, r.record->>'details' AS details, v.published, v.modified, v.severity_rating, v.severity_score,
            v.severity_vector, r.record
     FROM vulnerability_aliases a JOIN vulnerabilities v ON v.id = a.vulnerability_id JOIN vulnerability_records r ON r.vulnerability_id = v.id
     WHERE a.alias = $1 OR a.alias = upper($1)
     ORDER BY (v.id = $1) DESC, (v.id = upper($1)) DESC, v.id LIMIT 1`,
    [idOrAlias],
  );
  if (!row) return undefined;
  const names = [row.id, ...row.aliases];
  const merged = await db.query<{ vulnerability_id: string }>(
    'SELECT DISTINCT vulnerability_id FROM vulnerability_aliases WHERE alias = ANY($1::text[]) AND vulnerability_id <> $2 ORDER BY vulnerability_id',
    [names, row.id],
  );
  const aliases = [...new Set([...row.aliases, ...merged.map((m) => m.vulnerability_id)])].filter((alias) => alias !== row.id);
  const kev = await db.query<{
    cve_id: string;
    vendor_project: string | null;
    product: string | null;
    vulnerability_name: string | null;
    date_added: unknown;
    due_date: unknown;
    known_ransomware_campaign_use: string | null;
  }>(
    `SELECT cve_id, vendor_project, product, vulnerability_name, date_added::text AS date_added, due_date::text AS due_date,
       known_ransomware_campaign_use
     FROM known_exploited_vulnerabilities WHERE cve_id = ANY($1::text[]) ORDER BY cve_id`,
    [[row.id, ...aliases].map((name) => name.toUpperCase())],
  );
  return {
    id: row.id,
    aliases,
    summary: row.summary,
    details: row.details,
    published: iso(row.published),
    modified: iso(row.modified) as string,
    severity: row.severity_rating,
    score: row.severity_score === null ? null : Number(row.severity_score),
    vector: row.severity_vector,
    activeExploit: kev.length > 0,
    knownExploited: kev.map((k) => ({
      cveId: k.cve_id,
      vendorProject: k.vendor_project,
      product: k.product,
      vulnerabilityName: k.vulnerability_name,
      dateAdded: isoDay(k.date_added),
      dueDate: isoDay(k.due_date),
      knownRansomwareCampaignUse: k.known_ransomware_campaign_use,
    })),
    record: row.record,
  };
}

/** Refreshes the planner's statistics of the advisory tables (after a large import). */
export async function analyzeVulnerabilityTables(database: Database): Promise<void> {
  await database.exec('ANALYZE vulnerabilities, vulnerability_aliases, vulnerability_affected');
}
