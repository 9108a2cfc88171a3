import { expect, test, type Page } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { createApp, signedIn, stamp } from './support';

// Issue 7 item 11 end to end: an application dragged from the list onto the applications' priority
// plane is placed where it was dropped, moved with the keyboard, and both survive a reload; its
// axis texts lie inside the chart and clear of each other at 1440 × 900 and on a small screen.

test('an application dragged onto the priority plane, then moved with the keyboard, stays there', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, USERS.planePlacer);
  const key = `plane-${stamp()}`;
  await createApp(page.request, key, 'Plane app');

  await page.goto('/applications/priorityPlanes');
  await expect(mainHeading(page)).toHaveText('Application Priority Planes');
  const item = page.getByRole('button', { name: `Place ${key} Plane app` });
  await expect(item).toBeVisible();

  // Onto risk 80 %, business criticality 30 % (the plane's geometry: a 640 × 440 view box, the plot
  // inside the margins planeGeometry computes from its labels: 71 left, 18 top, 22 right, 53 bottom).
  const chart = page.getByRole('group', { name: /^Priority plane:/ });
  // Hovering the item first: it scrolls the content area (the page's scroller) to it, which moves the plane.
  await item.hover();
  const box = (await chart.boundingBox())!;
  const scale = box.width / 640;
  const target = { x: box.x + (71 + 0.8 * 547) * scale, y: box.y + (18 + 0.7 * 369) * scale };
  const saved = page.waitForResponse((response) => response.url().includes(`/api/apps/${key}/plane`) && response.request().method() === 'PUT');
  await item.hover();
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
  const point = page.getByRole('button', { name: new RegExp(`^Plane app \\(${key}\\): risk \\d+%, business criticality \\d+%; no known vulnerabilities$`) });
  await expect(point).toBeVisible();
  const dropped = (await point.getAttribute('aria-label'))!;
  const [, risk, criticality] = /risk (\d+)%, business criticality (\d+)%/.exec(dropped)!.map(Number);
  expect(Math.abs(risk - 80)).toBeLessThanOrEqual(2);
  expect(Math.abs(criticality - 30)).toBeLessThanOrEqual(2);

  // The keyboard: two steps up (5 % each), each saved.
  await page.getByRole('button', { name: dropped }).focus();
  for (let step = 0; step < 2; step += 1) {
    const moved = page.waitForResponse((response) => response.url().includes(`/api/apps/${key}/plane`) && response.request().method() === 'PUT');
    await page.keyboard.press('ArrowUp');
    expect((await moved).status()).toBe(200);
  }
  const raised = `Plane app (${key}): risk ${risk}%, business criticality ${criticality + 10}%; no known vulnerabilities`;
  await expect(page.getByRole('button', { name: raised })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: raised })).toBeVisible();
  await expect(page.getByRole('button', { name: `Place ${key} Plane app` })).toHaveCount(0);

  // Issue 26 item 8, as Chromium lays the chart out at 1440 × 900 and below the small breakpoint:
  // every tick label and axis title inside the chart, the titles clear of the tick labels.
  for (const [viewport, viewBox] of [[{ width: 1440, height: 900 }, '0 0 640 440'], [{ width: 375, height: 812 }, '0 0 330 300']] as const) {
    await page.setViewportSize(viewport);
    // Below the small breakpoint the chart redraws in its smaller box (and the navigation folds to its rail).
    await expect(page.getByRole('group', { name: /^Priority plane:/ })).toHaveAttribute('viewBox', viewBox);
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: viewport.width < 768 ? 'Expand navigation' : 'Collapse navigation' })).toBeVisible();
    // Readable on a phone too: the 11 px tick labels drawn at 9 px or more (they were under 5 px at
    // 375 px), once the navigation's width has finished its transition.
    await expect.poll(async () => (await chartLayout(page)).texts.filter((text) => /^\d+%$/.test(text.text) && text.bottom - text.top < 9).map((text) => text.text)).toEqual([]);
    const layout = await chartLayout(page);
    expect(layout.texts.filter((text) => text.text === '100%')).toHaveLength(2);
    expect(layout.texts.filter((text) => !inside(text, layout.chart)).map((text) => text.text)).toEqual([]);
    const titles = layout.texts.filter((text) => text.text === 'Risk' || text.text === 'Business criticality');
    const ticks = layout.texts.filter((text) => /^\d+%$/.test(text.text));
    expect(titles).toHaveLength(2);
    expect(titles.flatMap((title) => ticks.filter((tick) => overlap(title, tick)).map((tick) => `${title.text} × ${tick.text}`))).toEqual([]);
  }
  await page.context().close();
});

interface Rect {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The plane's svg and the boxes of its axis texts, in page pixels. */
async function chartLayout(page: Page): Promise<{ chart: Rect; texts: Rect[] }> {
  return page.getByRole('group', { name: /^Priority plane:/ }).evaluate((svg) => {
    const rect = (element: Element, text = '') => {
      const box = element.getBoundingClientRect();
      return { text, left: box.left, top: box.top, right: box.right, bottom: box.bottom };
    };
    // The tick labels (the axes' groups) and the axis titles (the svg's own texts; the points' labels,
    // other specs' applications among them, are hidden from assistive technology and are not axis texts).
    const texts = [...svg.querySelectorAll(':scope > g[aria-hidden="true"] .tick text, :scope > text:not([aria-hidden])')].map((element) => rect(element, element.textContent ?? ''));
    return { chart: rect(svg), texts };
  });
}

const inside = (box: Rect, chart: Rect) => box.left >= chart.left && box.top >= chart.top && box.right <= chart.right && box.bottom <= chart.bottom;
const overlap = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
