// Matching components (by purl) against the vulnerability database: the affected entries of every
// distinct (ecosystem, name) are loaded in one query, then evaluated in memory with OSV's rules,
// then the vulnerabilities found are loaded in a second query (severity, aliases, KEV status).
import type { Queryable } from '../db/database';
import { decodeAffected } from './compact';
import { Evaluator, fixedVersions } from './evaluate';
import { affectedEntriesOf, knownExploitedCves, vulnerabilityEntriesOf } from './matching.repository';
import type { OsvRange } from './osv';
import { osvPackageOf, type OsvPackage } from './purl';
import type { SeverityRating } from './severity';

export interface ComponentRef {
  purl: string;
  bomRef?: string;
}

export interface Finding {
  purl: string;
  bomRef?: string;
  ecosystem: string;
  /** The package name as OSV names it (normalized). */
  package: string;
  version: string | null;
  /** The advisory's id; `aliases` holds every other id of the same vulnerability (merged records included). */
  vulnerabilityId: string;
  aliases: string[];
  summary: string | null;
  severity: SeverityRating;
  /** CVSS base score computed from `vector`; null when the advisory has none. */
  score: number | null;
  vector: string | null;
  fixedVersions: string[];
  /** In CISA's catalog of known exploited vulnerabilities (by id or alias). */
  activeExploit: boolean;
  /** 'not-evaluated': the advisory names the package but its ranges cannot be evaluated (see `reason`). */
  evaluation: 'affected' | 'not-evaluated';
  reason?: string;
}

interface AffectedRow {
  vulnerability_id: string;
  ecosystem: string;
  name: string;
  versions: readonly string[];
  ranges: OsvRange[];
}

interface VulnerabilityRow {
  id: string;
  aliases: string[];
  summary: string | null;
  severity_rating: SeverityRating;
  severity_score: string | number | null;
  severity_vector: string | null;
}

const SEPARATOR = '\u0000';
/**
 * Packages whose affected entries one query loads: the embedded database's memory grows to hold
 * the largest answer and never shrinks (10,000 packages: +190 MB RSS on a 50,000-component SBOM;
 * 2,000: +100 MB, and faster).
 */
const PACKAGES_PER_QUERY = 2_000;
/** Vulnerabilities one query loads (their summaries are most of the text). */
const VULNERABILITIES_PER_QUERY = 5_000;

interface Hit {
  id: string;
  evaluation: 'affected' | 'not-evaluated';
  reason?: string;
  /** May repeat a version; made unique when the finding is made (a Set per hit is memory 94,000 times over). */
  fixed: string[];
}

/** Groups hits of one component whose ids name each other (a GHSA and the CVE record of the same flaw). */
function mergeAliases(hits: Hit[], vulnerabilities: ReadonlyMap<string, VulnerabilityRow>): Hit[][] {
  if (hits.length < 2) return hits.map((hit) => [hit]);
  const parent = hits.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const owner = new Map<string, number>();
  hits.forEach((hit, i) => {
    for (const name of [hit.id, ...(vulnerabilities.get(hit.id)?.aliases ?? [])]) {
      const other = owner.get(name);
      if (other === undefined) owner.set(name, i);
      else parent[find(i)] = find(other);
    }
  });
  const groups = new Map<number, Hit[]>();
  hits.forEach((hit, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(hit);
    else groups.set(root, [hit]);
  });
  return [...groups.values()];
}

function score(row: VulnerabilityRow | undefined): number | null {
  return row?.severity_score === null || row?.severity_score === undefined ? null : Number(row.severity_score);
}

