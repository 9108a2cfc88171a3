// The vulnerability database against the real data set: every SBOM against every advisory, with
// the expected matches derived here independently (npm through semver's own range algebra, the
// other ecosystems from a table worked out by hand), plus import, re-import, withdrawal, alias
// merging and the KEV flag.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import semver from 'semver';
import { runCli } from '../cli';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { matchComponents, type ComponentRef, type Finding } from './matching';
import type { OsvEvent, OsvRecord } from './osv';
import { findVulnerability, importKevCatalog } from './repository';
import { inflationBudget } from '../http/inflate';
import { ANALYZE_AFTER, AdvisoryImporter, importAdvisoryPaths, ZIP_CHUNK_MAX_BYTES, ZIP_ENTRY_MAX_BYTES } from './sources';

const TESTDATA = path.join(__dirname, 'testdata');
const OSV_DIR = path.join(TESTDATA, 'osv');
const SBOMS = JSON.parse(readFileSync(path.join(TESTDATA, 'sbom-components.json'), 'utf8')) as Record<string, ComponentRef[]>;
const ADVISORIES: OsvRecord[] = readdirSync(OSV_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(OSV_DIR, file), 'utf8')) as OsvRecord);

let environment: TestEnvironment;
let db: Database;

beforeAll(async () => {
  environment = await createTestEnvironment();
  // The commands first (each opens and closes the database), then the tests' own connection.
  const env = { DATA_DIR: environment.config.dataDir, DATABASE_URL: environment.config.databaseUrl };
  const output: string[] = [];
  expect(await runCli(['import-advisories', OSV_DIR], env, (line) => output.push(line))).toBe(0);
  expect(await runCli(['import-kev', path.join(TESTDATA, 'kev-sample.json')], env, (line) => output.push(line))).toBe(0);
  expect(output).toEqual([
    expect.stringMatching(/^86 advisories read: 86 added, 0 updated, 0 unchanged, 0 withdrawn \(0 removed\), 0 invalid in \d+\.\d s$/),
    'KEV catalog 2026.11.22: 3 entries read, 3 added, 0 updated, 0 invalid',
  ]);
  db = await openDatabase(environment.config);
  await migrate(db);
});

afterAll(async () => {
  await db?.close();
  await environment.cleanup();
});

