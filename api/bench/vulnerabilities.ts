// Vulnerability matching at scale (issue 7): 200,000 generated OSV advisories over 20,000 packages
// of eight ecosystems are imported, then a generated 50,000-component SBOM is matched against
// them — `tsx api/bench/vulnerabilities.ts`. Prints import time, match time and memory (goal for
// the match: ≤ 5 s, ≤ 512 MB RSS; the match runs in a process of its own on the imported database). Then the same components as a CycloneDX SBOM uploaded to an API
// on that database, until its findings are stored: the whole ingestion, time and peak RSS. That SBOM
// is the worst case: 80% of its components name an advised package (1.9 findings per component) and
// none declares a license (a license-risk alert each). A second one is like real SBOMs: 10% of its
// components name an advised package (juice-shop: 81 findings for 841 components) and nearly all
// declare a license.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { API_DIR } from '../src/paths';
import { matchComponents, type ComponentRef } from '../src/vulnerabilities/matching';
import type { OsvRecord } from '../src/vulnerabilities/osv';
import { AdvisoryImporter } from '../src/vulnerabilities/sources';
import { cycloneDxTree, startIngestionBench } from './ingestion';

const ADVISORIES = Number(process.env.BENCH_ADVISORIES ?? 200_000);
const PACKAGES = Number(process.env.BENCH_PACKAGES ?? 20_000);
const COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 50_000);

// A small deterministic generator (mulberry32): the same data on every run.
let seed = 7;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number): number => Math.floor(random() * n);

interface Ecosystem {
  osv: string;
  purl: (name: string, version: string) => string;
  name: (i: number) => string;
  /** A version string of the ecosystem from three numbers (plus flavour). */
  version: (major: number, minor: number, patch: number) => string;
  /** How the ecosystem's SBOMs write it (Go: with a 'v'). */
  purlVersion?: (version: string) => string;
}

const ECOSYSTEMS: Ecosystem[] = [
  { osv: 'npm', name: (i) => (i % 5 === 0 ? `@scope${i % 97}/pkg-${i}` : `pkg-${i}`), purl: (n, v) => `pkg:npm/${n.replace('@', '%40')}@${v}`, version: (a, b, c) => (random() < 0.05 ? `${a}.${b}.${c}-rc.${int(3) + 1}` : `${a}.${b}.${c}`) },
  { osv: 'Maven', name: (i) => `org.example${i % 300}:artifact-${i}`, purl: (n, v) => `pkg:maven/${n.replace(':', '/')}@${v}?type=jar`, version: (a, b, c) => [`${a}.${b}.${c}`, `${a}.${b}.${c}.Final`, `${a}.${b}-jre`, `${a}.${b}.${c}-RC1`][int(4)] },
  { osv: 'PyPI', name: (i) => `py_package.${i}`, purl: (n, v) => `pkg:pypi/${n.replace(/[._]/g, '-')}@${v}`, version: (a, b, c) => [`${a}.${b}.${c}`, `${a}.${b}`, `${a}.${b}.post${c}`, `${a}.${b}rc${c + 1}`][int(4)] },
  { osv: 'Go', name: (i) => `github.com/org${i % 500}/module${i}`, purl: (n, v) => `pkg:golang/${n}@${v}`, version: (a, b, c) => (random() < 0.1 ? `${a}.${b}.${c}-0.20200313102051-9f266ea9e77c` : `${a}.${b}.${c}`), purlVersion: (v) => `v${v}` },
  { osv: 'Packagist', name: (i) => `vendor${i % 400}/package-${i}`, purl: (n, v) => `pkg:composer/${n}@${v}`, version: (a, b, c) => (random() < 0.1 ? `${a}.${b}.${c}-beta${c + 1}` : `${a}.${b}.${c}`) },
  { osv: 'RubyGems', name: (i) => `gem-${i}`, purl: (n, v) => `pkg:gem/${n}@${v}`, version: (a, b, c) => (random() < 0.1 ? `${a}.${b}.${c}.pre` : `${a}.${b}.${c}`) },
  { osv: 'NuGet', name: (i) => `Example.Package${i}`, purl: (n, v) => `pkg:nuget/${n}@${v}`, version: (a, b, c) => (random() < 0.1 ? `${a}.${b}.${c}.${int(5)}` : `${a}.${b}.${c}`) },
  { osv: 'crates.io', name: (i) => `crate_${i}`, purl: (n, v) => `pkg:cargo/${n}@${v}`, version: (a, b, c) => `${a}.${b}.${c}` },
];

