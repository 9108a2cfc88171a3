// A remote built against another major version of @portal/shared must not run against the host's
// contract: the federation configs share @portal/shared as a singleton that requires ^<version of
// shared/package.json> with strictVersion, so such a remote fails at load and the host shows its
// fallback (the remote loader's), while the rest of the portal keeps working.
//
// The old remote is made from today's build of mfe-operations, as it would have been built against
// 1.x: the share it provides and the version it requires of @portal/shared are rewritten to 1.0.0
// and ^1.0.0 in its manifest and scripts. The same copy, not rewritten, loads: the version is the
// only difference.
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT } from '../support/portal';
import { repointRemotes } from '../support/remotesManifest';
import { serveDirectory } from '../support/staticServer';

const CONTRACT_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
const OLD_VERSION = '1.0.0';
const PORT = 8294;

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The manifests' entries for @portal/shared, wherever they sit: the version provided and required. */
function rewriteManifest(node: unknown): number {
  if (!node || typeof node !== 'object') return 0;
  if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + rewriteManifest(child), 0);
  const entry = node as Record<string, unknown>;
  let count = 0;
  if (entry.name === '@portal/shared') {
    if (entry.version === CONTRACT_VERSION) {
      entry.version = OLD_VERSION;
      count += 1;
    }
    if (entry.requiredVersion === `^${CONTRACT_VERSION}`) {
      entry.requiredVersion = `^${OLD_VERSION}`;
      count += 1;
    }
  }
  return count + Object.values(entry).reduce((sum: number, child) => sum + rewriteManifest(child), 0);
}

/**
 * Rewrites what a build says of @portal/shared — the version it provides and the range it
 * requires — to the old major. Returns how many places were rewritten in each file.
 */
function buildAgainstOldContract(dir: string): Record<string, number> {
  const version = escape(CONTRACT_VERSION);
  // The scripts: the share registered (`"@portal/shared","<version>",…`), and the consume options
  // (`"@portal/shared":[{version:"<version>",…,requiredVersion:"^<version>",…`).
  const rewrites: [RegExp, string][] = [
    [new RegExp(`("@portal/shared",)"${version}"`, 'g'), `"${OLD_VERSION}"`],
    [new RegExp(`("@portal/shared":\\[\\{version:)"${version}"`, 'g'), `"${OLD_VERSION}"`],
    // Only @portal/shared is at this version among the shared packages.
    [new RegExp(`(requiredVersion:)"\\^${version}"`, 'g'), `"^${OLD_VERSION}"`],
  ];
  const counts: Record<string, number> = {};
  for (const file of readdirSync(dir).filter((name) => /\.(js|json)$/.test(name))) {
    const path = join(dir, file);
    let count = 0;
    let text = readFileSync(path, 'utf8');
    if (file.endsWith('.json')) {
      const manifest: unknown = JSON.parse(text);
      count = rewriteManifest(manifest);
      text = JSON.stringify(manifest, null, 2);
    } else {
      for (const [pattern, replacement] of rewrites) {
        text = text.replace(pattern, (_match, prefix: string) => {
          count += 1;
          return prefix + replacement;
        });
      }
    }
    if (count > 0) {
      writeFileSync(path, text);
      counts[file] = count;
    }
  }
  return counts;
}

let restore: (() => void) | undefined;
test.afterEach(() => restore?.());

test('a remote built against an older major of @portal/shared fails at load with the fallback', async ({ page }) => {
  expect(Number(CONTRACT_VERSION.split('.')[0])).toBeGreaterThan(Number(OLD_VERSION.split('.')[0]));
  const deployed = mkdtempSync(join(tmpdir(), 'portal-old-contract-'));
  cpSync(join(REPO_ROOT, 'mfe-operations', 'dist'), deployed, { recursive: true });
  const server = await serveDirectory(deployed, PORT);
  restore = repointRemotes({ 'mfe-operations': `${server.origin}/mf-manifest.json` });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    // Control: the copy as built (against this contract) loads from that origin.
    await page.goto('/security/azure');
    await expect(heading(page)).toHaveText('Azure Defender');
    await expect(page.getByRole('main').locator('[data-owner]')).toHaveAttribute('data-owner', 'mfe-operations');

    // The same copy, as built against 1.x: the manifest, the entry and the main script.
    const rewritten = buildAgainstOldContract(deployed);
    expect(rewritten).toMatchObject({ 'mf-manifest.json': 2, 'remoteEntry.js': expect.any(Number) });
    expect(readFileSync(join(deployed, 'mf-manifest.json'), 'utf8')).toContain(`"^${OLD_VERSION}"`);

    server.requests.length = 0;
    await page.goto('/security/azure');
    const fallback = page.getByTestId('remote-unavailable');
    await expect(fallback).toContainText('Operations is not available right now');
    expect(server.requests).toContain('/remoteEntry.js');
    // Refused for its contract: the federation runtime's error names the package, the host's
    // version and the range the remote needs ("Version 2.0.0 from host of shared singleton module
    // @portal/shared does not satisfy the requirement of mfe_operations which needs ^1.0.0").
    const refusal = errors.flatMap((error) => error.split('\n')).find((line) => line.includes('@portal/shared') && line.includes('does not satisfy'));
    expect(refusal, errors.join('\n')).toBeDefined();
    expect(refusal).toContain(`Version ${CONTRACT_VERSION} from host`);
    expect(refusal).toContain(`needs ^${OLD_VERSION}`);
    await expect(page.getByRole('main').locator('[data-owner="mfe-operations"]')).toHaveCount(0);

    // The shell and the other remotes keep working.
    await sideNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(heading(page)).toHaveText('Dashboard');
  } finally {
    await server.close();
  }
});
