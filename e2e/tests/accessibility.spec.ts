import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '@portal/shared/server';

// Issue 26 item 20: axe-core (WCAG 2.1 A and AA) on every route of spec 2.1 as the navigator sees it.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SKIPPED = ['/404', '/', '/support/logout', '/administration/global/initialization'];

function samplePath(path: string): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => `sample-${name.replace(/_/g, '-')}`);
}

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  // What failed, where: the rule, and the first nodes' HTML and axe's reason (a contrast ratio, a name).
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) ×${violation.nodes.length}: ` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `${node.html.slice(0, 160)} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)
        .join(' | '),
  );
}

test('every route has no WCAG 2.1 A/AA violation', async ({ page }) => {
  test.setTimeout(600_000);
  const found: string[] = [];
  for (const route of ROUTES.filter((candidate) => !SKIPPED.includes(candidate.path))) {
    await page.goto(samplePath(route.path));
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText(route.title);
    await page.waitForLoadState('networkidle');
    for (const line of await violations(page)) found.push(`${route.path}: ${line}`);
  }
  console.log(found.join('\n'));
  expect(found).toEqual([]);
});