const VECTORS = [
  'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
  'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
  'CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:L',
  'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:N/VI:N/VA:N/SC:L/SI:L/SA:L',
];

const packages = Array.from({ length: PACKAGES }, (_, i) => {
  const ecosystem = ECOSYSTEMS[i % ECOSYSTEMS.length];
  return { ecosystem, name: ecosystem.name(i) };
});

function advisory(index: number): OsvRecord {
  const pkg = packages[int(PACKAGES)];
  const ranges: NonNullable<OsvRecord['affected']>[number]['ranges'] = [];
  // One to three ranges, like real advisories with a fix per maintained line.
  const lines = 1 + int(3);
  let major = int(3);
  for (let l = 0; l < lines; l += 1) {
    const introduced = l === 0 && random() < 0.4 ? '0' : pkg.ecosystem.version(major, int(5), 0);
    const end = pkg.ecosystem.version(major, 5 + int(10), int(20));
    ranges.push({ type: 'ECOSYSTEM', events: [{ introduced }, random() < 0.9 ? { fixed: end } : { last_affected: end }] });
    major += 1 + int(2);
  }
  const affected = [{ package: { ecosystem: pkg.ecosystem.osv, name: pkg.name }, ranges, ...(random() < 0.05 ? { versions: [pkg.ecosystem.version(9, 9, 9)] } : {}) }];
  return {
    schema_version: '1.6.0',
    id: `GHSA-bench-${index.toString(36).padStart(4, '0')}`,
    modified: '2026-01-01T00:00:00Z',
    published: '2025-06-01T00:00:00Z',
    aliases: [`CVE-2025-${100000 + index}`],
    summary: `Generated advisory ${index} for ${pkg.name}`,
    details: 'Generated for the benchmark.',
    severity: random() < 0.8 ? [{ type: VECTORS[index % VECTORS.length].startsWith('CVSS:4') ? 'CVSS_V4' : 'CVSS_V3', score: VECTORS[index % VECTORS.length] }] : [],
    affected,
    references: [{ type: 'ADVISORY', url: `https://example.com/advisories/${index}` }],
    database_specific: { severity: 'MODERATE' },
  };
}

interface GeneratedComponent extends ComponentRef {
  license?: string;
}

/** `advised`: the share of components that name a package some advisory names. */
function components(advised = 0.8): GeneratedComponent[] {
  const result: GeneratedComponent[] = [];
  for (let i = 0; i < COMPONENTS; i += 1) {
    const pkg = random() < advised ? packages[int(PACKAGES)] : { ecosystem: ECOSYSTEMS[i % ECOSYSTEMS.length], name: `${ECOSYSTEMS[i % ECOSYSTEMS.length].name(PACKAGES + i)}` };
    const version = pkg.ecosystem.version(int(6), int(16), int(25));
    const purl = pkg.ecosystem.purl(pkg.name, pkg.ecosystem.purlVersion?.(version) ?? version);
    if (advised === 0.8) result.push({ purl, bomRef: `component-${i}` });
    else {
      const roll = random();
      result.push({ purl, bomRef: `component-${i}`, license: roll < 0.03 ? undefined : roll < 0.05 ? 'GPL-3.0-only' : LICENSES[int(LICENSES.length)] });
    }
  }
  return result;
}

