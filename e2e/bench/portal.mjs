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

/**
 * For addInitScript, in every page before its scripts: LCP (the latest candidate) and CLS (the
 * largest session window of layout shifts without recent input: gaps under 1 s, windows under 5 s,
 * as web-vitals counts it), with each shift of 0.01 or more and the elements that moved (x, y,
 * width, height before → after); read back as window.__vitals. Plain JavaScript: it runs in the page.
 */
export function observeVitals() {
  const vitals = { lcp: 0, cls: 0, shifts: [] };
  const describe = (node) => {
    if (!node || !(node instanceof Element)) return String(node?.nodeName ?? '?');
    const label = node.getAttribute('aria-label') || node.getAttribute('data-testid') || node.getAttribute('data-remote') || node.getAttribute('role') || (node.textContent ?? '').trim().slice(0, 30);
    return `${node.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`;
  };
  const rect = (r) => `(${[r.x, r.y, r.width, r.height].map(Math.round).join(',')})`;
  let session = 0;
  let first = 0;
  let last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (entry.value >= 0.01) {
        const moved = entry.sources.map((source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`);
        vitals.shifts.push(`${entry.value.toFixed(3)} at ${entry.startTime.toFixed(0)} ms: ${moved.join(', ')}`);
      }
      if (session > 0 && entry.startTime - last < 1000 && entry.startTime - first < 5000) session += entry.value;
      else {
        session = entry.value;
        first = entry.startTime;
      }
      last = entry.startTime;
      vitals.cls = Math.max(vitals.cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  Object.defineProperty(window, '__vitals', { value: vitals });
}
