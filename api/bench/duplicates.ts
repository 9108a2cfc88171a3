// Duplicate detection over a whole process (issue 6 item 12; goal ≤ 2 s for 10,000
// requirements): `tsx api/bench/duplicates.ts [count]`. The requirements are NIST SP 800-53
// statements and guidance (the OSCAL catalog shipped in api/src/standards/catalogs) recombined by a seeded generator,
// with a share of reworded copies. Prints the scan alone (index + pairs) and the whole API call
// GET /api/requirements/duplicates (loading the rows from the embedded database included), and
// first the scan of the NIST LOW baseline as its import makes it (its templates are common wording).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { readNistLowBaselineSync } from '../src/standards/catalogs';
import { parseCatalog, readCatalogDocument } from '../src/standards/oscal';
import { similarPairs } from '../src/analysis/similar-pairs';
import { buildIndex } from '../src/analysis/similarity';
import { likeTheApiClient, withCookie } from '../src/testing/identity';
import { createOrganizationCommand, createUserCommand } from '../src/cli/users';
import { authenticate } from '../src/testing/users';

const COUNT = Number(process.argv[2] ?? 10_000);

interface Part {
  name?: string;
  prose?: string;
  parts?: Part[];
}
interface Control {
  title: string;
  parts?: Part[];
  controls?: Control[];
}

/** Sentences and titles of the NIST LOW baseline shipped with the API. */
function corpus(): { titles: string[]; sentences: string[] } {
  const catalog = JSON.parse(readNistLowBaselineSync()) as { catalog: { groups: { controls: Control[] }[] } };
  const titles: string[] = [];
  const sentences = new Set<string>();
  // A parameter reads as NIST prints it: "[Assignment: organization-defined …]" becomes its label.
  const labels = new Map<string, string>();
  const collect = (control: Control & { params?: { id: string; label?: string }[] }) => {
    for (const param of control.params ?? []) if (param.label) labels.set(param.id, param.label);
    for (const child of control.controls ?? []) collect(child);
  };
  for (const group of catalog.catalog.groups) for (const control of group.controls) collect(control);
  const clean = (prose: string) =>
    prose
      .replace(/\{\{\s*insert:\s*param,\s*([^\s}]+)\s*\}\}/g, (_, id: string) => labels.get(id) ?? 'organization-defined value')
      .replace(/\s+/g, ' ')
      .trim();
  const walk = (part: Part) => {
    if (part.prose) for (const sentence of clean(part.prose).split(/(?<=[.;:])\s+/)) if (sentence.length > 30) sentences.add(sentence);
    for (const child of part.parts ?? []) walk(child);
  };
  const visit = (control: Control) => {
    titles.push(control.title);
    for (const part of control.parts ?? []) walk(part);
    for (const child of control.controls ?? []) visit(child);
  };
  for (const group of catalog.catalog.groups) for (const control of group.controls) visit(control);
  return { titles, sentences: [...sentences] };
}

/** A seeded generator (mulberry32): the same requirements on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const QUALIFIERS = ['for cloud workloads', 'for the payment platform', 'in the data centre', 'for contractors', 'for mobile devices', 'for the HR system', 'during incidents', 'for privileged users'];

/** Clauses of the sentences (split at ';', ',' and ' and '), so that requirements recombine phrases, not whole sentences. */
function clausesOf(sentences: readonly string[]): string[] {
  const clauses = new Set<string>();
  for (const sentence of sentences) {
    for (const clause of sentence.split(/[;,:]\s+|\s+and\s+|\s+or\s+/)) {
      const cleaned = clause.replace(/[.;:,]+$/, '').trim();
      if (cleaned.split(' ').length >= 4) clauses.add(cleaned);
    }
  }
  return [...clauses];
}

export function generate(count: number): { title: string; description: string }[] {
  const { titles, sentences } = corpus();
  const clauses = clausesOf(sentences);
  const next = random(20260504);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const result: { title: string; description: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    if (i > 10 && next() < 0.05) {
      // A reworded copy of an earlier requirement: a near-duplicate to be found.
      const original = result[Math.floor(next() * result.length)];
      const kept = original.description.split(' ').filter(() => next() > 0.15);
      result.push({ title: original.title, description: `${kept.join(' ')} ${pick(QUALIFIERS)}.` });
      continue;
    }
    // One statement of the catalog, or two to four of its clauses recombined.
    const description =
      next() < 0.3
        ? pick(sentences)
        : `${Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(clauses)).join(', ')} ${pick(QUALIFIERS)}.`;
    // A control's title, made specific by a few words of a clause (processes rarely repeat a title).
    const topic = pick(clauses).split(' ').slice(0, 3 + Math.floor(next() * 4)).join(' ');
    result.push({ title: `${pick(titles)}: ${topic}`, description });
  }
  return result;
}

