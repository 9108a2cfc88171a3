import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ROUTES } from '@portal/shared/server';
import { CSRF, mainHeading } from '../support/identity';
import { createApp, GRAPH, importAdvisories, stamp, uploadAndWait } from './applications/support';

// Issue 26 item 20: axe-core (WCAG 2.1 A and AA) on every route of spec 2.1 as the navigator sees
// them, with real data: a process with requirements (a parent and a child, one placed on the
// priority plane), an app with a processed SBOM and its findings (placed on the applications'
// plane); the app's routes open that app, and states behind a choice (a requirement opened, an
// app in Graph View, a finding's dialog) are scanned too. Also the sign-in screen and the
// notifications drawer. Routes the navigator may not open (the Initiator's) show NO ACCESS, which
// is scanned too. Any violation, of any impact, fails.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SKIPPED = ['/404', '/', '/support/logout', '/administration/global/initialization'];

interface RealData {
  requirementId: string;
  appKey: string;
}

/** The data the screens show: requirements, one on the plane; an app with findings, on its plane. */
async function realData(request: APIRequestContext): Promise<RealData> {
  const parent = await request.post(`/api/requirements?graph=${GRAPH}`, { data: { title: 'Accounts are reviewed every quarter', description: 'The **access review** covers every account.' }, headers: CSRF });
  expect(parent.status()).toBe(201);
  const { id: requirementId } = (await parent.json()) as { id: string };
  const child = await request.post(`/api/requirements?graph=${GRAPH}`, { data: { title: 'Dormant accounts are disabled', parent_id: requirementId }, headers: CSRF });
  expect(child.status()).toBe(201);
  const placed = await request.put(`/api/requirements/${requirementId}/plane?graph=${GRAPH}`, { data: { x: 0.7, y: 0.4 }, headers: CSRF });
  expect(placed.status()).toBe(200);

  await importAdvisories(request);
  const appKey = `a11y-${stamp()}`;
  await createApp(request, appKey, 'Accessible shop');
  await uploadAndWait(request, appKey);
  const onPlane = await request.put(`/api/apps/${appKey}/plane?graph=${GRAPH}`, { data: { x: 0.6, y: 0.8 }, headers: CSRF });
  expect(onPlane.status()).toBe(200);
  return { requirementId, appKey };
}

/** A route's path with its parameters: the app of the real data, a sample value for the others. */
function pathOf(path: string, data: RealData): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => (name === 'app_key' ? data.appKey : `sample-${name.replace(/_/g, '-')}`));
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

test('every route of spec 2.1, with real data, has no WCAG 2.1 A/AA violation', async ({ page }) => {
  // About 60 page states, each scanned after its reads have settled, and an SBOM processed first.
  test.setTimeout(1_200_000);
  const data = await realData(page.request);
  const found: string[] = [];
  const scan = async (where: string) => {
    await page.waitForLoadState('networkidle');
    for (const line of await violations(page)) found.push(`${where}: ${line}`);
  };
  for (const route of ROUTES.filter((candidate) => !SKIPPED.includes(candidate.path))) {
    await page.goto(pathOf(route.path, data));
    await expect(mainHeading(page)).toContainText(route.title);
    await scan(route.path);
  }
  // The data was on screen for those scans, not empty states: both planes show their point.
  await page.goto('/requirements/priorityPlanes');
  await expect(page.getByRole('group', { name: /^Priority plane:/ }).getByRole('button', { name: /Accounts are reviewed every quarter/ })).toBeVisible();
  await page.goto('/applications/priorityPlanes');
  await expect(page.getByRole('group', { name: /^Priority plane:/ }).getByRole('button', { name: new RegExp(`^Accessible shop \\(${data.appKey}\\)`) })).toBeVisible();

  // States behind a choice: a requirement opened in the depository, an app in Graph View, a finding.
  await page.goto(`/requirements?id=${data.requirementId}`);
  await expect(page.getByRole('group', { name: /Accounts are reviewed every quarter$/ })).toBeVisible();
  await scan('/requirements?id= (a requirement opened)');
  await page.goto('/applications/GraphView');
  await page.getByLabel('Application').selectOption(data.appKey);
  await expect(page.getByTestId('dependency-graph')).toHaveAttribute('aria-label', new RegExp(`^Dependency graph of build 1 of ${data.appKey}`));
  await scan('/applications/GraphView (an app)');
  await page.goto(`/applications/${data.appKey}`);
  // A finding's row opens it.
  const finding = page.getByRole('table', { name: 'Findings' }).getByRole('row').filter({ hasText: 'GHSA-' }).first();
  await expect(finding).toBeVisible({ timeout: 30_000 });
  await finding.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('/applications/:app_key (a finding opened)');

  // The notifications drawer, open over the dashboard.
  await page.goto('/dashboard');
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await scan('notifications drawer');
  expect(found, found.join('\n')).toEqual([]);
});

test('the sign-in screen has no WCAG 2.1 A/AA violation', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await context.close();
});
