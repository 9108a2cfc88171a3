// OSCAL import time (issue 6 item 15): `node_modules/.bin/tsx api/bench/oscal.ts`.
// The NIST SP 800-53 rev5 LOW baseline into an empty process, then re-imported unchanged and with
// one title changed, on an embedded database in a temp dir; then the same through the API
// (POST /api/standards/imports until the job is DONE). Figures printed, never asserted.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { systemClock } from '../src/identity/clock';
import { likeTheApiClient, PASSWORD, withCookie } from '../src/testing/identity';
import { readNistLowBaseline } from '../src/standards/catalogs';
import { createImportRunner } from '../src/standards/jobs';
import { parseCatalog, readCatalogDocument } from '../src/standards/oscal';
import { createOrganizationCommand, createProcessCommand, createUserCommand } from '../src/cli/users';
import { authenticate } from '../src/testing/users';


const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const app = likeTheApiClient(await buildApp({
    config: { port: 0, host: '127.0.0.1', dataDir: dir, serveStatic: false, staticDir: dir, logLevel: 'silent' },
  }));
  try {
    const db = app.database;
    await createOrganizationCommand(db, ['--name', 'Bench']);
    for (const code of ['DIRECT', 'HTTP']) await createProcessCommand(db, ['--org', 'Bench', '--code', code, '--name', code]);
    const created = await createUserCommand(db, [
      '--org', 'Bench', '--login', 'bench_admin', '--email', 'bench@example.com', '--name', 'Bench', '--password', PASSWORD, '--role', 'ORG_ADMIN',
    ]);
    if (created.code !== 0) throw new Error(created.lines.join('\n'));
    const [processRow] = await db.query<{ id: string; organization_id: string }>("SELECT id, organization_id FROM processes WHERE code_name = 'DIRECT'");
    const text = await readNistLowBaseline();

    let start = process.hrtime.bigint();
    const document = JSON.parse(text);
    const parsed = parseCatalog(readCatalogDocument(document));
    const parseMs = ms(start);
    const runner = createImportRunner(db);
    const target = { organizationId: processRow.organization_id, processId: processRow.id, processCode: 'DIRECT', actor: null };

    start = process.hrtime.bigint();
    const first = await runner.run(target, parsed);
    const firstMs = ms(start);
    start = process.hrtime.bigint();
    const same = await runner.run(target, parsed);
    const sameMs = ms(start);
    document.catalog.groups[0].controls[0].title = 'Policy and Procedures (revised)';
    const changed = parseCatalog(readCatalogDocument(document));
    start = process.hrtime.bigint();
    const one = await runner.run(target, changed);
    const oneMs = ms(start);

    console.log(`OSCAL catalog: ${parsed.title} (${(text.length / 1e6).toFixed(1)} MB, ${parsed.nodes.length} requirements, ${parsed.controls} controls)`);
    console.log(`parse (JSON + tree + markdown): ${parseMs.toFixed(0)} ms`);
    console.log(`import into an empty process: ${firstMs.toFixed(0)} ms (${first.created} created)`);
    console.log(`re-import unchanged: ${sameMs.toFixed(0)} ms (${same.created} created, ${same.updated} updated)`);
    console.log(`re-import with one title changed: ${oneMs.toFixed(0)} ms (${one.created} created, ${one.updated} updated)`);

    // Through the API: upload, 202, poll the job until DONE.
    const cookie = await authenticate(app, 'bench_admin', systemClock);
    const headers = { ...withCookie(cookie), 'content-type': 'application/json' };
    for (const label of ['API import into an empty process', 'API re-import']) {
      start = process.hrtime.bigint();
      const posted = await app.inject({ method: 'POST', url: '/api/standards/imports?graph=http', headers, payload: text });
      if (posted.statusCode !== 202) throw new Error(`import answered ${posted.statusCode}: ${posted.body}`);
      const accepted = ms(start);
      const { id } = posted.json() as { id: string };
      let status = 'RUNNING';
      let job: { status: string; created: number; updated: number } = { status, created: 0, updated: 0 };
      while (status === 'RUNNING') {
        await new Promise((resolve) => setTimeout(resolve, 5));
        job = (await app.inject({ method: 'GET', url: `/api/standards/imports/${id}?graph=http`, headers })).json();
        status = job.status;
      }
      console.log(`${label}: 202 after ${accepted.toFixed(0)} ms, ${status} after ${ms(start).toFixed(0)} ms (${job.created} created, ${job.updated} updated)`);
    }
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