/** Evaluates the components of one package against its affected entries. */
function evaluatePackage(
  evaluator: Evaluator,
  entries: readonly AffectedRow[],
  componentIndexes: readonly number[],
  packages: readonly (OsvPackage | null)[],
  perComponent: Hit[][],
  involved: Set<string>,
): void {
  for (const index of componentIndexes) {
    const version = packages[index]?.version ?? null;
    const hits = new Map<string, Hit>();
    for (const entry of entries) {
      const evaluation = evaluator.evaluate(entry, version);
      if (evaluation.status === 'not-affected') continue;
      const hit = hits.get(entry.vulnerability_id);
      if (evaluation.status === 'affected') {
        if (hit && hit.evaluation === 'affected') hit.fixed.push(...fixedVersions(entry));
        else hits.set(entry.vulnerability_id, { id: entry.vulnerability_id, evaluation: 'affected', fixed: fixedVersions(entry) });
      } else if (!hit) {
        hits.set(entry.vulnerability_id, { id: entry.vulnerability_id, evaluation: 'not-evaluated', reason: evaluation.reason, fixed: fixedVersions(entry) });
      }
    }
    perComponent[index] = [...hits.values()];
    for (const id of hits.keys()) involved.add(id);
  }
}

export interface MatchOptions {
  /** Told how long each step took (benchmarks). */
  trace?: (step: string, milliseconds: number, cpuMilliseconds: number) => void;
}

/**
 * The findings of `components`: one per (component, vulnerability) that affects it, plus the
 * advisories of its package that could not be evaluated (GIT ranges, an unparseable version).
 * Components without a purl of a supported type have no findings.
 */
