import { expect, test, type Page } from '@playwright/test';
import { CSRF } from '../support/identity';
import { E2E_PROCESS } from '../support/users';

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('one history: navigation inside a remote updates the host, back and forward cross remotes', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(heading(page)).toHaveText('Dashboard');

  // Host navigation into the requirements remote.
  await sideNav(page).getByRole('link', { name: 'Depository' }).click();
  await expect(page).toHaveURL(/\/requirements$/);
  await expect(heading(page)).toHaveText('Depository');
  await expect(sideNav(page).getByRole('link', { name: 'Depository' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Depository | Security Portal');

  // Navigation inside the remote (its own React root) is seen by the host: its title follows.
  await page.getByRole('main').getByRole('link', { name: 'Add Requirement' }).click();
  await expect(page).toHaveURL(/\/requirements\/add-requirement$/);
  await expect(heading(page)).toHaveText('Add Requirement');
  await expect(page).toHaveTitle('Add Requirement | Security Portal');

  // Into another remote.
  await sideNav(page).getByRole('link', { name: 'Tasks' }).click();
  await expect(heading(page)).toHaveText('Tasks');
  await expect(page.getByRole('main').locator('[data-owner]')).toHaveAttribute('data-owner', 'mfe-collaboration');

  // Back and forward across remotes.
  await page.goBack();
  await expect(page).toHaveURL(/\/requirements\/add-requirement$/);
  await expect(heading(page)).toHaveText('Add Requirement');
  await page.goBack();
  await expect(heading(page)).toHaveText('Depository');
  await page.goForward();
  await page.goForward();
  await expect(heading(page)).toHaveText('Tasks');
  await expect(sideNav(page).getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
});

test('a bus event from a remote reaches the host: the screen names the document', async ({ page }) => {
  // Only the remote knows the application key's screen title; the host sets it from the bus.
  // The application exists: an unknown key would answer 404 and cover the page with its Error notice.
  const key = `nav-${Date.now().toString(36)}`;
  expect((await page.request.post(`/api/apps?graph=${E2E_PROCESS.toLowerCase()}`, { data: { app_key: key, name: key }, headers: CSRF })).status()).toBe(201);
  await page.goto(`/applications/${key}`);
  await expect(heading(page)).toHaveText(`Application ${key}`);
  await expect(page).toHaveTitle(`Application ${key} | Security Portal`);
});

test('on a phone (375 px) the page fits the screen: the header wraps, the navigation starts as its rail and expands', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  await expect(heading(page)).toHaveText('Dashboard');
  // Every header control is on the screen, none past its right edge, and the page does not scroll sideways.
  const header = page.locator('header');
  for (const name of [/^Logout$/, /^Support menu$/, /^User menu, /, /^Process menu, /]) {
    const box = await header.getByRole('button', { name }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The navigation is the rail of icons; expanded on demand, its entries are there.
  await expect(sideNav(page).getByRole('link', { name: 'Depository' })).toHaveCount(0);
  await sideNav(page).getByRole('button', { name: 'Expand navigation' }).click();
  await sideNav(page).getByRole('link', { name: 'Depository' }).click();
  await expect(heading(page)).toHaveText('Depository');
});
