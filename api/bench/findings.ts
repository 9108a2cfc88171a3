// Security findings import (issue 24 item 8): `node_modules/.bin/tsx api/bench/findings.ts`.
// A generated SARIF 2.1.0 of 25,000 results (GitHub's limit per run; 200 rules, regions,
// snippets, partialFingerprints) read, validated and stored into an empty scope, then re-imported
// with 10% of its results replaced (2,500 new, 2,500 fixed). Time (goal ≤ 2 s each) and the
// process's RSS growth over its level before the import, sampled every 10 ms (goal ≤ 256 MB), and
// its CPU time.
// Embedded database in a temp dir, or DATABASE_URL. Figures printed, never asserted.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { importFindings } from '../src/operations/importers';
import { importFindingsFile } from '../src/operations/service';
import { cpuBetween, freshSchema, serverCpu } from './load';

const RESULTS = Number(process.env.BENCH_FINDINGS ?? 25_000);
const RULES = 200;

function sarif(results: number, changedFrom: number): Buffer {
  const rules = Array.from({ length: RULES }, (_, i) => ({
    id: `js/rule-${i}`,
    name: `Rule ${i}`,
    shortDescription: { text: `Rule ${i} finds a problem` },
    fullDescription: { text: `Rule ${i} finds a problem that matters in real code.` },
    help: { text: `Fix it.`, markdown: `# Rule ${i}\n\nFix it: see the [docs](https://example.com/rules/${i}).` },
    defaultConfiguration: { level: (['error', 'warning', 'note'] as const)[i % 3] },
    properties: { tags: ['security', `external/cwe/cwe-${79 + (i % 40)}`], 'security-severity': String((i % 100) / 10) },
  }));
  const list = Array.from({ length: results }, (_, n) => {
    // Results from `changedFrom` on are other ones: new fingerprints, other lines.
    const k = n >= changedFrom ? n + 1_000_000 : n;
    return {
      ruleId: `js/rule-${k % RULES}`,
      ruleIndex: k % RULES,
      message: { text: `Value ${k} flows from a request parameter into a sensitive sink without sanitization.` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: `src/module-${k % 500}/file-${k % 97}.js`, uriBaseId: '%SRCROOT%' },
            region: { startLine: 10 + (k % 900), startColumn: 5, endLine: 10 + (k % 900), endColumn: 42, snippet: { text: `  const value${k} = request.query.param${k};` } },
          },
        },
      ],
      partialFingerprints: { primaryLocationLineHash: `${k.toString(16).padStart(16, '0')}:1` },
    };
  });
  return Buffer.from(JSON.stringify({ version: '2.1.0', $schema: 'https://json.schemastore.org/sarif-2.1.0.json', runs: [{ tool: { driver: { name: 'CodeQL', semanticVersion: '2.19.0', rules } }, results: list }] }));
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(0);

/** Runs `fn` sampling the RSS every 10 ms: its time and the growth of the peak over the level before. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; cpu: number; growth: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const start = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    const cpu = process.cpuUsage(cpuStart);
    return { value, ms: ms(start), cpu: (cpu.user + cpu.system) / 1000, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-findings-'));
  // With DATABASE_URL, a fresh schema of that server, dropped after.
  const fresh = await freshSchema(process.env.DATABASE_URL);
  const database = await openDatabase({ dataDir: dir, databaseUrl: fresh.databaseUrl });
  try {
    await migrate(database);
    const [{ id: organizationId }] = await database.query<{ id: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING id', [`Bench ${randomUUID()}`]);
    const [{ id: processId }] = await database.query<{ id: string }>(
      "INSERT INTO processes (organization_id, code_name, name, type, dashboard_type) VALUES ($1, 'ops', 'Operations', 'REQUIREMENTS', 'LIVE') RETURNING id",
      [organizationId],
    );
    const target = (scope: string) => ({ organizationId, processId, scope, userId: null, now: new Date() });
    const first = sarif(RESULTS, RESULTS);
    const changed = sarif(RESULTS, Math.round(RESULTS * 0.9));
    // A warm-up on another scope: the first import compiles the SARIF schema (~0.3 s, once per process).
    await importFindingsFile(database, target('warm-up'), sarif(100, 100));

    // The importer alone (read, validate against the schema, fingerprint): part of both figures below.
    const reading = await measured(async () => importFindings(first));
    // The server's CPU for each import (Postgres on this machine: its backends' /proc times).
    const serverCpuOf = async <T>(fn: () => Promise<T>) => {
      const before = fresh.schema ? await serverCpu(process.env.DATABASE_URL!, fresh.schema) : undefined;
      const value = await fn();
      const used = cpuBetween(before, fresh.schema ? await serverCpu(process.env.DATABASE_URL!, fresh.schema) : undefined);
      return { ...value, db: used === undefined ? '' : `, Postgres CPU ${(used / 1000).toFixed(0)} ms` };
    };
    const empty = await serverCpuOf(() => measured(() => importFindingsFile(database, target('app:bench'), first)));
    const again = await serverCpuOf(() => measured(() => importFindingsFile(database, target('app:bench'), changed)));
    const kind = process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite';
    console.log(`Security findings (${kind}): a SARIF of ${RESULTS.toLocaleString('en')} results, ${mb(first.length)} MB`);
    console.log(`  the importer alone (parse, schema, fingerprints): ${reading.ms.toFixed(0)} ms (CPU ${reading.cpu.toFixed(0)} ms), RSS growth ${mb(reading.growth)} MB`);
    // The CPU time of this process (all of the work with the embedded database, the importer's with
    // Postgres) tells the cost on a machine busy with other work, where the elapsed time does not.
    console.log(`  import into an empty scope: ${empty.ms.toFixed(0)} ms (goal ≤ 2,000; CPU ${empty.cpu.toFixed(0)} ms${empty.db}), RSS growth ${mb(empty.growth)} MB (goal ≤ 256); ${empty.value.new} new`);
    console.log(
      `  re-import with 10% changed: ${again.ms.toFixed(0)} ms (goal ≤ 2,000; CPU ${again.cpu.toFixed(0)} ms${again.db}), RSS growth ${mb(again.growth)} MB; ${again.value.new} new, ${again.value.seen} seen, ${again.value.fixed} fixed`,
    );
  } finally {
    await database.close();
    await fresh.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
