import { expect, test } from '@playwright/test';
import { mainHeading } from '../../support/identity';
import { USERS } from '../../support/users';
import { createApp, signedIn, stamp } from './support';

// Issue 7 item 11 end to end: an application dragged from the list onto the applications' priority
// plane is placed where it was dropped, moved with the keyboard, and both survive a reload.

test('an application dragged onto the priority plane, then moved with the keyboard, stays there', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, USERS.planePlacer);
  const key = `plane-${stamp()}`;
  await createApp(page.request, key, 'Plane app');

  await page.goto('/applications/priorityPlanes');
  await expect(mainHeading(page)).toHaveText('Application Priority Planes');
  const item = page.getByRole('button', { name: `Place Plane app (${key})` });
  await expect(item).toBeVisible();

  // Onto risk 80 %, business criticality 30 % (the plane's geometry: a 640 × 440 view box, the plot
  // inside the margins planeGeometry computes from its labels: 71 left, 18 top, 22 right, 53 bottom).
  const chart = page.getByRole('group', { name: /^Priority plane:/ });
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
  await expect(page.getByRole('button', { name: `Place Plane app (${key})` })).toHaveCount(0);
  await page.context().close();
});
