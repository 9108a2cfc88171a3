// `node e2e/bench/graph.mjs`: the graph view's frame time at 5,000 components (issue 7), printed,
// never asserted. A generated CycloneDX SBOM of 5,000 components (a random DAG of ~10,000
// dependencies, seeded, with ten known-vulnerable packages) is uploaded to the portal started as
// `npm start` starts it; Chromium opens /applications/GraphView on it, then for a few seconds
// zooms with the wheel every frame, pans by dragging every frame, and zooms again with the paths
// to a vulnerable component highlighted. Figures: time to the first drawing, the interval between
// frames (what the user sees as fluid: 16.7 ms at 60 Hz) and the time each drawing takes.
// GRAPH_COMPONENTS changes the size, BENCH_PORT the port, BENCH_SECONDS each phase's length.
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, CSRF, percentile, ROOT, signIn, startPortal } from './portal.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8283);
const BASE = `http://127.0.0.1:${PORT}`;
const COMPONENTS = Number(process.env.GRAPH_COMPONENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const USER = { login: 'grapher', password: 'Grapher@2026' };
const GRAPH = 'bench';
const OSV = join(ROOT, 'api/src/vulnerabilities/testdata/osv');
// [package, version, advisory affecting it]
const VULNERABLE = [
  ['lodash', '4.17.15', 'GHSA-35jh-r3h4-6jhm'],
  ['minimist', '1.2.0', 'GHSA-xvch-5gv4-984h'],
  ['ws', '7.4.0', 'GHSA-6fc8-4gx4-v693'],
  ['moment', '2.29.1', 'GHSA-8hfj-j24r-96c4'],
  ['node-fetch', '2.6.0', 'GHSA-w7rc-rwvf-8q5r'],
  ['ini', '1.3.5', 'GHSA-qqgx-2p2h-9c37'],
  ['json5', '2.1.0', 'GHSA-9c47-m6qq-7p4h'],
  ['tar', '4.4.0', 'GHSA-5955-9wpr-37jh'],
  ['semver', '7.3.0', 'GHSA-c2qf-rxjj-qqgw'],
  ['qs', '6.10.1', 'GHSA-hrpp-h998-j3pp'],
];

/** A seeded generator (mulberry32): the same SBOM every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A CycloneDX 1.5 SBOM: the root, COMPONENTS - 1 npm packages, every one reached from the root. */
function generateSbom() {
  const next = random(20261122);
  const count = COMPONENTS - 1;
  const refs = Array.from({ length: count }, (_, i) => `pkg:npm/bench-package-${i}@1.${i % 7}.0`);
  const names = refs.map((_, i) => [`bench-package-${i}`, `1.${i % 7}.0`]);
  VULNERABLE.forEach(([name, version], n) => {
    const at = Math.floor(((n + 1) / (VULNERABLE.length + 1)) * count);
    refs[at] = `pkg:npm/${name}@${version}`;
    names[at] = [name, version];
  });
  const dependsOn = Array.from({ length: count }, () => new Set());
  const direct = 40;
  for (let i = direct; i < count; i++) dependsOn[Math.max(0, i - 1 - Math.floor(next() * Math.min(i, 400)))].add(i);
  for (let extra = 0; extra < count; extra++) {
    const from = Math.floor(next() * (count - 1));
    const to = from + 1 + Math.floor(next() ** 2 * Math.min(300, count - from - 1));
    if (to < count) dependsOn[from].add(to);
  }
  const root = 'pkg:npm/bench-app@1.0.0';
  const edges = dependsOn.reduce((sum, set) => sum + set.size, direct);
  const sbom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: { component: { type: 'application', 'bom-ref': root, name: 'bench-app', version: '1.0.0', purl: root } },
    components: refs.map((ref, i) => ({ type: 'library', 'bom-ref': ref, name: names[i][0], version: names[i][1], purl: ref })),
    dependencies: [
      { ref: root, dependsOn: refs.slice(0, direct) },
      ...dependsOn.map((set, i) => ({ ref: refs[i], dependsOn: [...set].map((j) => refs[j]) })),
    ],
  };
  return { text: JSON.stringify(sbom), edges };
}

