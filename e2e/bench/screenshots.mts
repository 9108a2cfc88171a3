// Screenshots of issue 26's visual items (item 23: the notes show them before and after), taken
// from a portal already running with `npm run demo`'s data (and POC_FEATURES=true for the POC
// group): `cd e2e && SHOTS_URL=http://127.0.0.1:8291 ../node_modules/.bin/tsx bench/screenshots.mts
// <folder> <prefix>`, e.g. `/tmp/shots/after after`. Files are `<prefix>-<name>.jpg` (the names of
// bench/screenshot-shots.mts, the same for every version), JPEG at SHOTS_QUALITY (default 40: the
// before and after sets together stay under 4 MB), 1440×900 unless a shot says otherwise; `index.md`
// in the folder lists each with its item, what it shows and what happened: a screen the version
// does not have is shot as the route shows it (its 404, NO ACCESS, the state before the missing
// step), never a failure of the run. demo_admin and demo_global_admin sign in with the bench's
// helper (two-factor set up at the first sign-in), so each run needs fresh demo data (a copy of the
// data directory made after `npm run demo` and before the portal starts does). The demo places
// nothing on the priority planes: three requirements and two apps are placed, the same in every
// version. SHOTS_ONLY=07,13 takes only the shots whose names start so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, CSRF, signIn } from './portal.mjs';
import { SHOTS, signInOnScreen, type Shot, type ShotData } from './screenshot-shots.mjs';

