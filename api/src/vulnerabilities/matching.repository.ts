// SQL of matching (matching.ts): the compact affected entries of packages and the details of the
// advisories involved, each as one text the matcher splits, and the known exploited CVEs.
import type { Queryable } from '../db/database';
import type { OsvPackage } from './purl';

/** The affected entries of the packages: 'n␟vulnerability id␟compact' joined by ␞, n the package's 1-based index. */
export async function affectedEntriesOf(db: Queryable, batch: ReadonlyArray<Pick<OsvPackage, 'ecosystem' | 'name'>>): Promise<string> {
  const [result] = await db.query<{ entries: string | null }>(
    `SELECT string_agg(concat_ws(chr(31), p.n::text, a.vulnerability_id, a.compact), chr(30) ORDER BY p.n) AS entries
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(ecosystem, name, n)
       JOIN vulnerability_affected a ON a.ecosystem = p.ecosystem AND a.name = p.name`,
    [batch.map((k) => k.ecosystem), batch.map((k) => k.name)],
  );
  return result?.entries ?? '';
}

/** The advisories' id, aliases, summary and severity, fields joined by ␟ and advisories by ␞; null when none is found. */
export async function vulnerabilityEntriesOf(db: Queryable, ids: readonly string[]): Promise<string | null> {
  const [details] = await db.query<{ entries: string | null }>(
    `SELECT string_agg(concat_ws(chr(31), v.id, array_to_string(v.aliases, chr(29)),
                coalesce(translate(v.summary, chr(29) || chr(30) || chr(31), '   '), chr(21)), v.severity_rating,
                coalesce(v.severity_score::text, ''), coalesce(translate(v.severity_vector, chr(29) || chr(30) || chr(31), '   '), chr(21))), chr(30)) AS entries
       FROM vulnerabilities v WHERE v.id = ANY($1::text[])`,
    [ids],
  );
  return details?.entries ?? null;
}

/** The CVE ids of the known exploited vulnerabilities catalog. */
export async function knownExploitedCves(db: Queryable): Promise<string[]> {
  return (await db.query<{ cve_id: string }>('SELECT cve_id FROM known_exploited_vulnerabilities')).map((row) => row.cve_id);
}