async function api(request, method, path, data) {
  const response = await request.fetch(path, { method, headers: CSRF, ...(data === undefined ? {} : { data }) });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

async function prepare(browser, storageState) {
  const context = await browser.newContext({ baseURL: BASE, storageState });
  const { request } = context;
  await api(request, 'POST', `/api/apps?graph=${GRAPH}`, { app_key: 'graph-bench', name: 'Graph bench' });
  const { text, edges } = generateSbom();
  const started = Date.now();
  const build = await api(request, 'POST', `/api/apps/graph-bench/builds?graph=${GRAPH}`, JSON.parse(text));
  let status = build.status;
  while (status !== 'DONE') {
    if (status === 'FAILED') throw new Error('the generated SBOM failed to process');
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = (await api(request, 'GET', `/api/apps/graph-bench/builds/${build.id}?graph=${GRAPH}`)).status;
  }
  console.log(`generated SBOM: ${COMPONENTS.toLocaleString('en-US')} components, ${edges.toLocaleString('en-US')} dependencies, ` +
    `${(text.length / 1024 / 1024).toFixed(1)} MB; uploaded and processed in ${Date.now() - started} ms`);
  await context.close();
  return build.id;
}

/** For SECONDS: every animation frame, a wheel step (zoom) or a drag step (pan) at the canvas; the frame intervals and draw times. */
function measure(page, kind) {
  return page.evaluate(
    async ({ kind, seconds }) => {
      const canvas = document.querySelector('[data-testid="dependency-graph"]');
      const rect = canvas.getBoundingClientRect();
      const cx = rect.left + rect.width / 2;
      const cy = rect.top + rect.height / 2;
      performance.clearMeasures('graph-view draw');
      const intervals = [];
      let step = 0;
      if (kind === 'pan') canvas.dispatchEvent(new MouseEvent('mousedown', { clientX: cx, clientY: cy, button: 0, view: window, bubbles: true, cancelable: true }));
      await new Promise((resolve) => {
        let last = performance.now();
        const end = last + seconds * 1000;
        const tick = (now) => {
          intervals.push(now - last);
          last = now;
          step += 1;
          if (kind === 'zoom') {
            const deltaY = Math.floor(step / 40) % 2 === 0 ? -60 : 60;
            canvas.dispatchEvent(new WheelEvent('wheel', { deltaY, clientX: cx, clientY: cy, view: window, bubbles: true, cancelable: true }));
          } else {
            const dx = 200 * Math.sin(step / 20);
            window.dispatchEvent(new MouseEvent('mousemove', { clientX: cx + dx, clientY: cy + dx / 3, view: window, bubbles: true, cancelable: true }));
          }
          if (now < end) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      if (kind === 'pan') window.dispatchEvent(new MouseEvent('mouseup', { clientX: cx, clientY: cy, view: window, bubbles: true, cancelable: true }));
      const draws = performance.getEntriesByName('graph-view draw').map((entry) => entry.duration);
      return { intervals: intervals.slice(1), draws };
    },
    { kind, seconds: SECONDS },
  );
}

function report(label, { intervals, draws }) {
  const sortedIntervals = [...intervals].sort((a, b) => a - b);
  const sortedDraws = [...draws].sort((a, b) => a - b);
  const fps = (intervals.length / (intervals.reduce((sum, value) => sum + value, 0) / 1000)).toFixed(0);
  console.log(`graph view at ${COMPONENTS.toLocaleString('en-US')} components, ${label}: frame interval p50 ${percentile(sortedIntervals, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(sortedIntervals, 95).toFixed(1)} ms, max ${sortedIntervals[sortedIntervals.length - 1].toFixed(1)} ms (${fps} fps over ${intervals.length} frames); ` +
    `drawing p50 ${percentile(sortedDraws, 50).toFixed(1)} ms, p95 ${percentile(sortedDraws, 95).toFixed(1)} ms over ${draws.length} draws`);
}

const stop = await startPortal({
  port: PORT,
  organization: 'Graph Bench',
  process: GRAPH,
  user: USER,
  advisories: VULNERABLE.map(([, , id]) => join(OSV, `${id}.json`)),
});
const browser = await chromium.launch(CHROMIUM ? { executablePath: CHROMIUM, args: CHROMIUM_ARGS } : { args: CHROMIUM_ARGS });
try {
  const storageState = await signIn(browser, BASE, USER);
  const buildId = await prepare(browser, storageState);
  const context = await browser.newContext({ baseURL: BASE, storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const opened = Date.now();
  await page.goto(`/applications/GraphView?app=graph-bench&build=${buildId}`);
  await page.waitForFunction(() => performance.getEntriesByName('graph-view draw').length > 0, null, { timeout: 60_000 });
  console.log(`graph view at ${COMPONENTS.toLocaleString('en-US')} components: first drawing ${Date.now() - opened} ms after navigation (page, remote, graph data, layout)`);
  report('zooming (a wheel step every frame)', await measure(page, 'zoom'));
  report('panning (a drag step every frame)', await measure(page, 'pan'));
  await page.getByRole('list', { name: 'Vulnerable components' }).getByRole('button').first().click();
  await page.getByTestId('path-summary').waitFor();
  report('zooming with the paths to a vulnerable component highlighted', await measure(page, 'zoom'));
  await context.close();
} finally {
  await browser.close();
  stop();
}
