// What a browser benchmark needs of the portal: started exactly as `npm start` starts it, on its own
// port and data directory, with a member made by the portal's own command line before it starts;
// and that member signed in with two-factor set up, as a browser state to reuse.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Starts the portal on `port` with a fresh data directory holding organization `organization`,
 * process `process` and `user` (ORG_ADMIN), and the OSV files `advisories` imported (a Global
 * Admin's import, made with the command line as an operator would) and the command lines `seed`
 * (e.g. [['demo']]: the demo data) run; resolves to the function that stops it.
 */
export async function startPortal({ port, organization, process: code, user, advisories = [], seed = [], env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const cli = (...args) =>
    execFileSync('node', ['scripts/portal.mjs', 'cli', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    });
  cli('create-organization', '--name', organization);
  cli('create-process', '--org', organization, '--code', code, '--name', code);
  cli('create-user', '--org', organization, '--login', user.login, '--email', `${user.login}@example.com`, '--name', user.login,
    '--password', user.password, '--role', 'ORG_ADMIN');
  if (advisories.length > 0) cli('import-advisories', ...advisories);
  for (const command of seed) cli(...command);
  const child = spawn('node', ['scripts/portal.mjs', 'start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', RABBITMQ_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Signs `user` in and sets up two-factor through the API; the browser state to reuse. */
export async function signIn(browser, base, user) {
  const context = await browser.newContext({ baseURL: base });
  await context.request.post('/api/sessions', { data: { username: user.login, password: user.password }, headers: CSRF });
  const { secret } = await (await context.request.post('/api/sessions/mfa', { headers: CSRF })).json();
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await context.request.post(`/api/sessions/mfa/setup/${code}`, { headers: CSRF });
  const state = await context.storageState();
  await context.close();
  return state;
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
