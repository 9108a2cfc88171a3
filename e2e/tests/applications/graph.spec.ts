import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { REPO_ROOT } from '../../support/portal';
import { USERS } from '../../support/users';
import { createApp, importAdvisories, signedIn, stamp, uploadAndWait } from './support';

// Issue 7 items 9-10 end to end: the graph view of a real SBOM with a dependency graph (Dropwizard
// 1.3.15, 168 components), its metrics, a vulnerable component chosen from the list with the paths
// from the root to it highlighted on the canvas (its pixels in the path colour) and a shortest path
// named step by step; the choice kept in the URL across a reload; a component found by search.

/** Dropwizard 1.3.15 (CycloneDX 1.2, Maven), as the API's tests and demo ship it (api/src/sbom/testdata). */
const DROPWIZARD = gunzipSync(readFileSync(join(REPO_ROOT, 'api', 'src', 'sbom', 'testdata', 'dropwizard-1.3.15.bom.json.gz')));
/** The graph view's path colour (mfe-applications/src/features/graph/utils/scene.ts COLORS.path). */
const PATH_COLOUR = [0xd6, 0x33, 0x6c];

/** How many pixels of the canvas are (nearly) the path colour: what the user sees highlighted. */
function pathPixels(page: Page): Promise<number> {
  return page.getByTestId('dependency-graph').evaluate((canvas, colour) => {
    const element = canvas as HTMLCanvasElement;
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - colour[0]) < 24 && Math.abs(data[i + 1] - colour[1]) < 24 && Math.abs(data[i + 2] - colour[2]) < 24 && data[i + 3] > 200) count += 1;
    }
    return count;
  }, PATH_COLOUR);
}

test('the graph view highlights the paths from the root to a chosen vulnerable component', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, USERS.graphExplorer);
  const key = `dropwizard-${stamp()}`;
  await importAdvisories(page.request);
  await createApp(page.request, key, 'Dropwizard services');
  await uploadAndWait(page.request, key, DROPWIZARD);

  await page.goto('/applications/GraphView');
  await expect(mainHeading(page)).toHaveText('Graph View');
  await page.getByLabel('Application').selectOption(key);
  const canvas = page.getByTestId('dependency-graph');
  await expect(canvas).toHaveAttribute('aria-label', `Dependency graph of build 1 of ${key}: 168 components, 170 dependencies`);
  await expect(page.locator('dl[aria-label="Graph metrics"]')).toContainText('Components168');
  await expect(page.getByRole('list', { name: 'Most depended on' })).toBeVisible();
  await expect.poll(() => pathPixels(page)).toBe(0);

  // Choose the vulnerable jackson-databind: every path from the root to it is highlighted.
  await page.getByRole('list', { name: 'Vulnerable components' }).getByRole('button', { name: /^com\.fasterxml\.jackson\.core\/jackson-databind@2\.9\.10/ }).click();
  await expect(page.getByTestId('path-summary')).toContainText('lie on the paths from the root, highlighted in the graph');
  const steps = page.getByRole('list', { name: 'Shortest path from the root' }).getByRole('listitem');
  await expect(steps.first()).toHaveText('io.dropwizard/dropwizard-parent@1.3.15');
  await expect(steps.last()).toHaveText('com.fasterxml.jackson.core/jackson-databind@2.9.10');
  expect(await steps.count()).toBeGreaterThanOrEqual(3);
  expect(Number(await canvas.getAttribute('data-highlighted'))).toBeGreaterThanOrEqual(await steps.count());
  await expect.poll(() => pathPixels(page), { timeout: 5_000 }).toBeGreaterThan(50);

  // The choice is the page's: a reload shows the same highlight.
  expect(new URL(page.url()).searchParams.get('component')).toBe('pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10?type=jar');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'com.fasterxml.jackson.core/jackson-databind@2.9.10' })).toBeVisible();
  await expect.poll(() => pathPixels(page), { timeout: 5_000 }).toBeGreaterThan(50);

  // Search by name; Enter chooses the first match. Escape on the canvas clears the choice.
  const search = page.getByRole('searchbox', { name: 'Component name or purl' });
  await search.fill('hibernate5');
  await expect(page.getByRole('list', { name: 'Matching components' }).getByRole('button')).toHaveText(['com.fasterxml.jackson.datatype/jackson-datatype-hibernate5@2.9.10']);
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'com.fasterxml.jackson.datatype/jackson-datatype-hibernate5@2.9.10' })).toBeVisible();
  await canvas.focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('path-summary')).toHaveCount(0);
  await expect.poll(() => pathPixels(page)).toBe(0);
});
