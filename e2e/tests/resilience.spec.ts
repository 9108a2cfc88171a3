import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT } from '../support/portal';
import { repointRemotes } from '../support/remotesManifest';
import { serveDirectory } from '../support/staticServer';

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const DOWN_PORT = 8191;

let restore: (() => void) | undefined;
test.afterEach(() => restore?.());

test('an unreachable remote shows the fallback, the rest keeps working, Try Again recovers it', async ({ page }) => {
  // The collaboration team's server is down.
  restore = repointRemotes({ 'mfe-collaboration': `http://127.0.0.1:${DOWN_PORT}/mf-manifest.json` });
  await page.goto('/collaboration/tasks');
  const fallback = page.getByTestId('remote-unavailable');
  await expect(fallback).toContainText('Collaboration is not available right now');
  await expect(fallback).toContainText('Connection Error. Please try again later.');

  // Header, navigation and other remotes keep working.
  await expect(page.getByRole('banner')).toBeVisible();
  await sideNav(page).getByRole('link', { name: 'Depository' }).click();
  await expect(heading(page)).toHaveText('Depository');
  await sideNav(page).getByRole('link', { name: 'Tasks' }).click();
  await expect(fallback).toBeVisible();

  // The server comes back on its origin; Try Again loads the remote.
  const server = await serveDirectory(join(REPO_ROOT, 'mfe-collaboration', 'dist'), DOWN_PORT);
  try {
    await fallback.getByRole('button', { name: 'Try Again' }).click();
    await expect(heading(page)).toHaveText('Tasks');
    await expect(page.getByRole('main').locator('[data-owner]')).toHaveAttribute('data-owner', 'mfe-collaboration');
    expect(server.requests).toContain('/mf-manifest.json');
  } finally {
    await server.close();
  }
});

test('a remote whose script fails shows the fallback while the shell keeps working', async ({ page }) => {
  // A broken deployment: the remote's entry script throws when it runs.
  const broken = mkdtempSync(join(tmpdir(), 'portal-broken-remote-'));
  cpSync(join(REPO_ROOT, 'mfe-operations', 'dist'), broken, { recursive: true });
  writeFileSync(join(broken, 'remoteEntry.js'), 'throw new Error("broken deployment of mfe-operations");');
  const server = await serveDirectory(broken, 8192);
  restore = repointRemotes({ 'mfe-operations': `${server.origin}/mf-manifest.json` });
  try {
    await page.goto('/security/aws');
    await expect(page.getByTestId('remote-unavailable')).toContainText('Operations is not available right now');
    await sideNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(heading(page)).toHaveText('Dashboard');
  } finally {
    await server.close();
  }
});