/** Best wall and CPU time of `runs` scans (index + pairs) of `documents`, and the pairs found. */
function timeScan(documents: Parameters<typeof buildIndex>[0], runs: number): { ms: number; cpuMs: number; pairs: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let pairs = 0;
  for (let run = 0; run < runs; run += 1) {
    const start = process.hrtime.bigint();
    const usage = process.cpuUsage();
    pairs = similarPairs(buildIndex(documents), 0.5).length;
    const used = process.cpuUsage(usage);
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    cpu.push((used.user + used.system) / 1e3);
  }
  return { ms: Math.min(...wall), cpuMs: Math.min(...cpu), pairs };
}

/** The scan of the NIST LOW baseline, one requirement per family, control and enhancement. */
function nistLow(): void {
  const nodes = parseCatalog(readCatalogDocument(JSON.parse(readNistLowBaselineSync()))).nodes;
  const documents = nodes.map((node) => ({ id: node.code, title: node.title, description: node.description }));
  const { ms, cpuMs, pairs } = timeScan(documents, 5);
  console.log(`duplicate scan, NIST SP 800-53 rev5 LOW baseline (${documents.length} requirements): ${ms.toFixed(1)} ms best of 5 (CPU ${cpuMs.toFixed(1)} ms; ${pairs} pairs ≥ 0.5)`);
}

async function main(): Promise<void> {
  nistLow();
  const requirements = generate(COUNT);
  const documents = requirements.map((requirement, i) => ({ id: String(i), ...requirement }));
  buildIndex(documents.slice(0, 500)); // warm-up
  const { ms, cpuMs, pairs } = timeScan(documents, 3);
  // CPU time besides wall time: on a shared machine the wall clock also counts waiting for a core.
  console.log(
    `duplicate scan, ${COUNT} requirements: ${ms.toFixed(0)} ms best of 3 (CPU ${cpuMs.toFixed(0)} ms; index + pairs; ${pairs} pairs ≥ 0.5)`,
  );

  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const app = likeTheApiClient(
    await buildApp({ config: { port: 0, host: '127.0.0.1', dataDir: dir, serveStatic: false, staticDir: dir, logLevel: 'silent' } }),
  );
  try {
    await createOrganizationCommand(app.database, ['--name', 'Bench']);
    const created = await createUserCommand(app.database, [
      '--org', 'Bench', '--role', 'ORG_ADMIN', '--login', 'bench_user', '--email', 'bench@example.com', '--name', 'Bench', '--password', 'Str0ng!Pass',
    ]);
    if (created.code !== 0) throw new Error(created.lines.join('\n'));
    const cookie = await authenticate(app, 'bench_user', () => new Date());
    const headers = withCookie(cookie);
    const processCreated = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers,
      payload: { code_name: 'bench', name: 'Bench', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
    });
    const processId = (processCreated.json() as { id: string }).id;
    const [organization] = await app.database.query<{ id: string }>(`SELECT id FROM organizations WHERE name = 'Bench'`);
    await app.database.query(
      `INSERT INTO requirements (organization_id, process_id, code, title, description, position)
       SELECT $1, $2, 'REQ-' || n, t, d, n FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS r(t, d, n)`,
      [organization.id, processId, requirements.map((r) => r.title.slice(0, 500)), requirements.map((r) => r.description)],
    );
    const timings: number[] = [];
    const cpuTimings: number[] = [];
    let answered = 0;
    for (let run = 0; run < 3; run += 1) {
      const start = process.hrtime.bigint();
      const usage = process.cpuUsage();
      const response = await app.inject({ method: 'GET', url: '/api/requirements/duplicates?graph=bench&limit=1000', headers });
      const used = process.cpuUsage(usage);
      timings.push(Number(process.hrtime.bigint() - start) / 1e6);
      cpuTimings.push((used.user + used.system) / 1e3);
      if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
      answered = (response.json() as unknown[]).length;
    }
    console.log(
      `GET /api/requirements/duplicates, ${COUNT} requirements (embedded database): ${Math.min(...timings).toFixed(0)} ms best of 3 (CPU ${Math.min(...cpuTimings).toFixed(0)} ms; ${answered} candidates answered)`,
    );
    // One requirement, as after Add: the whole process is indexed for its document frequencies.
    const [last] = await app.database.query<{ id: string }>(`SELECT id FROM requirements WHERE process_id = $1 ORDER BY position DESC LIMIT 1`, [processId]);
    const single: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const start = process.hrtime.bigint();
      const response = await app.inject({ method: 'GET', url: `/api/requirements/${last.id}/duplicates?graph=bench`, headers });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
      single.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    console.log(`GET /api/requirements/:id/duplicates, ${COUNT} requirements: ${Math.min(...single).toFixed(0)} ms best of 3`);
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
