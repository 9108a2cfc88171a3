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
