// The portfolio of the monitoring bench (portfolio.ts): an organization of 10 processes × 100
// applications with continuous monitoring on, each with one processed build of 1,000 components
// drawn from a pool of 20,000 npm and Maven packages (popular ones far more often: a component's
// package is the pool's ⌊n·u²⌋th for a uniform u), written with bulk SQL — the upload path
// processes a build of 1,000 components in ~0.1-0.2 s, 1,000 of them would be minutes spent on
// what is not measured. And the import: OSV records of 5,000 advisories over 1,000 of the pool's
// packages (five each, each affecting one major line's first ten minor versions).
import type { Database } from '../src/db/database';
import type { OsvRecord } from '../src/vulnerabilities/osv';
import { componentPackageKey } from '../src/vulnerabilities/purl';

export interface WorldSize {
  processes: number;
  appsPerProcess: number;
  components: number;
  packages: number;
  advisories: number;
  advisedPackages: number;
}

const WORDS = (
  'react lodash express axios chalk debug uuid yargs commander moment request async bluebird glob minimist semver ws qs body ' +
  'parser core utils tools client server plugin loader config cli stream http json schema format date color string array object ' +
  'path file promise event emitter cache store router view model data auth token crypto hash parse render style test mock log spring'
).split(' ');
const W = WORDS.length;

interface Package {
  ecosystem: 'npm' | 'Maven';
  /** As OSV names it. */
  name: string;
  /** The component's group and name columns, as an SBOM writes them. */
  group: string | null;
  component: string;
  /** The purl without its version. */
  purl: string;
}

/** The pool's package number `i`: even numbers npm (plain, scoped or '-js'), odd ones Maven. */
export function packageOf(i: number): Package {
  const n = Math.floor(i / 2);
  const [a, b, c] = [WORDS[n % W]!, WORDS[Math.floor(n / W) % W]!, WORDS[Math.floor(n / (W * W)) % W]!];
  const variant = Math.floor(n / (W * W)) % 3;
  if (i % 2 === 0) {
    if (variant === 1) return { ecosystem: 'npm', name: `@${a}/${b}-${c}`, group: `@${a}`, component: `${b}-${c}`, purl: `pkg:npm/%40${a}/${b}-${c}` };
    const name = variant === 0 ? `${a}-${b}${n >= W * W ? `-${c}` : ''}` : `${a}-${b}-${c}-js`;
    return { ecosystem: 'npm', name, group: null, component: name, purl: `pkg:npm/${name}` };
  }
  const group = `${n % 2 === 0 ? 'org' : 'com'}.${a}${variant === 2 ? `.${c}` : ''}`;
  const artifact = `${b}-${c}${variant === 1 ? '-core' : ''}`;
  return { ecosystem: 'Maven', name: `${group}:${artifact}`, group, component: artifact, purl: `pkg:maven/${group}/${artifact}` };
}

/** Writes the organization, its processes, apps, builds and components; resolves to the organization's id. */
export async function writePortfolio(database: Database, size: WorldSize, organization: string): Promise<void> {
  const pool = Array.from({ length: size.packages }, (_, i) => packageOf(i));
  const names = new Set(pool.map((pkg) => `${pkg.ecosystem} ${pkg.name}`));
  if (names.size !== pool.length) throw new Error(`the pool repeats packages (${names.size} of ${pool.length} distinct)`);
  await database.query('CREATE TEMP TABLE IF NOT EXISTS bench_packages (n int PRIMARY KEY, grp text, name text, purl text, package text)');
  await database.query('TRUNCATE bench_packages');
  await database.query('INSERT INTO bench_packages SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])', [
    pool.map((_, i) => i),
    pool.map((pkg) => pkg.group),
    pool.map((pkg) => pkg.component),
    pool.map((pkg) => pkg.purl),
    // The package key the upload path stores (sbom/store.repository.ts), which an import's scan reads by.
    pool.map((pkg) => componentPackageKey(pkg.purl)),
  ]);
  await database.query(
    `INSERT INTO applications (organization_id, process_id, app_key, name, enable_continuous_monitoring)
     SELECT p.organization_id, p.id, p.code_name || '-app' || g, 'Application ' || g, true
       FROM processes p JOIN organizations o ON o.id = p.organization_id, generate_series(1, $2::int) g WHERE o.name = $1`,
    [organization, size.appsPerProcess],
  );
  await database.query(
    `INSERT INTO application_builds (application_id, number, status, format, spec_version, encoding, component_count, started_at, finished_at)
     SELECT a.id, 1, 'DONE', 'CycloneDX', '1.6', 'json', $2, now(), now()
       FROM applications a JOIN organizations o ON o.id = a.organization_id WHERE o.name = $1`,
    [organization, size.components],
  );
  // Each component: the pool's package ⌊P·u²⌋ (u from a hash of build and position), a version
  // major.minor.patch from three more.
  await database.query(
    `INSERT INTO sbom_components (build_id, position, bom_ref, type, group_name, name, version, purl, package)
     SELECT c.build_id, c.position, 'component-' || c.position, 'library', k.grp, k.name, c.version, k.purl || '@' || c.version, k.package
       FROM (SELECT b.id AS build_id, p AS position,
                    floor($2::int * power(((hashtext(b.id::text || ':' || p) & 2147483647)::float8 / 2147483648), 2))::int AS n,
                    ((hashtext(p || ':' || b.id::text) & 2147483647) % 5) || '.' || ((hashtext(b.id::text || p) & 2147483647) % 20) || '.' ||
                    ((hashtext(p || b.id::text || 'z') & 2147483647) % 10) AS version
               FROM application_builds b JOIN applications a ON a.id = b.application_id JOIN organizations o ON o.id = a.organization_id,
                    generate_series(0, $3::int - 1) p
              WHERE o.name = $1) c
       JOIN bench_packages k ON k.n = c.n`,
    [organization, size.packages, size.components],
  );
  await database.query('ANALYZE');
}

// A small deterministic generator (mulberry32): the same advisories on every run.
function generator(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VECTORS = ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', 'CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:L'];

/**
 * The import: `advisories` OSV records over `advisedPackages` packages spread evenly over the pool,
 * each affecting versions m.0.0 to before m.10.0 of one major line m (0-4).
 */
export function advisoriesToImport(size: WorldSize, prefix: string): OsvRecord[] {
  const random = generator(27);
  const step = size.packages / size.advisedPackages;
  return Array.from({ length: size.advisories }, (_, index): OsvRecord => {
    const pkg = packageOf(Math.floor((index % size.advisedPackages) * step));
    const major = Math.floor(random() * 5);
    return {
      schema_version: '1.6.0',
      id: `GHSA-${prefix}-${index.toString(36).padStart(4, '0')}`,
      modified: '2026-11-27T00:00:00Z',
      published: '2026-11-27T00:00:00Z',
      aliases: [`CVE-2026-${200000 + index}`],
      summary: `Generated advisory ${index} for ${pkg.name}`,
      details: 'Generated for the portfolio monitoring benchmark.',
      severity: [{ type: 'CVSS_V3', score: VECTORS[index % VECTORS.length]! }],
      affected: [{ package: { ecosystem: pkg.ecosystem, name: pkg.name }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: `${major}.0.0` }, { fixed: `${major}.10.0` }] }] }],
      references: [{ type: 'ADVISORY', url: `https://example.com/advisories/${prefix}/${index}` }],
    };
  });
}
