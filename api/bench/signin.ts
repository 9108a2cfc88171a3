// Sign-in latency with the chosen argon2id cost: `node_modules/.bin/tsx api/bench/signin.ts`.
// N sequential POST /api/sessions (inject: no network) against an embedded database in a temp dir.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/shared/server';
import { buildApp } from '../src/app';
import { ARGON2_OPTIONS } from '../src/identity/passwords';
import { createUserCommand } from '../src/cli/users';

const N = 50;
const PASSWORD = 'Str0ng!Pass';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const app = await buildApp({
    config: { port: 0, host: '127.0.0.1', dataDir: dir, serveStatic: false, staticDir: dir, logLevel: 'silent' },
  });
  try {
    const created = await createUserCommand(app.database, [
      '--login', 'bench_user', '--email', 'bench@example.com', '--name', 'Bench', '--password', PASSWORD,
    ]);
    if (created.code !== 0) throw new Error(created.lines.join('\n'));
    const signIn = () =>
      app.inject({
        method: 'POST',
        url: '/api/sessions',
        payload: { username: 'bench_user', password: PASSWORD },
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      });
    await signIn(); // warm-up: JIT, first hash of the dummy, connection
    const times: number[] = [];
    for (let i = 0; i < N; i += 1) {
      const start = process.hrtime.bigint();
      const response = await signIn();
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
    }
    times.sort((a, b) => a - b);
    const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
    console.log(`argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}`);
    console.log(`sign-in N=${N}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