/** npm: the purl's name (scope included) and version, read without the module's purl parser. */
function npmPackage(purl: string): { name: string; version: string } | undefined {
  const body = purl.replace(/[?#].*$/, '');
  if (!body.startsWith('pkg:npm/')) return undefined;
  const at = body.lastIndexOf('@');
  return { name: decodeURIComponent(body.slice('pkg:npm/'.length, at)), version: decodeURIComponent(body.slice(at + 1)) };
}

/**
 * An OSV event list as a semver range: introduced → '>=x', fixed → '<y', last_affected → '<=y',
 * introduced '0' → from the start; an empty event (marsdb's `fixed: ""`) is left out.
 */
function semverRange(events: OsvEvent[]): string {
  const parts: string[] = [];
  let open: string | undefined;
  for (const event of events) {
    if (event.introduced !== undefined && event.introduced !== '') open = event.introduced === '0' ? '>=0.0.0-0' : `>=${event.introduced}`;
    else if (event.fixed) {
      parts.push(`${open ?? '>=0.0.0-0'} <${event.fixed}`);
      open = undefined;
    } else if (event.last_affected) {
      parts.push(`${open ?? '>=0.0.0-0'} <=${event.last_affected}`);
      open = undefined;
    }
  }
  if (open) parts.push(open);
  return parts.join(' || ');
}

function expectedNpm(): string[] {
  const expected = new Set<string>();
  for (const [sbom, components] of Object.entries(SBOMS)) {
    for (const { purl } of components) {
      const pkg = npmPackage(purl);
      if (!pkg) continue;
      for (const advisory of ADVISORIES) {
        const hit = (advisory.affected ?? []).some(
          (affected) =>
            affected.package?.ecosystem === 'npm' &&
            affected.package.name === pkg.name &&
            ((affected.versions ?? []).includes(pkg.version) ||
              (affected.ranges ?? []).some((range) => semver.satisfies(pkg.version, semverRange(range.events), { includePrerelease: true }))),
        );
        if (hit) expected.add(`${sbom} ${purl} ${advisory.id}`);
      }
    }
  }
  return [...expected];
}

// Maven, Go and Packagist components of the SBOMs that advisories name, checked by hand against
// each advisory's events (see the table in evaluate.test.ts for the reasoning of the near misses:
// guava 24.1.1-jre ≥ fixed 24.1.1, commons-text 1.2 < introduced 1.5, guzzle 6.5.8 ≥ fixed 6.5.7,
// psr7 1.9.0 ≥ fixed 1.8.4 of GHSA-q7rv, golang.org/x/text/language is not a module of the SBOMs).
const EXPECTED_BY_HAND = [
  'dropwizard-1.3.15__bom.json pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10?type=jar GHSA-57j2-w4cx-62h2',
  'dropwizard-1.3.15__bom.json pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10?type=jar GHSA-58pp-9c76-5625',
  'dropwizard-1.3.15__bom.json pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10?type=jar GHSA-jjjh-jjxp-wpff',
  'dropwizard-1.3.15__bom.json pkg:maven/com.google.guava/guava@24.1.1-jre?type=jar GHSA-5mg8-w23w-74h3',
  'dropwizard-1.3.15__bom.json pkg:maven/com.h2database/h2@1.4.197?type=jar GHSA-h376-j262-vhq6',
  'dropwizard-1.3.15__bom.json pkg:maven/junit/junit@4.12?type=jar GHSA-269g-pwp5-87pp',
  'dropwizard-1.3.15__bom.json pkg:maven/org.dom4j/dom4j@2.1.1?type=jar GHSA-hwj3-m3p6-hj38',
  'dropwizard-1.3.15__bom.json pkg:maven/org.yaml/snakeyaml@1.23?type=jar GHSA-mjmj-j48q-9wg2',
  'laravel-7.12.0__bom.1.4.json pkg:composer/guzzlehttp/psr7@1.9.0 GHSA-wxmh-65f7-jcvw',
  'proton-bridge__proton-bridge-v1.6.3.bom.json pkg:golang/github.com/dgrijalva/jwt-go@v3.2.0 GHSA-w73w-5m7g-f7qc',
  'proton-bridge__proton-bridge-v1.6.3.bom.json pkg:golang/gopkg.in/yaml.v3@v3.0.0-20200313102051-9f266ea9e77c GHSA-hp87-p4gw-j4gq',
  'proton-bridge__proton-bridge-v1.8.0.bom.json pkg:golang/github.com/dgrijalva/jwt-go@v3.2.0 GHSA-w73w-5m7g-f7qc',
  'proton-bridge__proton-bridge-v1.8.0.bom.json pkg:golang/gopkg.in/yaml.v3@v3.0.0-20200313102051-9f266ea9e77c GHSA-hp87-p4gw-j4gq',
];

async function findingsOf(sbom: string): Promise<Finding[]> {
  return matchComponents(db, SBOMS[sbom]);
}

test('every SBOM against every advisory: the findings are exactly the matches the OSV rules give', async () => {
  const actual = new Set<string>();
  for (const sbom of Object.keys(SBOMS)) {
    for (const finding of await findingsOf(sbom)) {
      expect(finding.evaluation).toBe('affected');
      actual.add(`${sbom} ${finding.purl} ${finding.vulnerabilityId}`);
    }
  }
  const expected = [...expectedNpm(), ...EXPECTED_BY_HAND].sort();
  expect([...actual].sort()).toEqual(expected);
  // A sanity floor: the data set was chosen to hold many matches in each ecosystem.
  expect(expected.filter((line) => line.includes('pkg:npm/')).length).toBeGreaterThan(100);
});

test('one finding per component and vulnerability, with what the next session shows', async () => {
  const findings = await findingsOf('juice-shop__v11.1.2__bom.json');
  const keys = findings.map((f) => `${f.bomRef ?? f.purl} ${f.vulnerabilityId}`);
  expect(new Set(keys).size).toBe(keys.length);
  const ws = findings.find((f) => f.purl === 'pkg:npm/ws@7.3.1' && f.vulnerabilityId === 'GHSA-6fc8-4gx4-v693');
  expect(ws).toEqual({
    purl: 'pkg:npm/ws@7.3.1',
    ecosystem: 'npm',
    package: 'ws',
    version: '7.3.1',
    vulnerabilityId: 'GHSA-6fc8-4gx4-v693',
    aliases: ['CVE-2021-32640'],
    summary: expect.stringContaining('ReDoS'),
    severity: 'MEDIUM',
    score: 5.3,
    vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L',
    fixedVersions: ['7.4.6'],
    activeExploit: false,
    evaluation: 'affected',
  });
});

test('KEV: findings of a catalogued CVE (by alias) are flagged as active exploits', async () => {
  const cern = await findingsOf('cern-lhc-vdm-editor-e564943__bom.json');
  const flagged = cern.filter((f) => f.activeExploit).map((f) => `${f.purl} ${f.vulnerabilityId}`);
  expect(flagged).toEqual(['pkg:npm/minimist@0.0.8 GHSA-xvch-5gv4-984h']);
  const dropwizard = await findingsOf('dropwizard-1.3.15__bom.json');
  expect(dropwizard.filter((f) => f.activeExploit).map((f) => f.vulnerabilityId)).toEqual(['GHSA-hwj3-m3p6-hj38']);
  const detail = await findVulnerability(db, 'CVE-2021-44906');
  expect(detail).toMatchObject({ id: 'GHSA-xvch-5gv4-984h', activeExploit: true, knownExploited: [{ cveId: 'CVE-2021-44906', dateAdded: '2026-11-01', dueDate: '2026-11-22' }] });
  // Importing the catalog again updates it.
  expect(await importKevCatalog(db, JSON.parse(readFileSync(path.join(TESTDATA, 'kev-sample.json'), 'utf8')))).toMatchObject({ added: 0, updated: 3 });
  await expect(importKevCatalog(db, { vulnerabilities: 'no' })).rejects.toThrow(/vulnerabilities/);
});

test('lookup by id or by any alias, case-insensitive for CVE ids', async () => {
  expect((await findVulnerability(db, 'GHSA-257v-vj4p-3w2h'))?.aliases).toEqual(['CVE-2021-29060']);
  expect((await findVulnerability(db, 'CVE-2021-29060'))?.id).toBe('GHSA-257v-vj4p-3w2h');
  expect((await findVulnerability(db, 'cve-2021-29060'))?.id).toBe('GHSA-257v-vj4p-3w2h');
  expect(await findVulnerability(db, 'CVE-1900-0001')).toBeUndefined();
  const detail = await findVulnerability(db, 'GHSA-257v-vj4p-3w2h');
  expect(detail).toMatchObject({ severity: 'MEDIUM', score: 5.3, modified: '2021-06-30T18:03:29.000Z', record: { id: 'GHSA-257v-vj4p-3w2h' } });
});

describe('re-import, withdrawal, alias merge, zips', () => {
  const base = ADVISORIES.find((a) => a.id === 'GHSA-257v-vj4p-3w2h') as OsvRecord;
  const colorString = [{ purl: 'pkg:npm/color-string@1.5.5' }, { purl: 'pkg:npm/color-string@1.5.4' }];

  test('re-importing the same records changes nothing', async () => {
    expect(await importAdvisoryPaths(db, [OSV_DIR])).toMatchObject({ read: 86, added: 0, updated: 0, unchanged: 86 });
  });

  test('a newer record replaces the stored one (ranges, aliases); an older one is ignored', async () => {
    const newer: OsvRecord = {
      ...base,
      modified: '2026-01-01T00:00:00Z',
      aliases: ['CVE-2021-29060', 'CVE-2099-0001'],
      affected: [{ package: { ecosystem: 'npm', name: 'color-string' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '1.5.6' }] }] }],
    };
    const importer = new AdvisoryImporter(db);
    await importer.addJson(JSON.stringify(newer), 'newer.json');
    expect(await importer.flush()).toMatchObject({ added: 0, updated: 1 });
    expect((await matchComponents(db, colorString)).map((f) => [f.purl, f.fixedVersions])).toEqual([
      ['pkg:npm/color-string@1.5.5', ['1.5.6']],
      ['pkg:npm/color-string@1.5.4', ['1.5.6']],
    ]);
    expect((await findVulnerability(db, 'CVE-2099-0001'))?.id).toBe(base.id);

    const older = new AdvisoryImporter(db);
    await older.addJson(JSON.stringify(base), 'older.json');
    expect(await older.flush()).toMatchObject({ updated: 0, unchanged: 1 });
    expect(await matchComponents(db, colorString)).toHaveLength(2);
  });

  test('withdrawn: a stored record is removed, a new one is skipped', async () => {
    const importer = new AdvisoryImporter(db);
    await importer.addJson(JSON.stringify([{ ...base, modified: '2026-02-01T00:00:00Z', withdrawn: '2026-02-01T00:00:00Z' }, { ...base, id: 'GHSA-0000-0000-0000', withdrawn: '2026-02-01T00:00:00Z' }]), 'withdrawn.json');
    expect(await importer.flush()).toMatchObject({ withdrawn: 2, removed: 1, added: 0 });
    expect(await matchComponents(db, colorString)).toEqual([]);
    expect(await findVulnerability(db, base.id)).toBeUndefined();
    expect(await findVulnerability(db, 'GHSA-0000-0000-0000')).toBeUndefined();
  });

  test('a CVE record aliasing a GHSA record is one vulnerability in the findings', async () => {
    const cve: OsvRecord = {
      id: 'CVE-2021-44906',
      modified: '2024-01-01T00:00:00Z',
      aliases: ['GHSA-xvch-5gv4-984h'],
      summary: 'Prototype pollution in minimist (NVD)',
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' }],
      affected: [{ package: { ecosystem: 'npm', name: 'minimist' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.2.6' }] }] }],
    };
    const importer = new AdvisoryImporter(db);
    await importer.addJson(JSON.stringify(cve), 'cve.json');
    expect(await importer.flush()).toMatchObject({ added: 1 });
    const findings = await matchComponents(db, [{ purl: 'pkg:npm/minimist@1.2.5', bomRef: 'minimist-1' }]);
    // Both records affect 1.2.5 (GHSA-vh95, fixed in 1.2.3, does not): one finding, the ids merged.
    expect(findings.map((f) => [f.vulnerabilityId, f.aliases, f.bomRef, f.activeExploit, f.score])).toEqual([
      ['CVE-2021-44906', ['GHSA-xvch-5gv4-984h'], 'minimist-1', true, 9.8],
    ]);
    // Looked up by either id: the record of that id, with the other as an alias.
    expect((await findVulnerability(db, 'GHSA-xvch-5gv4-984h'))?.aliases).toEqual(['CVE-2021-44906']);
    expect((await findVulnerability(db, 'CVE-2021-44906'))?.aliases).toEqual(['GHSA-xvch-5gv4-984h']);
  });

  test('an OSV zip export: every JSON entry imported, other entries ignored, bad entries reported', async () => {
    const records = [
      { id: 'PYSEC-2099-1', modified: '2026-03-01T00:00:00Z', affected: [{ package: { ecosystem: 'PyPI', name: 'Some_Package' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.0.post1' }] }] }] },
      { id: 'GO-2099-0001', modified: '2026-03-01T00:00:00Z', affected: [{ package: { ecosystem: 'Go', name: 'example.com/mod' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.2.0' }] }] }] },
      { id: 'OSV-2099-1', modified: '2026-03-01T00:00:00Z', affected: [{ package: { ecosystem: 'PyPI', name: 'gitonly' }, ranges: [{ type: 'GIT', repo: 'https://example.com/r', events: [{ introduced: '0' }] }] }] },
    ];
    const zip = zipSync({
      'PYSEC-2099-1.json': strToU8(JSON.stringify(records[0])),
      'GO-2099-0001.json': strToU8(JSON.stringify(records[1])),
      'OSV-2099-1.json': strToU8(JSON.stringify(records[2])),
      'broken.json': strToU8('{"id": '),
      'README.txt': strToU8('not an advisory'),
    });
    const importer = new AdvisoryImporter(db);
    await importer.addBytes(zip, 'all.zip');
    const counts = await importer.flush();
    expect(counts).toMatchObject({ read: 3, added: 3, invalid: 1 });
    expect(counts.problems).toEqual([expect.stringMatching(/^all\.zip:broken\.json: not JSON/)]);
    const findings = await matchComponents(db, [
      { purl: 'pkg:pypi/some-package@2.0' },
      { purl: 'pkg:pypi/some.package@2.0.post1' },
      { purl: 'pkg:golang/example.com/mod@v1.2.0-0.20240101000000-abcdefabcdef' },
      { purl: 'pkg:pypi/gitonly@1.0' },
      { purl: 'pkg:npm/not-in-the-database@1.0.0' },
      { purl: 'not a purl' },
    ]);
    expect(findings.map((f) => [f.purl, f.vulnerabilityId, f.evaluation, f.reason])).toEqual([
      ['pkg:pypi/some-package@2.0', 'PYSEC-2099-1', 'affected', undefined],
      ['pkg:golang/example.com/mod@v1.2.0-0.20240101000000-abcdefabcdef', 'GO-2099-0001', 'affected', undefined],
      ['pkg:pypi/gitonly@1.0', 'OSV-2099-1', 'not-evaluated', 'GIT range (commits) not evaluated'],
    ]);
  });

  test('a zip of entries inflating to more than a chunk may hold is read a bounded chunk at a time, within the budget', async () => {
    // 8 entries of 16 MiB (declared and true sizes), 128 MiB in all, from a few hundred kB of zip.
    const zeros = new Uint8Array(ZIP_ENTRY_MAX_BYTES);
    const entries: Record<string, Uint8Array> = { 'GHSA-2099-aaaa-0001.json': strToU8(JSON.stringify({ id: 'GHSA-2099-aaaa-0001', modified: '2026-03-01T00:00:00Z' })) };
    for (let i = 0; i < 8; i += 1) entries[`bomb-${String(i).padStart(2, '0')}.json`] = zeros;
    const zip = zipSync(entries, { level: 1 });
    expect(zip.length).toBeLessThan(2 * 1024 * 1024);
    const spy = jest.spyOn(inflationBudget, 'reserve');
    const importer = new AdvisoryImporter(db);
    let reserved: number[];
    try {
      await importer.addBytes(zip, 'bomb.zip');
    } finally {
      reserved = spy.mock.calls.map(([bytes]) => bytes);
      spy.mockRestore();
    }
    const counts = await importer.flush();
    expect(counts).toMatchObject({ read: 1, added: 1, invalid: 8 });
    // Entries are read in name order, a chunk holding what ZIP_CHUNK_MAX_BYTES allows (one large
    // entry), each reserved while it is read: the reader allocates the declared sizes, and in one
    // go it would take 128 MiB.
    const tiny = entries['GHSA-2099-aaaa-0001.json'].length;
    expect(reserved).toEqual([tiny, ...Array(8).fill(ZIP_ENTRY_MAX_BYTES)]);
    expect(Math.max(...reserved)).toBeLessThanOrEqual(ZIP_CHUNK_MAX_BYTES);
    expect(inflationBudget.reserved).toBe(0);
  }, 60_000);

  test('invalid records are counted and named, valid ones of the batch still stored', async () => {
    const importer = new AdvisoryImporter(db);
    await importer.addJson(JSON.stringify([{ id: 'X-1' }, { id: 'X-2', modified: '2026-01-01T00:00:00Z', affected: [{ package: { name: 'no-ecosystem' } }] }, { id: 'X-3', modified: '2026-01-01T00:00:00Z' }]), 'mixed.json');
    const counts = await importer.flush();
    expect(counts).toMatchObject({ read: 3, added: 1, invalid: 2 });
    expect(counts.problems).toEqual(["X-1: 'modified' must be an RFC 3339 time", "X-2: affected[0].package needs 'ecosystem' and 'name'"]);
  });
});

describe("the planner's statistics after a large import", () => {
  // This test's own table (to_regclass follows the search path): a Postgres server holds one per
  // test schema, and maybe others in public that were never analyzed.
  const estimated = async (table: string) =>
    (await db.query<{ rows: number }>('SELECT reltuples::int AS rows FROM pg_class WHERE oid = to_regclass($1)', [table]))[0].rows;

  test(`an import writing ${ANALYZE_AFTER} advisories or more analyzes the vulnerability tables; the embedded database never would`, async () => {
    // Packages no test SBOM names: nothing else in this file matches them.
    const records = Array.from({ length: ANALYZE_AFTER }, (_, i) => ({
      ...ADVISORIES[0],
      id: `GHSA-stat-${String(i).padStart(4, '0')}-0000`,
      aliases: [],
      affected: [{ package: { ecosystem: 'npm', name: `statistics-only-${i}` }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '1.0.0' }] }] }],
    }));
    const importer = new AdvisoryImporter(db);
    for (const record of records) await importer.add(record);
    expect(await importer.finish()).toMatchObject({ added: ANALYZE_AFTER });
    // 86 + 3 + 1 + 1,000 advisories stored by now: the estimate counts the last thousand.
    expect(await estimated('vulnerabilities')).toBeGreaterThanOrEqual(ANALYZE_AFTER);
    expect(await estimated('vulnerability_affected')).toBeGreaterThanOrEqual(ANALYZE_AFTER);
  });
});
