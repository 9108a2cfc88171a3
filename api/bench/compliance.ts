// Live compliance (issue 28 item 7): `node_modules/.bin/tsx api/bench/compliance.ts`.
// A process of 10,000 requirements, 2,000 of them with a check over 1,000 applications (BENCH_APPS),
// each application with an older and a current processed build of 200 components, about 8% of them
// vulnerable (some of those exploited), in 10 portfolios and 4 tags: 800 open-findings checks over
// one application each, 400 over a portfolio, 200 over a tag, 200 over the process; 200
// active-exploit checks over a portfolio; 200 sbom-fresh checks over a portfolio. Timed, as the
// compliance-evaluations job runs them (evaluatePending): the first full evaluation (every
// requirement gets a status: failures open their gaps and close-gap tasks), a second full one (no
// status changes), and the re-evaluation after one build of one application (the checks whose scope
// holds it: goal ≤ 1 s; a full evaluation: goal ≤ 30 s). Embedded database in a temp dir, or
// DATABASE_URL (a fresh schema, dropped after). BENCH_PROFILE=1 also times reading the facts and
// evaluating every check without recording. Figures printed (elapsed, and the CPU time of this
// process, the steadier figure on a loaded machine), never asserted.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { evaluatePending } from '../src/compliance/jobs';
import type { ComplianceContext } from '../src/compliance/evaluate';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { rbomPositions } from '../src/deployment-profiles/service';
import { freshSchema } from './load';

