// The depository's first screen with 10,000 requirements (issue 6; goal <= 300 ms), printed and
// never asserted: `cd e2e && node bench/requirements-tree.mjs` (after `node scripts/portal.mjs
// build`; on a shared machine under `flock /tmp/portal-e2e.lock`).
//   - in the portal: from a click on Depository (side navigation, the dashboard shown) until the
//     tree shows its top-level requirements
//   - a fresh browser profile opening /requirements until the tree shows them (the whole portal
//     loaded cold)
//   - expanding a top-level requirement until its sub-requirements are shown
//   - the table view: from a click on Table until its first page is shown
// The portal is started as `npm start` starts it, on its own port and data directory; the
// requirements come in as a process's users bring them: an OSCAL catalog (100 groups × 9
// controls × 10 enhancements, written here) imported through the API.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, CSRF, signIn, startPortal } from './portal.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8283);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const GOAL_MS = 300;
const COLD_GOAL_MS = 1500;
const SHAPE = { groups: 100, controls: 9, enhancements: 10 };
const USER = { login: 'tree_bencher', password: 'Bencher@2026' };

/** An OSCAL catalog of SHAPE: groups → controls → enhancements, each with a statement. */
function catalog() {
  const statement = (id, text) => [{ id: `${id}_smt`, name: 'statement', prose: text }];
  const groups = [];
  for (let g = 1; g <= SHAPE.groups; g++) {
    const gid = `g${g}`;
    const controls = [];
    for (let c = 1; c <= SHAPE.controls; c++) {
      const cid = `${gid}-${c}`;
      const enhancements = [];
      for (let e = 1; e <= SHAPE.enhancements; e++) {
        const eid = `${cid}.${e}`;
        enhancements.push({
          id: eid,
          title: `Enhancement ${e} of control ${c} in family ${g}`,
          props: [{ name: 'label', value: `${gid.toUpperCase()}-${c}(${e})` }],
          parts: statement(eid, `Audit the access of enhancement ${e} to the records of control ${c}.`),
        });
      }
      controls.push({
        id: cid,
        title: `Control ${c} of family ${g}`,
        props: [{ name: 'label', value: `${gid.toUpperCase()}-${c}` }],
        parts: statement(cid, `Keep an audit trail of control ${c} and review it every quarter.`),
        controls: enhancements,
      });
    }
    groups.push({ id: gid, title: `Family ${g} of the tree bench`, controls });
  }
  return { catalog: { uuid: '00000000-0000-4000-8000-00000000b3c4', metadata: { title: 'Tree bench catalog', version: '1' }, groups } };
}

