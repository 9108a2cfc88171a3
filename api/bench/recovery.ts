// Disaster recovery (issue 25 item 9): back up a process of 10,000 requirements, 20 applications ×
// 1,000 components with findings and VEX analyses, and 500 library files (100 MB) — encrypted, to
// the folder target — then restore it into a new process. Prints both times (goals ≤ 15 s and
// ≤ 30 s), the CPU time this process spent (the embedded database runs in it: on a loaded machine the
// wall time is not the work), and the RSS growth during each (goal ≤ 256 MB), sampled every 20 ms. The
// embedded database by default; DATABASE_URL: a fresh schema of that Postgres server.
// `tsx api/bench/recovery.ts` (BENCH_RECOVERY_SCALE=0.1 for a tenth of it).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { createOrganizationCommand, createProcessCommand } from '../src/cli/users';
import { createBlobStore } from '../src/documents/service';
import { manualClock } from '../src/identity/clock';
import { limitHeapGrowth } from '../src/memory';
import { findBackup } from '../src/recovery/service';
import { createTestUser } from '../src/testing/identity';
import { seedRecoveryProcess } from '../src/testing/recovery';
import { freshSchema } from './load';

const MB = 1024 * 1024;
const SCALE = Number(process.env.BENCH_RECOVERY_SCALE ?? 1);

/** Runs `work`, sampling the RSS: its seconds and the peak growth over the RSS before it (MB). */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; cpuSeconds: number; growthMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const result = await work();
    const used = process.cpuUsage(cpu);
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
      growthMb: (Math.max(peak, process.memoryUsage().rss) - before) / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<void> {
  limitHeapGrowth(); // as the server's entry point does
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-recovery-'));
  const schema = await freshSchema(process.env.DATABASE_URL);
  const clock = manualClock(new Date());
  const app = await buildApp({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: schema.databaseUrl,
      serveStatic: false,
      staticDir: dir,
      logLevel: 'silent',
      recovery: { key: 'b'.repeat(64) },
    },
    now: clock.now,
  });
  try {
    // Ready: the job workers run the backup.
    await app.ready();
    await createOrganizationCommand(app.database, ['--name', 'Bench']);
    await createProcessCommand(app.database, ['--org', 'Bench', '--code', 'bench', '--name', 'Bench']);
    await createTestUser(app, 'bench_recovery', clock.now, '--org', 'Bench', '--role', 'ORG_ADMIN');
    const [process_] = await app.database.query<{ id: string; organization_id: string }>("SELECT id, organization_id FROM processes WHERE code_name = 'bench'");
    const [user] = await app.database.query<{ id: string }>("SELECT id FROM users WHERE login_id = 'bench_recovery'");
    const scale = {
      requirements: Math.round(10_000 * SCALE),
      applications: Math.max(1, Math.round(20 * SCALE)),
      componentsPerApplication: 1000,
      files: Math.max(1, Math.round(500 * SCALE)),
      fileBytes: Math.round((100 * MB) / 500),
    };
    const seeding = performance.now();
    await seedRecoveryProcess(app.database, createBlobStore(dir), process_.id, user.id, scale);
    console.log(
      `recovery: seeded ${scale.requirements} requirements, ${scale.applications} × ${scale.componentsPerApplication} components with findings, ` +
        `${scale.files} files (${((scale.files * scale.fileBytes) / MB).toFixed(0)} MB) in ${((performance.now() - seeding) / 1000).toFixed(1)} s (${app.database.kind})`,
    );
    await app.database.query("INSERT INTO recovery_settings (process_id, organization_id, encrypted, updated_at) VALUES ($1, $2, true, now())", [process_.id, process_.organization_id]);

    const backup = await measured(async () => {
      const { id } = await app.recovery.start({ id: process_.id, organization_id: process_.organization_id, code_name: 'bench', name: 'Bench' }, 'manual', user.id);
      // Run by the app's 'backups' job (the bench's app works every kind).
      await app.recovery.idle();
      return (await findBackup(app.database, process_.organization_id, process_.id, id))!;
    });
    if (backup.result.status !== 'succeeded') throw new Error(`the backup failed: ${backup.result.error}`);
    console.log(
      `recovery: backup (encrypted, folder) ${(Number(backup.result.size) / MB).toFixed(1)} MB in ${backup.seconds.toFixed(2)} s (goal ≤ 15 s; CPU of this process ${backup.cpuSeconds.toFixed(2)} s); ` +
        `RSS growth ${backup.growthMb.toFixed(1)} MB (goal ≤ 256 MB)`,
    );
    const restore = await measured(() => app.recovery.restore(backup.result, { organizationId: process_.organization_id, codeName: 'bench-restored' }));
    const rows = Object.entries(restore.result.counts).reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `recovery: restore of ${rows} rows and ${restore.result.manifest.counts.files} files into a new process in ${restore.seconds.toFixed(2)} s (goal ≤ 30 s; CPU of this process ${restore.cpuSeconds.toFixed(2)} s); ` +
        `RSS growth ${restore.growthMb.toFixed(1)} MB (goal ≤ 256 MB)`,
    );
  } finally {
    await app.close();
    await schema.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
