// The portfolio SBOM view (issue 24 item 5): `node_modules/.bin/tsx api/bench/portfolio-sbom.ts`.
// A process of 1,000 applications (BENCH_APPS), each with an older and a current processed build of
// 400 npm components drawn from a pool of 3,000, about 8% of them vulnerable: GET
// apps/componentsVulnerabilities' and apps/resourcesVulnerabilities' first page (one SQL query
// each) under a few filters and sorts, median and worst of 5 runs, uncached.
// Embedded database in a temp dir, or DATABASE_URL (a fresh schema, dropped after). Figures
// printed, never asserted.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseComponentsQuery, parseResourcesQuery } from '../src/apps/portfolio-query';
import { portfolioComponents, portfolioResources } from '../src/apps/service';
import { migrate } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import { freshSchema } from './load';

const APPS = Number(process.env.BENCH_APPS ?? 1_000);
const COMPONENTS = 400;
const RUNS = 5;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-portfolio-'));
  // With DATABASE_URL, a fresh schema of that server, dropped after.
  const fresh = await freshSchema(process.env.DATABASE_URL);
  const database = await openDatabase({ dataDir: dir, databaseUrl: fresh.databaseUrl });
  try {
    await migrate(database);
    const [{ id: organizationId }] = await database.query<{ id: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING id', [`Bench ${randomUUID()}`]);
    const [{ id: processId }] = await database.query<{ id: string }>(
      "INSERT INTO processes (organization_id, code_name, name, type, dashboard_type) VALUES ($1, 'portfolio', 'Portfolio', 'REQUIREMENTS', 'LIVE') RETURNING id",
      [organizationId],
    );
    await database.query(
      `INSERT INTO applications (organization_id, process_id, app_key, name) SELECT $1, $2, 'app' || g, 'App ' || g FROM generate_series(1, $3::int) g`,
      [organizationId, processId, APPS],
    );
    await database.query(
      `INSERT INTO application_builds (application_id, number, status, format, spec_version, encoding)
       SELECT a.id, n, 'DONE', 'CycloneDX', '1.5', 'json' FROM applications a, generate_series(1, 2) n WHERE a.process_id = $1`,
      [processId],
    );
    await database.query(
      `INSERT INTO sbom_components (build_id, position, bom_ref, name, version, purl)
       SELECT b.id, p, 'ref' || p, 'pkg' || ((p * 7 + hashtext(b.id::text)) & 4095) % 3000, '1.0.0',
              'pkg:npm/pkg' || ((p * 7 + hashtext(b.id::text)) & 4095) % 3000 || '@1.0.0'
         FROM application_builds b, generate_series(0, $1::int - 1) p`,
      [COMPONENTS],
    );
    await database.query(
      `INSERT INTO build_findings (build_id, position, vulnerability_id, aliases, severity, score, active_exploit)
       SELECT c.build_id, c.position, 'GHSA-' || (hashtext(c.name) & 1023), ARRAY['CVE-2026-' || (hashtext(c.name) & 1023)],
              (ARRAY['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'])[1 + (hashtext(c.name) & 3)], 5.0, hashtext(c.name) % 97 = 0
         FROM sbom_components c WHERE hashtext(c.name) % 13 = 0`,
    );
    await database.query('ANALYZE');
    const [counts] = await database.query<{ components: number; findings: number }>(
      'SELECT (SELECT count(*)::int FROM sbom_components) AS components, (SELECT count(*)::int FROM build_findings) AS findings',
    );
    const kind = fresh.databaseUrl ? 'Postgres' : 'embedded PGlite';
    console.log(
      `Portfolio SBOM view (${kind}): ${APPS.toLocaleString('en')} apps × 2 builds × ${COMPONENTS} components (${counts.components.toLocaleString('en')}), ${counts.findings.toLocaleString('en')} findings (half in current builds)`,
    );
    const cases: [string, () => Promise<{ total: number }>][] = [
      ['components, by severity', () => portfolioComponents(database, organizationId, processId, parseComponentsQuery({}))],
      ['components, by applications', () => portfolioComponents(database, organizationId, processId, parseComponentsQuery({ sort: 'applications' }))],
      ['components, q=pkg1', () => portfolioComponents(database, organizationId, processId, parseComponentsQuery({ q: 'pkg1' }))],
      ['components, severity=CRITICAL', () => portfolioComponents(database, organizationId, processId, parseComponentsQuery({ severity: 'CRITICAL' }))],
      ['components, application=app7', () => portfolioComponents(database, organizationId, processId, parseComponentsQuery({ application: 'app7' }))],
      ['components, page at offset 200', () => portfolioComponents(database, organizationId, processId, parseComponentsQuery({ offset: '200' }))],
      ['applications, by severity', () => portfolioResources(database, organizationId, processId, parseResourcesQuery({}))],
      ['applications, by newest build', () => portfolioResources(database, organizationId, processId, parseResourcesQuery({ sort: 'build_date' }))],
    ];
    for (const [label, run] of cases) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const start = process.hrtime.bigint();
        total = (await run()).total;
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      times.sort((a, b) => a - b);
      console.log(`  ${label}: median ${times[Math.floor(RUNS / 2)].toFixed(0)} ms, worst ${times[RUNS - 1].toFixed(0)} ms (total ${total.toLocaleString('en')})`);
    }
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