/** Signs the member in, imports the catalog through the API; the browser state to reuse. */
async function prepare(browser) {
  const storageState = await signIn(browser, BASE, USER);
  const context = await browser.newContext({ baseURL: BASE, storageState });
  const started = Date.now();
  const job = await context.request.post('/api/standards/imports?graph=tree', { data: catalog(), headers: CSRF });
  if (job.status() !== 202) throw new Error(`import: ${job.status()} ${await job.text()}`);
  const { id } = await job.json();
  for (;;) {
    const state = await (await context.request.get(`/api/standards/imports/${id}?graph=tree`)).json();
    if (state.status === 'FAILED') throw new Error(`import failed: ${state.error}`);
    if (state.status === 'DONE') {
      console.log(`imported ${state.total} requirements through the API in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await context.close();
  return storageState;
}

const WAIT_MS = 60_000;

/**
 * Resolves in the page to the time (performance.now()) the first element matching `selector`
 * appears; starts watching now (on a document still loading too). Fails after WAIT_MS with a
 * screenshot of what the page shows instead.
 */
async function watchFor(page, selector) {
  try {
    return await page.evaluate(
      ({ wanted, waitMs }) =>
        new Promise((resolve, reject) => {
          const seen = () => document.querySelector(wanted);
          if (seen()) return resolve(performance.now());
          const observer = new MutationObserver(() => {
            if (seen()) {
              observer.disconnect();
              resolve(performance.now());
            }
          });
          observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
          setTimeout(() => reject(new Error(`${wanted} did not appear in ${waitMs} ms`)), waitMs);
        }),
      { wanted: selector, waitMs: WAIT_MS },
    );
  } catch (error) {
    const shot = join(tmpdir(), `requirements-tree-bench-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`${error.message} (the page: ${shot})`);
  }
}

/**
 * Clicks in the page and answers the click's time (performance.now()), taken by the page itself.
 * The listener is in place before the click is sent (an evaluate sent beside the click may run
 * after it: the click then goes unseen and the run waits forever).
 */
async function clickAt(page, locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`nothing to click: ${locator}`);
  await page.evaluate(() => {
    window.__benchClicked = new Promise((resolve) => window.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true }));
  });
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return page.evaluate(
    (waitMs) => Promise.race([window.__benchClicked, new Promise((_, reject) => setTimeout(() => reject(new Error(`the click was not seen in ${waitMs} ms`)), waitMs))]),
    WAIT_MS,
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const worst = (values) => Math.max(...values);
const report = (name, values, goal = GOAL_MS) =>
  console.log(`${name}: median ${median(values).toFixed(0)} ms, worst ${worst(values).toFixed(0)} ms over ${values.length} runs (goal ${goal} ms)`);

const TOP_ITEM = '[role="tree"] [role="treeitem"][aria-level="1"]';
const CHILD_ITEM = '[role="tree"] [role="treeitem"][aria-level="2"]';

async function main() {
  const stop = await startPortal({ port: PORT, organization: 'Bench', process: 'TREE', user: USER });
  const browser = await chromium.launch(CHROMIUM ? { executablePath: CHROMIUM, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS });
  try {
    const storageState = await prepare(browser);
    const inPortal = [];
    const cold = [];
    const expand = [];
    const table = [];
    for (let run = 0; run < RUNS; run++) {
      // Cold: a fresh profile (no cached scripts, no cached data) opening the depository.
      const coldContext = await browser.newContext({ storageState, baseURL: BASE });
      const coldPage = await coldContext.newPage();
      await coldPage.goto('/requirements', { waitUntil: 'commit' });
      cold.push(await watchFor(coldPage, TOP_ITEM));
      await coldContext.close();

      // In the portal: the dashboard is on screen, the user opens the depository.
      const context = await browser.newContext({ storageState, baseURL: BASE, viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      page.on('crash', () => console.error(`run ${run}: the page crashed`));
      await page.goto('/dashboard');
      await page.locator('[data-remote="mfe-requirements"] h1').waitFor();
      await page.waitForLoadState('networkidle');
      const shown = watchFor(page, TOP_ITEM);
      // The side navigation's entry (the dashboard links to the depository too).
      const clicked = await clickAt(page, page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Depository' }));
      inPortal.push((await shown) - clicked);
      const rows = await page.locator(TOP_ITEM).count();

      // Expanding the first top-level requirement (its children are read then).
      const expanded = watchFor(page, CHILD_ITEM);
      const toggled = await clickAt(page, page.locator('[role="tree"] [data-testid^="toggle-"]').first());
      expand.push((await expanded) - toggled);

      // The table view's first page.
      await page.waitForLoadState('networkidle');
      const tableShown = watchFor(page, '[role="table"] [role="row"][aria-rowindex="2"] [role="cell"] a');
      const tabbed = await clickAt(page, page.getByRole('button', { name: 'Table', exact: true }));
      table.push((await tableShown) - tabbed);
      if (run === 0) console.log(`the tree shows ${rows} top-level requirements (of ${SHAPE.groups}) on its first screen`);
      await context.close();
    }
    const total = SHAPE.groups * (1 + SHAPE.controls * (1 + SHAPE.enhancements));
    console.log(`${total} requirements (${SHAPE.groups} × ${SHAPE.controls} × ${SHAPE.enhancements}); Chromium, ${RUNS} runs`);
    report('tree first screen, from a click on Depository', inPortal);
    // The whole portal loaded cold: its budget is the cold load's of bench/run.mjs.
    report('tree first screen, cold load of /requirements in a fresh profile (from navigation start)', cold, COLD_GOAL_MS);
    report('expand a top-level requirement until its sub-requirements show', expand);
    report('table first page, from a click on Table', table);
  } finally {
    await browser.close();
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
