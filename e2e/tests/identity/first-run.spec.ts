import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../../support/portal';
import { mainHeading, signInThroughScreen } from '../../support/identity';
import { totpCode } from '../../support/users';

const PORT = 8186;

/** A second portal on an empty database, started as a user starts it; answers the printed link. */
function startEmptyPortal(dataDir: string): Promise<{ child: ChildProcess; link: string }> {
  const child = spawn('node', ['scripts/portal.mjs', 'start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', REMOTES_JSON: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no initialization link printed:\n${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const link = output.match(/Initialize the portal at (\S+)/)?.[1];
      if (link) {
        clearTimeout(timer);
        resolve({ child, link });
      }
    });
  });
}

test('first run: the Initiator creates the first organization and its Global Admin, who sets up two-factor', async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-first-run-'));
  const { child, link } = await startEmptyPortal(dataDir);
  try {
    await page.goto(link);
    const form = page.getByRole('form', { name: 'Initialization' });
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(/\/administration\/global\/initialization$/);
    await form.getByLabel('Organization name').fill('Acme Security');
    await form.getByLabel('Name', { exact: true }).fill('Gail Global');
    await form.getByLabel('Login ID').fill('gail');
    await form.getByLabel('Email').fill('gail@example.com');
    await form.getByLabel('Password', { exact: true }).fill('Global@2026');
    await form.getByLabel('Repeat password').fill('Global@2026');
    await form.getByRole('button', { name: 'INITIALIZE' }).click();
    await expect(page.getByText('The portal is initialized. Sign in as gail.')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The link is single use: the Initiator cannot come back with it.
    await signInThroughScreen(page, { login: 'gail', password: 'Global@2026' });
    const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
    await page.getByLabel('Verification code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Download' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/administration\/global$/);
    await expect(mainHeading(page)).toHaveText('Global Administration');

    await page.goto(link);
    await expect(page.getByText('The initialization link is invalid or has expired.')).toBeVisible();
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
