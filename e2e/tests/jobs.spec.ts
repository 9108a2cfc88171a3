import { expect, test } from '@playwright/test';

// Issue 27 item 5 in the composed portal, as the navigator (a Global Admin too): from Global
// Administration to the Background Jobs screen, which lists the kinds of job of the API's queue.

test('a Global Admin follows Global Administration to the background jobs of every kind', async ({ page }, testInfo) => {
  await page.goto('/administration/global');
  await page.getByRole('navigation', { name: "The installation's data" }).getByRole('link', { name: 'Background Jobs' }).click();
  await expect(page).toHaveURL(/\/administration\/global\/jobs$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Background Jobs');
  const kinds = main.getByRole('region', { name: 'Kinds of job' }).getByRole('table', { name: 'Kinds of job' });
  await expect(kinds.getByRole('columnheader')).toHaveText(['Kind', 'Queued', 'Running', 'Failed', 'Completed (last hour)', 'Average duration', 'Longest duration']);
  for (const kind of ['due-dates', 'alarms', 'metric-snapshots']) await expect(kinds.getByRole('rowheader', { name: kind, exact: true })).toBeVisible();
  await expect(main.getByRole('region', { name: 'Failed jobs' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('background-jobs.png'), fullPage: true });
});
