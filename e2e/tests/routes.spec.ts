import { expect, test } from '@playwright/test';
import { ROUTES } from '@portal/shared/server';

// Every route of spec 2.1 resolves to its owner and renders that owner's screen for it, for a
// signed-in member who may open it (the navigator: organization admin, Global Admin, demo). Home
// redirects (below); logout is proven by the identity suite.
const OWNED = ROUTES.filter((route) => !['/404', '/', '/support/logout'].includes(route.path));
/** Only the Initiator may initialize the system (initialize=>System@universal): NO ACCESS for anyone else. */
const INITIATOR_ONLY = ['/administration/global/initialization'];

function samplePath(path: string): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => `sample-${name.replace(/_/g, '-')}`);
}

test.describe('route table', () => {
  for (const route of OWNED.filter((candidate) => INITIATOR_ONLY.includes(candidate.path))) {
    test(`${route.path} shows NO ACCESS to anyone but the Initiator`, async ({ page }) => {
      await page.goto(samplePath(route.path));
      await expect(page.getByRole('alert').filter({ hasText: 'NO ACCESS' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    });
  }

  // One page per owner, a step per route: the owner's scripts come from the browser's cache after
  // the first route, which keeps the suite's time to what the routes themselves cost.
  const served = OWNED.filter((candidate) => !INITIATOR_ONLY.includes(candidate.path));
  for (const owner of new Set(served.map((route) => route.owner))) {
    test(`every route of ${owner} is served by it`, async ({ page }) => {
      for (const route of served.filter((candidate) => candidate.owner === owner)) {
        await test.step(route.path, async () => {
          await page.goto(samplePath(route.path));
          const main = page.getByRole('main');
          await expect(main.getByRole('heading', { level: 1 })).toContainText(route.title);
          await expect(main.locator('[data-owner]').first()).toHaveAttribute('data-owner', owner);
        });
      }
    });
  }

  test('home takes a signed-in member to the dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page.getByTestId('signed-in-user')).toHaveText('Nora Navigator');
  });

  test('an unknown path shows the 404 page with header and navigation', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toContainText('The requested resource does not exist.');
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  });
});