export async function matchComponents(db: Queryable, components: readonly ComponentRef[], options: MatchOptions = {}): Promise<Finding[]> {
  let mark = performance.now();
  let cpuMark = process.cpuUsage();
  const step = (name: string): void => {
    if (!options.trace) return;
    const now = performance.now();
    const cpu = process.cpuUsage(cpuMark);
    const memory = process.memoryUsage();
    const mb = (bytes: number): number => Math.round(bytes / 1048576);
    options.trace(`${name} [RSS ${mb(memory.rss)} MB: heap ${mb(memory.heapUsed)}, external ${mb(memory.external)}]`, now - mark, (cpu.user + cpu.system) / 1000);
    mark = now;
    cpuMark = process.cpuUsage();
  };
  const packages = components.map((component) => osvPackageOf(component.purl));
  // The components of each distinct package.
  const byPackage = new Map<string, { ecosystem: string; name: string; components: number[] }>();
  packages.forEach((pkg, index) => {
    if (!pkg) return;
    const key = `${pkg.ecosystem}${SEPARATOR}${pkg.name}`;
    const entry = byPackage.get(key);
    if (entry) entry.components.push(index);
    else byPackage.set(key, { ecosystem: pkg.ecosystem, name: pkg.name, components: [index] });
  });
  if (byPackage.size === 0) return [];

  const perComponent: Hit[][] = [];
  const involved = new Set<string>();
  const distinct = [...byPackage.values()];
  // The affected entries of a batch of packages in one query, as one text (fields split by U+001F,
  // entries by U+001E; ids and versions hold no control characters, import refuses them): far
  // cheaper to transfer than one row per entry. Batches keep the text, and the memory the embedded
  // database grows to hold it, small; each package's entries are decoded, evaluated and dropped.
  let loaded = 0;
  let transferred = 0;
  for (let from = 0; from < distinct.length; from += PACKAGES_PER_QUERY) {
    const batch = distinct.slice(from, from + PACKAGES_PER_QUERY);
    const text = await affectedEntriesOf(db, batch);
    transferred += text.length;
    // Ordered by package: each package's entries are consecutive.
    let position = 0;
    while (position < text.length) {
      let end = text.indexOf('\u001e', position);
      if (end === -1) end = text.length;
      const [n, vulnerabilityId, compact] = text.slice(position, end).split('\u001f');
      position = end + 1;
      const pkg = batch[Number(n) - 1];
      const entries: AffectedRow[] = [];
      const add = (id: string, encoded: string): void => {
        const { versions, ranges } = decodeAffected(encoded);
        entries.push({ vulnerability_id: id, ecosystem: pkg.ecosystem, name: pkg.name, versions, ranges });
      };
      add(vulnerabilityId, compact);
      while (position < text.length && text.startsWith(`${n}\u001f`, position)) {
        let stop = text.indexOf('\u001e', position);
        if (stop === -1) stop = text.length;
        const [, id, more] = text.slice(position, stop).split('\u001f');
        add(id, more);
        position = stop + 1;
      }
      loaded += entries.length;
      // An evaluator per package: its caches (parsed versions, sorted events) go with the package.
      evaluatePackage(new Evaluator(), entries, pkg.components, packages, perComponent, involved);
    }
  }
  step(`load and evaluate ${loaded} affected entries of ${byPackage.size} packages (${Math.round(transferred / 1024)} kB)`);
  if (involved.size === 0) return [];

  // The vulnerabilities found (narrow rows), and CISA's catalog (small) to flag them.
  const vulnerabilities = new Map<string, VulnerabilityRow>();
  // Plain text, no JSON per row: aliases joined by U+001D (ids hold no control characters), texts
  // with those separators blanked, U+0015 for null.
  const orNull = (text: string): string | null => (text === '\u0015' ? null : text);
  const ids = [...involved];
  // In batches, like the entries above: one text of 70,000 summaries grows the embedded
  // database's memory by as much, for good.
  for (let from = 0; from < ids.length; from += VULNERABILITIES_PER_QUERY) {
    const details = await vulnerabilityEntriesOf(db, ids.slice(from, from + VULNERABILITIES_PER_QUERY));
    for (const line of details ? details.split('\u001e') : []) {
      const [id, aliases, summary, rating, scoreText, vector] = line.split('\u001f');
      vulnerabilities.set(id, {
        id,
        aliases: aliases === '' ? [] : aliases.split('\u001d'),
        summary: orNull(summary),
        severity_rating: rating as SeverityRating,
        severity_score: scoreText === '' ? null : Number(scoreText),
        severity_vector: orNull(vector),
      });
    }
  }
  const catalog = new Set(await knownExploitedCves(db));
  const exploited = new Set<string>();
  for (const row of vulnerabilities.values()) {
    if (catalog.has(row.id.toUpperCase()) || row.aliases.some((alias) => catalog.has(alias.toUpperCase()))) exploited.add(row.id);
  }
  step(`load ${vulnerabilities.size} vulnerabilities`);

  const findings: Finding[] = [];
  components.forEach((component, index) => {
    const pkg = packages[index];
    if (!pkg) return;
    for (const group of mergeAliases(perComponent[index] ?? [], vulnerabilities)) {
      // The record that speaks for the group: an affected one, the best scored, then by id.
      group.sort(
        (a, b) =>
          (a.evaluation === 'affected' ? 0 : 1) - (b.evaluation === 'affected' ? 0 : 1) ||
          (score(vulnerabilities.get(b.id)) ?? -1) - (score(vulnerabilities.get(a.id)) ?? -1) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      const primary = group[0];
      const row = vulnerabilities.get(primary.id);
      const ids = new Set<string>();
      const fixed = new Set<string>();
      for (const hit of group) {
        ids.add(hit.id);
        for (const alias of vulnerabilities.get(hit.id)?.aliases ?? []) ids.add(alias);
        if (hit.evaluation === primary.evaluation) for (const version of hit.fixed) fixed.add(version);
      }
      ids.delete(primary.id);
      const finding: Finding = {
        purl: component.purl,
        ecosystem: pkg.ecosystem,
        package: pkg.name,
        version: pkg.version,
        vulnerabilityId: primary.id,
        aliases: [...ids].sort(),
        summary: row?.summary ?? null,
        severity: row?.severity_rating ?? 'UNKNOWN',
        score: score(row),
        vector: row?.severity_vector ?? null,
        fixedVersions: [...fixed],
        activeExploit: group.some((hit) => exploited.has(hit.id)),
        evaluation: primary.evaluation,
      };
      if (component.bomRef !== undefined) finding.bomRef = component.bomRef;
      if (primary.reason !== undefined) finding.reason = primary.reason;
      findings.push(finding);
    }
  });
  step('findings');
  return findings;
}