const BASE = (process.env.SHOTS_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const [folderArgument = 'screenshots', prefix = 'shot'] = process.argv.slice(2);
const FOLDER = resolve(folderArgument);
const QUALITY = Number(process.env.SHOTS_QUALITY ?? 40);
const VIEWPORT = { width: 1440, height: 900 };
const DEMO_ADMIN = { login: 'demo_admin', password: 'Demo@2026' };
const DEMO_GLOBAL_ADMIN = { login: 'demo_global_admin', password: 'Demo@2026' };
/** Where the demo's points go on the planes (the demo places none): the same in every version. */
const REQUIREMENT_POINTS: [string, number, number][] = [['AC-2', 0.75, 0.3], ['AT-1', 0.3, 0.7], ['IA-2', 0.6, 0.85]];
const APP_POINTS: [string, number, number][] = [['juice-shop', 0.8, 0.65], ['dropwizard', 0.35, 0.25]];

interface Entry {
  shot: Shot;
  file: string;
  note: string;
}

interface AdminView {
  userId: string;
  /** Process ids by code name, Platform View as '*'. */
  processes: Map<string, string>;
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** Signed in with two-factor set up, or undefined when the user cannot sign in (not in this version's demo). */
async function signedIn(browser: Browser, user: { login: string; password: string }): Promise<BrowserContextOptions['storageState'] | undefined> {
  const state = await signIn(browser, BASE, user).catch(() => undefined);
  if (!state) return undefined;
  const check = await browser.newContext({ baseURL: BASE, storageState: state });
  const session = (await (await check.request.get('/api/sessions')).json()) as { authenticated?: boolean };
  await check.close();
  return session.authenticated ? state : undefined;
}

/** What the shots need to know of the demo, and the plane points they show (placed once, idempotent). */
async function prepare(context: BrowserContext, browser: Browser): Promise<{ data: ShotData; view: AdminView }> {
  const { request } = context;
  const session = (await (await request.get('/api/sessions')).json()) as { user: { id: string } | null };
  const listed = (await (await request.get('/api/projects')).json()) as { id: string; code_name: string }[];
  const processes = new Map(listed.map((process) => [process.code_name, process.id]));
  processes.set('Platform View', '*');
  const page = (await (await request.get('/api/requirements?graph=nist&limit=500')).json()) as { items?: { id: string; code: string }[] };
  const requirements = new Map((page.items ?? []).map((item) => [item.code, item.id]));
  const profiles = (await (await request.get('/api/apps/juice-shop/deploymentProfiles?graph=demo')).json()) as { id: string; name: string }[];
  const production = (Array.isArray(profiles) ? profiles : []).find((profile) => profile.name === 'Production')?.id ?? '';
  for (const [code, x, y] of REQUIREMENT_POINTS) {
    const id = requirements.get(code);
    if (id) await request.put(`/api/requirements/${id}/plane?graph=nist`, { data: { x, y }, headers: CSRF });
  }
  for (const [appKey, x, y] of APP_POINTS) await request.put(`/api/apps/${appKey}/plane?graph=demo`, { data: { x, y }, headers: CSRF });
  return { data: { base: BASE, browser, requirements, production }, view: { userId: session.user?.id ?? '', processes } };
}

/** The route's first paint and its reads answered. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1, [role="alert"], form').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
  await page.waitForTimeout(700);
}

/** Opens the shot's route and state; a step the version lacks becomes the note, and the route is shot as it is. */
async function take(page: Page, shot: Shot, data: ShotData, signInFirst?: { login: string; password: string }): Promise<Entry> {
  const file = `${prefix}-${shot.name}.jpg`;
  const path = typeof shot.path === 'function' ? shot.path(data) : shot.path;
  let note = '';
  try {
    if (signInFirst) {
      await page.goto(`${BASE}/`);
      await signInOnScreen(page, signInFirst);
      note = `${signInFirst.login} cannot sign in here: the sign-in screen's answer`;
    } else {
      await page.goto(`${BASE}${path}`);
      await settle(page);
      note = (await shot.act?.(page, data)) ?? '';
    }
  } catch (error) {
    note = `not shown as intended (${firstLine(error)})`;
  }
  await settle(page);
  await page.screenshot({ path: join(FOLDER, file), type: 'jpeg', quality: QUALITY, animations: 'disabled' });
  console.log(`  ${file}${note ? `: ${note}` : ''}`);
  return { shot, file, note };
}

function index(entries: Entry[]): string {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  const rows = entries.map(({ shot, file, note }) => {
    const size = shot.viewport ? ` (${shot.viewport.width}×${shot.viewport.height})` : '';
    return `| ${shot.item} | [${file}](${file}) | ${escape(shot.what)}${size} | ${escape(note)} |`;
  });
  return [
    `# Issue 26 screenshots: ${prefix}`,
    '',
    `Taken by \`e2e/bench/screenshots.mts\` from ${BASE} with the demo data, ${new Date().toISOString().slice(0, 10)}; ` +
      `${VIEWPORT.width}×${VIEWPORT.height} unless noted, JPEG quality ${QUALITY}. A note says what was measured, or why the screen is not the one meant (the version does not have it).`,
    '',
    '| Item | Shot | What it shows | Note |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

mkdirSync(FOLDER, { recursive: true });
const browser = await chromium.launch(CHROMIUM ? { executablePath: CHROMIUM, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS });
try {
  const adminState = await signedIn(browser, DEMO_ADMIN);
  if (!adminState) throw new Error(`demo_admin cannot sign in at ${BASE}: run npm run demo with a fresh DATA_DIR first`);
  const globalState = await signedIn(browser, DEMO_GLOBAL_ADMIN);
  const admin = await browser.newContext({ baseURL: BASE, storageState: adminState, viewport: VIEWPORT });
  const globalAdmin = globalState ? await browser.newContext({ baseURL: BASE, storageState: globalState, viewport: VIEWPORT }) : undefined;
  const { data, view } = await prepare(admin, browser);
  const only = process.env.SHOTS_ONLY?.split(',');
  const shots = SHOTS.filter((shot) => !only || only.some((start) => shot.name.startsWith(start)));
  console.log(`${shots.length} screenshots of ${BASE} into ${FOLDER}:`);
  const entries: Entry[] = [];
  for (const shot of shots) {
    const who = shot.who ?? 'admin';
    // Nobody signed in, or the Global Admin this version's demo does not have: a context of its own.
    const own = who === 'anonymous' || (who === 'global' && !globalAdmin) ? await browser.newContext({ baseURL: BASE, viewport: shot.viewport ?? VIEWPORT }) : undefined;
    const page = await (own ?? (who === 'global' && globalAdmin ? globalAdmin : admin)).newPage();
    page.setDefaultTimeout(15_000);
    if (shot.viewport) await page.setViewportSize(shot.viewport);
    if (who === 'admin') {
      // The process the shot is in, as the chooser remembers the last one chosen (spec 2.3).
      const remembered = { key: `portal.lastProcess.${view.userId}`, id: view.processes.get(shot.process ?? 'NIST') ?? '' };
      await page.addInitScript(({ key, id }) => window.localStorage.setItem(key, id), remembered);
    }
    entries.push(await take(page, shot, data, who === 'global' && !globalAdmin ? DEMO_GLOBAL_ADMIN : undefined));
    await page.close();
    await own?.close();
  }
  writeFileSync(join(FOLDER, 'index.md'), index(entries));
  await globalAdmin?.close();
  await admin.close();
} finally {
  await browser.close();
}
