// Layout shift on every route of spec 2.1 with the demo data (issue 26 item 21: CLS <= 0.05 on
// every route), printed and never asserted: `cd e2e && ../node_modules/.bin/tsx bench/layout-shifts.ts`
// (after `node scripts/portal.mjs build`; on a shared machine under `flock /tmp/e2e.lock`).
// The portal is started as `npm start` starts it, with `npm run demo`'s data (requirements, three
// applications with SBOMs and findings, tasks, files); the demo admin opens each route in one
// browser profile under Chromium's network emulation (10 Mbit/s, 40 ms round trip), so every
// loading state is on screen long enough to be replaced; CLS is web-vitals' (the largest session
// window of shifts without recent input), and the shifts of a route over the goal are named by
// the elements that moved (x, y, width, height before → after). BENCH_ROUTES=/settings,/alarms
// measures only the routes starting with one of those.
import { createRequire } from 'node:module';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, observeVitals, signIn, startPortal } from './portal.mjs';

// The contract is CommonJS TypeScript: required (tsx compiles it), as the ESM loader cannot name its exports.
const { ROUTES } = createRequire(import.meta.url)('@portal/shared/server') as typeof import('@portal/shared/server');

const PORT = Number(process.env.BENCH_PORT ?? 8285);
const BASE = `http://127.0.0.1:${PORT}`;
const GOAL_CLS = 0.05;
const SLOW_NETWORK = { offline: false, latency: 40, downloadThroughput: (10 * 1000 * 1000) / 8, uploadThroughput: (10 * 1000 * 1000) / 8 };
/** Routes a signed-in member does not open: the sign-in screen, sign-out, not found, first-run setup, invitations. */
const SKIPPED = ['/', '/404', '/support/logout', '/administration/global/initialization', '/user-invitation/:token', '/user-invitation/:organization/:token'];
const PARAMETERS: Record<string, string> = { app_key: 'juice-shop', id: 'sample-id' };
const DEMO_ADMIN = { login: 'demo_admin', password: 'Demo@2026' };

interface Vitals {
  cls: number;
  shifts: string[];
}

async function shiftsOf(page: Page, path: string): Promise<Vitals> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  await page.goto(`${BASE}${path}`, { waitUntil: 'commit' });
  // The route's heading, or the host's NO ACCESS for a route the demo admin may not open.
  await page.locator('main h1, main [role="alert"]').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // Late shifts (a list replacing its loading state) count too.
  await page.waitForTimeout(500);
  const vitals = (await page.evaluate('({ ...window.__vitals })')) as Vitals;
  await cdp.detach();
  return vitals;
}

const stop = await startPortal({ port: PORT, organization: 'Bench', process: 'BENCH', user: { login: 'shift_bencher', password: 'Bencher@2026' }, seed: [['demo']] });
const browser = await chromium.launch(CHROMIUM ? { executablePath: CHROMIUM, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS });
try {
  const storageState = await signIn(browser, BASE, DEMO_ADMIN);
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  // The observer's own source: portal.mjs is plain JavaScript, untouched by the TypeScript loader.
  await context.addInitScript({ content: `(${observeVitals.toString()})();` });
  // The demo admin has two processes: the requirements one is chosen once (remembered after).
  const chooser = await context.newPage();
  await chooser.goto(`${BASE}/dashboard`);
  await chooser.getByRole('button', { name: /Demo Requirements/ }).or(chooser.getByRole('link', { name: /Demo Requirements/ })).first().click();
  await chooser.locator('main h1').first().waitFor();
  await chooser.close();
  // BENCH_ROUTES=/settings,/requirements/add: only the routes starting with one of these.
  const only = process.env.BENCH_ROUTES?.split(',');
  const routes = ROUTES.filter((route) => !SKIPPED.includes(route.path) && (!only || only.some((start) => route.path.startsWith(start))));
  console.log(`layout shift on ${routes.length} routes with the demo data, at 10 Mbit/s and 40 ms RTT, assets cached after each remote's first route (goal CLS <= ${GOAL_CLS}):`);
  const over: string[] = [];
  for (const route of routes) {
    const path = route.path.replace(/:([a-z_]+)/g, (_, name: string) => PARAMETERS[name] ?? `sample-${name}`);
    const page = await context.newPage();
    const measured = await shiftsOf(page, path).catch((error: Error) => error);
    await page.close();
    if (measured instanceof Error) {
      console.log(`  ${path}: neither a heading nor NO ACCESS in the content area within 30 s (${measured.message.split('\n')[0]})`);
      over.push(path);
      continue;
    }
    const { cls, shifts } = measured;
    const verdict = cls <= GOAL_CLS ? 'within the goal' : 'OVER the goal';
    console.log(`  ${path}: CLS ${cls.toFixed(3)} (${verdict})`);
    if (cls > GOAL_CLS) {
      over.push(path);
      for (const shift of shifts) console.log(`      shift ${shift}`);
    }
  }
  console.log(`layout shift: ${routes.length - over.length} of ${routes.length} routes within the goal${over.length ? `; over: ${over.join(', ')}` : ''}`);
  await context.close();
} finally {
  await browser.close();
  stop();
}
