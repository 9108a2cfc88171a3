import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '@portal/shared/server';

// Issue 26 item 20: axe-core (WCAG 2.1 A and AA) on every route of spec 2.1 as the navigator sees
// them (with a requirement of the e2e process, so the depository, table and planes have rows), on
// the sign-in screen, and with the notifications drawer open. Routes the navigator may not open
// (the Initiator's) show NO ACCESS, which is scanned too.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SKIPPED = ['/404', '/', '/support/logout', '/administration/global/initialization'];
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
/**
 * Violations known and not fixed yet, each with why (the session's closing note names them too):
 * any other violation, on any route, fails the test.
 */
const KNOWN: Array<{ where: string; rule: string; why: string }> = [
  {
    where: '/requirements',
    rule: 'label-content-name-mismatch',
    why: "a depository tree item is named by its code and title (aria-label), while its status and priority tags are visible inside it: the tags must move out of the treeitem element (a row of two parts) without breaking the tree's drag and keyboard",
  },
];

function samplePath(path: string): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => `sample-${name.replace(/_/g, '-')}`);
}

/** The violations on the page: the rule, and the first nodes' HTML and axe's reason (a contrast ratio, a name). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `${node.html.slice(0, 160)} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)
        .join(' | '),
  );
}

test('every route of spec 2.1 has no WCAG 2.1 A/AA violation', async ({ page }) => {
  test.setTimeout(600_000);
  const created = await page.request.post('/api/requirements?graph=e2e', { data: { title: 'Accounts are reviewed every quarter', description: 'The **access review** covers every account.' }, headers: CSRF });
  expect(created.status()).toBe(201);
  const found: string[] = [];
  for (const route of ROUTES.filter((candidate) => !SKIPPED.includes(candidate.path))) {
    await page.goto(samplePath(route.path));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText(route.title);
    await page.waitForLoadState('networkidle');
    for (const line of await violations(page)) found.push(`${route.path}: ${line}`);
  }
  // The notifications drawer, open over the dashboard.
  await page.goto('/dashboard');
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  for (const line of await violations(page)) found.push(`notifications drawer: ${line}`);
  const unknown = found.filter((line) => !KNOWN.some((known) => line.startsWith(`${known.where}: ${known.rule} `)));
  expect(unknown, unknown.join('\n')).toEqual([]);
});

test('the sign-in screen has no WCAG 2.1 A/AA violation', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await context.close();
});

test('the skip link is the first Tab stop and moves focus into the main content', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard$/);
});