const LICENSES = ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC', 'BSD-2-Clause'];
/** The SBOMs the ingestion runs upload (BENCH_INGEST_CASE). */
const CASES = { worst: 0.8, realistic: 0.1 } as const;

// The collector, to measure from a clean heap (tsx runs without --expose-gc).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

async function main(): Promise<void> {
  // BENCH_DATA_DIR keeps the imported database between runs (to measure the match alone again).
  const kept = process.env.BENCH_DATA_DIR;
  const dir = kept ?? (await mkdtemp(path.join(os.tmpdir(), 'portal-bench-vulnerabilities-')));
  const database = await openDatabase({ dataDir: dir, databaseUrl: process.env.DATABASE_URL });
  try {
    await migrate(database);
    const start = process.hrtime.bigint();
    const stored = async () => (await database.query<{ count: number }>('SELECT count(*)::int AS count FROM vulnerabilities'))[0].count;
    const before = await stored();
    const importer = new AdvisoryImporter(database, 2000);
    if (before < ADVISORIES) for (let i = 0; i < ADVISORIES; i += 1) await importer.add(advisory(i));
    const counts = await importer.finish();
    const importSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    const advisories = await stored();
    console.log(
      `vulnerabilities: imported ${counts.added} generated advisories (${advisories} stored) over ${PACKAGES} packages of ${ECOSYSTEMS.length} ecosystems in ${importSeconds.toFixed(1)} s ` +
        `(${Math.round(counts.added / importSeconds)} per second); RSS of the importing process ${mb(process.memoryUsage().rss)}`,
    );
  } finally {
    await database.close();
  }
  try {
    // The match and each upload in a process of its own: this one still holds what importing took
    // (the embedded database's memory never shrinks), and a process's maximum RSS is its whole
    // life's. The process stands for the server, which runs its build (api/build.mjs) under plain
    // node: so does it, built the same way.
    const bundle = await serverLikeBuild();
    for (const run of ['match', ...Object.keys(CASES)]) {
      const child = fork(bundle, [], { execArgv: [], env: { ...process.env, BENCH_INGEST_DIR: dir, BENCH_INGEST_CASE: run }, stdio: 'inherit' });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      if (code !== 0) throw new Error(`the ${run} run ended with ${code}`);
    }
  } finally {
    if (!kept) await rm(dir, { recursive: true, force: true });
  }
}

/** The goal's own case: the components (80% naming an advised package) matched against the database in `dir`, then again. */
async function matchOnly(dir: string): Promise<void> {
  for (let i = 0; i < ADVISORIES; i += 1) advisory(i); // the same random sequence for the components
  const list: ComponentRef[] = components();
  const database = await openDatabase({ dataDir: dir, databaseUrl: process.env.DATABASE_URL });
  try {
    const [{ advisories }] = await database.query<{ advisories: number }>('SELECT count(*)::int AS advisories FROM vulnerabilities');
    gc();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let start = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const findings = await matchComponents(database, list, process.env.BENCH_TRACE ? { trace: (step, ms, cpu) => console.log(`  ${step}: ${ms.toFixed(0)} ms (${cpu.toFixed(0)} ms of CPU)`) } : {});
    const matchSeconds = Number(process.hrtime.bigint() - start) / 1e9;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
    const affected = findings.filter((f) => f.evaluation === 'affected').length;
    console.log(
      `vulnerabilities: matched ${list.length} components against ${advisories} advisories in ${matchSeconds.toFixed(2)} s (goal ≤ 5 s; ${cpuSeconds.toFixed(2)} s of CPU): ` +
        `${affected} findings, ${findings.length - affected} not evaluated; RSS ${mb(rssBefore)} before, peak ${mb(peak)} (goal ≤ 512 MB)`,
    );
    // The same SBOM again: a running server has its code compiled and the pages cached.
    start = process.hrtime.bigint();
    const again = await matchComponents(database, list);
    console.log(
      `vulnerabilities: the same 50,000 components matched again in ${(Number(process.hrtime.bigint() - start) / 1e9).toFixed(2)} s (${again.length} findings); ` +
        `RSS ${mb(process.memoryUsage().rss)}`,
    );
  } finally {
    await database.close();
  }
}

