import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT } from '../support/portal';
import { repointRemotes } from '../support/remotesManifest';
import { serveDirectory } from '../support/staticServer';

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
// The singletons of ARCHITECTURE.md that the portal's screens use today. react-router-dom is in
// the shared list too, but the portal imports routing from react-router (its federation surface),
// so nothing loads react-router-dom: it may appear at most once, like any singleton.
const SINGLETONS = ['react', 'react-dom', 'react-router', '@tanstack/react-query', '@chakra-ui/react', '@emotion/react', '@portal/shared'];
const UNUSED_SINGLETONS = ['react-router-dom'];

// How each singleton's chunk is named in every build (shared/federation/webpack.cjs: named chunk ids).
const SINGLETON_CHUNKS: Record<string, RegExp> = {
  react: /^(vendors-)?node_modules_pnpm_react_\d/,
  'react-dom': /^(vendors-)?node_modules_pnpm_react-dom_\d/,
  'react-router': /^(vendors-)?node_modules_pnpm_react-router_\d/,
  '@tanstack/react-query': /^(vendors-)?node_modules_pnpm_tanstack_react-query_\d/,
  '@chakra-ui/react': /^shared_federation_chakra-surface_ts/,
  '@emotion/react': /^(vendors-)?node_modules_pnpm_emotion_react_\d/,
  '@portal/shared': /^shared_src_index_ts/,
};

/** A script's chunk name: its file name without the content hash. */
function chunkName(path: string): string {
  return (path.split('/').pop() ?? '').replace(/\.[0-9a-f]{8}\.js$/, '');
}

interface ShareEntry {
  from: string;
  loaded?: boolean;
  loading?: unknown;
  useIn?: string[];
}

/** Which container's copy of each shared package the page uses, from the federation runtime. */
async function shareScope(page: Page): Promise<Record<string, Record<string, ShareEntry>>> {
  return page.evaluate(() => {
    const federation = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>> } }).__FEDERATION__;
    const merged: Record<string, Record<string, ShareEntry>> = {};
    for (const instance of Object.values(federation.__SHARE__)) {
      for (const [pkg, versions] of Object.entries(instance.default ?? {})) {
        merged[pkg] = { ...merged[pkg], ...Object.fromEntries(Object.entries(versions).map(([v, e]) => [v, { from: e.from, loaded: e.loaded, useIn: e.useIn }])) };
      }
    }
    return merged;
  });
}

test('the singletons are loaded exactly once across host and remotes', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  // Visit screens of three remotes in one page.
  await page.goto('/dashboard');
  await expect(heading(page)).toHaveText('Dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(heading(page)).toHaveText('Tasks');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'IAM' }).click();
  await expect(heading(page)).toHaveText('IAM');

  const scope = await shareScope(page);
  for (const name of SINGLETONS) {
    const versions = Object.entries(scope[name] ?? {});
    const loaded = versions.filter(([, entry]) => entry.loaded);
    expect(loaded, `${name} loaded copies: ${JSON.stringify(versions)}`).toHaveLength(1);
  }
  for (const name of UNUSED_SINGLETONS) {
    const loaded = Object.values(scope[name] ?? {}).filter((entry) => entry.loaded);
    expect(loaded.length, `${name} loaded copies`).toBeLessThanOrEqual(1);
  }
  // The network agrees: each singleton's files came from one container only. Every container
  // names a shared package's chunk alike (named chunk ids), so a second copy would show up as the
  // same name fetched from a second place.
  for (const [name, pattern] of Object.entries(SINGLETON_CHUNKS)) {
    const files = scripts.filter((path) => pattern.test(chunkName(path)));
    expect(files.length, `${name} was not downloaded`).toBeGreaterThan(0);
    const byName = new Map<string, string[]>();
    for (const path of files) byName.set(chunkName(path), [...(byName.get(chunkName(path)) ?? []), path]);
    for (const [chunk, paths] of byName) expect(paths, `${chunk} fetched more than once`).toHaveLength(1);
  }
});

test('a remote served from a second origin is used without rebuilding anything', async ({ page }) => {
  // The operations team deploys its build on its own server and repoints the runtime manifest.
  const deployed = mkdtempSync(join(tmpdir(), 'portal-second-origin-'));
  cpSync(join(REPO_ROOT, 'mfe-operations', 'dist'), deployed, { recursive: true });
  const server = await serveDirectory(deployed, 8193);
  const restore = repointRemotes({ 'mfe-operations': `${server.origin}/mf-manifest.json` });
  const fromPortal: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mfe-operations/')) fromPortal.push(request.url());
  });
  try {
    await page.goto('/security/azure');
    await expect(heading(page)).toHaveText('Azure Defender');
    await expect(page.getByRole('main').locator('[data-owner]')).toHaveAttribute('data-owner', 'mfe-operations');
    expect(server.requests).toContain('/mf-manifest.json');
    expect(server.requests).toContain('/remoteEntry.js');
    expect(fromPortal).toEqual([]);
  } finally {
    restore();
    await server.close();
  }
});
