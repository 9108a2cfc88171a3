// Permission evaluation cost (issue 5): µs per check against 200 policies, and the overhead the
// guard adds to an API request (session, access control, check) — `tsx api/bench/permissions.ts`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_PERMISSIONS, checkPermission, PERMISSIONS, type Policy } from '@portal/shared/server';
import { buildApp } from '../src/app';
import { createOrganizationCommand, createUserCommand } from '../src/cli/users';
import { authenticate } from '../src/testing/users';
import { likeTheApiClient, withCookie } from '../src/testing/identity';

const POLICIES = 200;
const CHECKS = 200_000;
const REQUESTS = 300;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** 200 policies like a large organization's: per-process conditions, wildcards, a few forbids. */
function policies(): Policy[] {
  const result: Policy[] = [];
  for (let i = 0; i < POLICIES; i += 1) {
    const permission = ALL_PERMISSIONS[i % ALL_PERMISSIONS.length];
    const [action, rest] = permission.split('=>');
    const resource = rest.split('@')[0];
    result.push({
      effect: i % 25 === 0 ? 'forbid' : 'allow',
      actions: i % 10 === 0 ? ['*'] : [action],
      resources: i % 7 === 0 ? [`${resource.split('::')[0]}*`] : [resource],
      principals: [`Role::R${i % 12}`],
      condition: i % 3 === 0 ? `project == "p${i % 40}"` : i % 5 === 0 ? 'organization == "Acme" && scope != "global"' : null,
    });
  }
  return result;
}

function evaluationCost(): void {
  const access = { policies: policies() };
  const checks = ALL_PERMISSIONS.slice();
  let granted = 0;
  for (let i = 0; i < 10_000; i += 1) checkPermission(access, checks[i % checks.length], { organization: 'Acme', project: 'p3' });
  const start = process.hrtime.bigint();
  for (let i = 0; i < CHECKS; i += 1) {
    if (checkPermission(access, checks[i % checks.length], { organization: 'Acme', project: `p${i % 40}`, scope: 'project' })) granted += 1;
  }
  const micros = Number(process.hrtime.bigint() - start) / 1e3 / CHECKS;
  console.log(`permission check, ${POLICIES} policies: ${micros.toFixed(2)} µs per check (${CHECKS} checks, ${granted} granted)`);
}

async function requestOverhead(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const app = await buildApp({
    config: { port: 0, host: '127.0.0.1', dataDir: dir, serveStatic: false, staticDir: dir, logLevel: 'silent' },
  });
  app.get('/api/bench/public', { config: { permission: 'public' } }, async () => ({}));
  app.get('/api/bench/guarded', { config: { permission: PERMISSIONS.administration.USER.LIST } }, async () => ({}));
  try {
    await createOrganizationCommand(app.database, ['--name', 'Acme']);
    const created = await createUserCommand(app.database, [
      '--org', 'Acme', '--login', 'bench_admin', '--email', 'bench@example.com', '--name', 'Bench', '--password', 'Str0ng!Pass', '--role', 'ORG_ADMIN',
    ]);
    if (created.code !== 0) throw new Error(created.lines.join('\n'));
    const now = () => new Date();
    const cookie = await authenticate(likeTheApiClient(app), 'bench_admin', now);
    const time = async (url: string): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i += 1) {
        const start = process.hrtime.bigint();
        const response = await app.inject({ method: 'GET', url, headers: withCookie(cookie) });
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      }
      return times.sort((a, b) => a - b);
    };
    await time('/api/bench/guarded'); // warm-up
    const open = await time('/api/bench/public');
    const guarded = await time('/api/bench/guarded');
    const p50 = percentile(guarded, 50) - percentile(open, 50);
    const p95 = percentile(guarded, 95) - percentile(open, 95);
    console.log(
      `guard overhead per request (embedded database): p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
        `(public route p50 ${percentile(open, 50).toFixed(2)} ms, guarded p50 ${percentile(guarded, 50).toFixed(2)} ms)`,
    );
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

evaluationCost();
requestOverhead().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