const APPS = Number(process.env.BENCH_APPS ?? 1_000);
const REQUIREMENTS = 10_000;
const COMPONENTS = 200;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-compliance-'));
  const fresh = await freshSchema(process.env.DATABASE_URL);
  const database = await openDatabase({ dataDir: dir, databaseUrl: fresh.databaseUrl });
  try {
    await migrate(database);
    const [{ id: organizationId }] = await database.query<{ id: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING id', [`Bench ${randomUUID()}`]);
    const [{ id: processId }] = await database.query<{ id: string }>(
      "INSERT INTO processes (organization_id, code_name, name, type, dashboard_type) VALUES ($1, 'compliance', 'Compliance', 'REQUIREMENTS', 'LIVE') RETURNING id",
      [organizationId],
    );
    await database.query(
      `INSERT INTO applications (organization_id, process_id, app_key, name, portfolio, tags)
       SELECT $1, $2, 'app' || g, 'App ' || g, 'portfolio' || (g % 10), ARRAY['tag' || (g % 4)] FROM generate_series(1, $3::int) g`,
      [organizationId, processId, APPS],
    );
    await database.query(
      `INSERT INTO application_builds (application_id, number, status, format, spec_version, encoding, created_at)
       SELECT a.id, n, 'DONE', 'CycloneDX', '1.5', 'json', now() - make_interval(days => 90 / n) FROM applications a, generate_series(1, 2) n WHERE a.process_id = $1`,
      [processId],
    );
    await database.query(
      `INSERT INTO sbom_components (build_id, position, bom_ref, name, version, purl, licenses)
       SELECT b.id, p, 'ref' || p, 'pkg' || ((p * 7 + hashtext(b.id::text)) & 4095) % 3000, '1.0.0',
              'pkg:npm/pkg' || ((p * 7 + hashtext(b.id::text)) & 4095) % 3000 || '@1.0.0', ARRAY['MIT']
         FROM application_builds b, generate_series(0, $1::int - 1) p`,
      [COMPONENTS],
    );
    await database.query(
      `INSERT INTO build_findings (build_id, identified_build_id, position, vulnerability_id, aliases, severity, score, active_exploit)
       SELECT c.build_id, c.build_id, c.position, 'GHSA-' || (hashtext(c.name) & 1023), ARRAY['CVE-2026-' || (hashtext(c.name) & 1023)],
              (ARRAY['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'])[1 + (hashtext(c.name) & 3)], 5.0, hashtext(c.name) % 97 = 0
         FROM sbom_components c WHERE hashtext(c.name) % 13 = 0`,
    );
    await database.query(
      `INSERT INTO requirements (organization_id, process_id, code, title, position)
       SELECT $1, $2, 'REQ-' || g, 'Requirement ' || g, g FROM generate_series(1, $3::int) g`,
      [organizationId, processId, REQUIREMENTS],
    );
    const scopes = `CASE
        WHEN g <= 800 THEN jsonb_build_object('kind', 'applications', 'keys', jsonb_build_array('app' || (1 + (g * 7) % $3::int)), 'portfolios', '[]'::jsonb, 'tags', '[]'::jsonb)
        WHEN g <= 1200 THEN jsonb_build_object('kind', 'applications', 'keys', '[]'::jsonb, 'portfolios', jsonb_build_array('portfolio' || (g % 10)), 'tags', '[]'::jsonb)
        WHEN g <= 1400 THEN jsonb_build_object('kind', 'applications', 'keys', '[]'::jsonb, 'portfolios', '[]'::jsonb, 'tags', jsonb_build_array('tag' || (g % 4)))
        WHEN g <= 1600 THEN jsonb_build_object('kind', 'process')
        ELSE jsonb_build_object('kind', 'applications', 'keys', '[]'::jsonb, 'portfolios', jsonb_build_array('portfolio' || (g % 10)), 'tags', '[]'::jsonb) END`;
    await database.query(
      `INSERT INTO compliance_checks (organization_id, process_id, requirement_id, kind, scope, params)
       SELECT $1, $2, r.id,
              CASE WHEN g <= 1600 THEN 'open-findings' WHEN g <= 1800 THEN 'active-exploit' ELSE 'sbom-fresh' END,
              ${scopes},
              CASE WHEN g <= 1600 THEN jsonb_build_object('sources', jsonb_build_array('sbom', 'sast', 'iac', 'cloud'), 'severity', (ARRAY['critical', 'high'])[1 + g % 2], 'older_than_days', (g % 3) * 30)
                   WHEN g <= 1800 THEN jsonb_build_object('sources', jsonb_build_array('sbom'))
                   ELSE jsonb_build_object('max_age_days', 30 + g % 60) END
         FROM (SELECT id, row_number() OVER (ORDER BY position) AS g FROM requirements WHERE process_id = $2) r
        WHERE g <= 2000`,
      [organizationId, processId, APPS],
    );
    await database.query('ANALYZE');
    const [counts] = await database.query<{ findings: number; checks: number }>(
      'SELECT (SELECT count(*)::int FROM build_findings) AS findings, (SELECT count(*)::int FROM compliance_checks) AS checks',
    );
    const kind = fresh.databaseUrl ? 'Postgres' : 'embedded PGlite';
    console.log(`load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`);
    console.log(`Live compliance (${kind}): ${REQUIREMENTS.toLocaleString('en')} requirements, ${counts.checks.toLocaleString('en')} checks over ${APPS.toLocaleString('en')} apps (${counts.findings.toLocaleString('en')} SBOM findings, half in current builds)`);

    const context: ComplianceContext = { db: database, now: () => new Date(), rbomPositions };
    const timed = async (label: string, goalMs: number) => {
      const start = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      const summary = await evaluatePending(context, processId);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      console.log(
        `  ${label}: ${Math.round(ms).toLocaleString('en')} ms elapsed, ${Math.round(cpuMs).toLocaleString('en')} ms CPU of this process (goal ≤ ${goalMs.toLocaleString('en')} ms) — ` +
          `${summary.evaluated} checks evaluated, ${summary.changedChecks} results and ${summary.changedRequirements} requirement statuses changed`,
      );
    };
    // BENCH_PROFILE=1: what reading the facts and evaluating every check (without recording) take.
    if (process.env.BENCH_PROFILE) {
      const { createFacts } = await import('../src/compliance/facts');
      const { evaluateCheck } = await import('../src/compliance/evaluators/index');
      const { checksOfProcess } = await import('../src/compliance/repository');
      const facts = createFacts(database, { organizationId, processId }, new Date(), rbomPositions);
      for (const name of ['applications', 'sbomFindings', 'securityFindings', 'findingScopes'] as const) {
        const t = Date.now();
        const rows = await facts[name]();
        console.log(`  facts.${name}: ${Date.now() - t} ms, ${rows.length} rows`);
      }
      let t = Date.now();
      const checks = await checksOfProcess(database, processId);
      console.log(`  checksOfProcess: ${Date.now() - t} ms`);
      t = Date.now();
      for (const check of checks) await evaluateCheck(check, facts);
      console.log(`  2,000 evaluations on loaded facts: ${Date.now() - t} ms`);
    }
    const full = () => database.query("INSERT INTO compliance_changes (process_id, topic) VALUES ($1, 'full')", [processId]);
    await full();
    await timed('first full evaluation (every requirement gets a status; failures open gaps and tasks)', 30_000);
    await full();
    await timed('full evaluation, nothing changed', 30_000);
    // One build of app7: a new current build without its findings (the trigger records the change).
    const [{ id: buildId }] = await database.query<{ id: string }>(
      `INSERT INTO application_builds (application_id, number, status, format, spec_version, encoding)
       SELECT id, 3, 'PROCESSING', 'CycloneDX', '1.5', 'json' FROM applications WHERE process_id = $1 AND app_key = 'app7' RETURNING id`,
      [processId],
    );
    await database.query("UPDATE application_builds SET status = 'DONE' WHERE id = $1", [buildId]);
    const [pending] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM compliance_changes WHERE process_id = $1', [processId]);
    console.log(`  (the build recorded ${pending.n} change)`);
    await timed('after one build of one application (the checks whose scope holds it)', 1_000);
  } finally {
    await database.close();
    await fresh.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