/** This benchmark built as the server is (api/dist/bench-vulnerabilities.js; dist/ is ignored). */
async function serverLikeBuild(): Promise<string> {
  const outfile = path.join('dist', 'bench-vulnerabilities.js');
  // A path esbuild does not follow: the build script stays out of the bundle it makes.
  const { buildApi } = (await import(path.join(API_DIR, 'build.mjs'))) as { buildApi: (options: { entry: string; outfile: string }) => Promise<void> };
  await buildApi({ entry: path.join('bench', 'vulnerabilities.ts'), outfile });
  return path.join(API_DIR, outfile);
}

/**
 * An ingestion run: the components of the advisories' random sequence (the worst case: those
 * matched above), uploaded. Only the document is kept: the process stands for the server, which
 * holds no component list of its own.
 */
async function ingestOnly(dir: string, name: keyof typeof CASES): Promise<void> {
  for (let i = 0; i < ADVISORIES; i += 1) advisory(i);
  await ingest(dir, name, documentOf(name));
}

function documentOf(name: keyof typeof CASES): Buffer {
  const worst = components(); // drawn in any case: the realistic one comes next in the sequence
  return sbomOf(name === 'worst' ? worst : components(CASES[name]));
}

/** `list` as a CycloneDX document (name and version from the purl). */
function sbomOf(list: GeneratedComponent[]): Buffer {
  return cycloneDxTree(
    list.map((component, i) => {
      const [, name, version] = /^pkg:[^/]+\/(.+)@([^?]+)/.exec(component.purl) ?? [];
      const licenses = component.license ? { licenses: [{ license: { id: component.license } }] } : {};
      return { type: 'library', 'bom-ref': `c${i}`, name: decodeURIComponent(name ?? `c${i}`), version, purl: component.purl, ...licenses };
    }),
  );
}

async function ingest(dir: string, name: keyof typeof CASES, payload: Buffer): Promise<void> {
  const bench = await startIngestionBench(dir, ['generated'], String(Date.now()));
  try {
    gc();
    const rssBefore = process.memoryUsage().rss;
    // The process's own peak (a sampler would not run while the embedded database holds the thread).
    const maxRss = () => process.resourceUsage().maxRSS * 1024;
    const result = await bench.upload('generated', payload);
    if (process.env.BENCH_TRACE) {
      const before = process.memoryUsage();
      gc();
      const memory = process.memoryUsage();
      console.log(`  JS heap ${mb(before.heapUsed)} before a collection; after: RSS ${mb(memory.rss)}, JS heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)}, external (the embedded database's WASM memory among it) ${mb(memory.external)}`);
    }
    console.log(
      `vulnerabilities: ${name === 'worst' ? 'the' : 'a realistic SBOM of'} ${result.components - 1} components uploaded as a CycloneDX SBOM (${(payload.length / 1048576).toFixed(1)} MiB, ` +
        `${Math.round(CASES[name] * 100)}% naming an advised package) to an API on that database: ` +
        `upload request ${(result.request / 1000).toFixed(2)} s, processing (tree, matching, ${result.findings} findings stored) ${(result.processing / 1000).toFixed(2)} s, ` +
        `in all ${((result.request + result.processing) / 1000).toFixed(2)} s (goal ≤ 5 s); RSS ${mb(rssBefore)} before, ` +
        `peak ${mb(maxRss())} (goal ≤ 512 MB)`,
    );
  } finally {
    await bench.close();
  }
}

function run(): Promise<void> {
  const dir = process.env.BENCH_INGEST_DIR;
  if (!dir) return main();
  const name = process.env.BENCH_INGEST_CASE ?? 'worst';
  return name === 'match' ? matchOnly(dir) : ingestOnly(dir, name as keyof typeof CASES);
}

run().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
