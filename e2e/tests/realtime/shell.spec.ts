// The shell's parts that follow the user and the deployment (issue 4 items 1, 3, 5): the
// new-version banner when the served app-version changes, header items hidden per permission,
// and the notifications bell disabled in Platform View.
import { expect, test, type Page } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { AUTH_FILE, E2E_PROCESS, USERS } from '../../support/users';
import { bell, signedInBrowser } from './support';

const userMenu = (page: Page) => page.getByTestId('user-menu').getByRole('button').first();

test('a new deployment shows the version banner; UPDATE Now reloads into it', async ({ browser }) => {
  const context = await browser.newContext({ storageState: AUTH_FILE });
  // Check every 300 ms instead of every 15 minutes (the host's test override).
  await context.addInitScript(() => window.localStorage.setItem('portal.versionCheckIntervalMs', '300'));
  let deployed: string | null = null;
  await context.route('**/api/misc/version', async (route) => {
    if (deployed === null) return route.continue();
    return route.fulfill({ json: { version: deployed }, headers: { 'cache-control': 'no-store' } });
  });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(mainHeading(page)).toHaveText('Dashboard');
  await page.waitForTimeout(700);
  await expect(page.getByTestId('new-version-banner')).toHaveCount(0);

  // The served app-version file changes: the banner announces it.
  deployed = '99.1.0';
  const banner = page.getByTestId('new-version-banner');
  await expect(banner).toHaveText(/New Security Portal version 99\.1\.0 is available\./);
  await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'UPDATE Now' }).click()]);
  await expect(mainHeading(page)).toHaveText('Dashboard');
  await page.waitForTimeout(700);
  await expect(page.getByTestId('new-version-banner')).toHaveCount(0);
  await context.close();
});

test('header items are hidden without the permission they need', async ({ browser }) => {
  // A member without the demo permission, not a Global Admin.
  const { context } = await signedInBrowser(browser, USERS.plain);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(mainHeading(page)).toHaveText('Dashboard');
  await expect(bell(page)).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Admin menu' })).toHaveCount(0);
  await expect(page.getByTestId('version-label')).toHaveCount(0);
  await userMenu(page).click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await expect(menu.getByRole('menuitem', { name: 'Account Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  for (const hidden of ['Disable MFA', 'Update/Release Notes']) await expect(menu.getByRole('menuitem', { name: hidden })).toHaveCount(0);
  await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveCount(0);
  await context.close();

  // The navigator (demo permission, Global Admin) sees them.
  const navigator = await browser.newContext({ storageState: AUTH_FILE });
  const full = await navigator.newPage();
  await full.goto('/dashboard');
  await expect(mainHeading(full)).toHaveText('Dashboard');
  await expect(full.getByRole('button', { name: 'Admin menu' })).toBeVisible();
  await expect(full.getByTestId('version-label')).toBeVisible();
  await userMenu(full).click();
  const fullMenu = full.getByRole('menu', { name: 'User menu' });
  for (const shown of ['Account Profile', 'Disable MFA', 'Update/Release Notes', 'Logout']) {
    await expect(fullMenu.getByRole('menuitem', { name: shown })).toBeVisible();
  }
  await navigator.close();
});

test('Platform View disables the notifications bell', async ({ browser }) => {
  // Platform View needs more than one process: the navigator's list shows a second one.
  const navigator = await browser.newContext({ storageState: AUTH_FILE });
  await navigator.route('**/api/projects', async (route) => {
    const response = await route.fetch();
    const processes = (await response.json()) as Array<Record<string, unknown>>;
    const own = processes.find((process) => process.code_name === E2E_PROCESS);
    const second = { ...own, id: `${String(own?.id)}-second`, code_name: 'E2E2', name: 'E2E Second' };
    return route.fulfill({ response, json: [...processes, second] });
  });
  await navigator.route('**/api/sessions', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const session = (await response.json()) as { access_control?: { projects?: Array<Record<string, unknown>> } };
    const projects = session.access_control?.projects ?? [];
    const own = projects.find((project) => String(project.code_name).toLowerCase() === E2E_PROCESS.toLowerCase());
    if (session.access_control && own) session.access_control.projects = [...projects, { ...own, code_name: 'E2E2' }];
    return route.fulfill({ response, json: session });
  });
  // With two processes the chooser would ask: the navigator last worked in the suite's process.
  const session = (await (await navigator.request.get('/api/sessions')).json()) as { user: { id: string } };
  const listed = (await (await navigator.request.get('/api/projects')).json()) as Array<{ id: string; code_name: string }>;
  const own = listed.find((process) => process.code_name === E2E_PROCESS)!;
  await navigator.addInitScript(
    ([key, id]) => window.localStorage.setItem(key!, id!),
    [`portal.lastProcess.${session.user.id}`, own.id],
  );
  const page = await navigator.newPage();
  await page.goto('/dashboard');
  await expect(mainHeading(page)).toHaveText('Dashboard');
  await expect(bell(page)).toBeEnabled();

  await page.getByRole('button', { name: /^Process menu, current process/ }).click();
  await page.getByRole('menu', { name: 'Process menu' }).getByRole('menuitemradio', { name: 'Platform View' }).click();
  await expect(page.getByRole('button', { name: 'Process menu, current process Platform View' })).toBeVisible();
  await expect(bell(page)).toBeDisabled();

  // Back in a process, the bell works again.
  await page.getByRole('button', { name: /^Process menu, current process/ }).click();
  await page.getByRole('menu', { name: 'Process menu' }).getByRole('menuitemradio', { name: 'E2E Requirements' }).click();
  await expect(bell(page)).toBeEnabled();
  await navigator.close();
});

test('the process menu offers the demo-only items to a demo-permission user', async ({ browser }) => {
  const navigator = await browser.newContext({ storageState: AUTH_FILE });
  const page = await navigator.newPage();
  await page.goto('/dashboard');
  await expect(mainHeading(page)).toHaveText('Dashboard');
  await page.getByRole('button', { name: /^Process menu, current process/ }).click();
  const menu = page.getByRole('menu', { name: 'Process menu' });
  await expect(menu.getByRole('menuitem', { name: 'Refresh Session' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Markdown Preview' }).click();
  await expect(page).toHaveURL(/\/demo\/markdown-preview$/);
  await expect(mainHeading(page)).toHaveText('Markdown Preview');
  await page.getByRole('button', { name: /^Process menu, current process/ }).click();
  await page.getByRole('menu', { name: 'Process menu' }).getByRole('menuitem', { name: 'Refresh Session' }).click();
  await expect(page.getByText('The session was refreshed.')).toBeVisible();
  await navigator.close();
});
