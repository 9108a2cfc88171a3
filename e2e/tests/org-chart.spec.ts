import { expect, test } from '@playwright/test';

// Issue 23 items 10 and 13 end to end, as the navigator (ORG_ADMIN): an org chart CSV with a bad
// row is refused with its line and nothing changes; the fixed file is imported with the mapping
// the dialog proposed (semicolons, a BOM, the header's own words), the change report says what
// was added, and the chart is drawn and listed with the person linked to the navigator's portal
// user by email; the chart is exported as SVG.

const HEADER = '\uFEFFEmployee ID;Full Name;Job Title;Reports To;E-mail;Team';
const BAD = [HEADER, 'E1;Nina Navigator;CEO;;navigator@example.com;Board', 'E2;Ada Lead;CTO;E1;;Engineering', 'E3;Rita Dev;Engineer;E9;;Engineering'].join('\r\n');
const FIXED = BAD.replace('E3;Rita Dev;Engineer;E9', 'E3;Rita Dev;Engineer;E2');
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('an org chart CSV with a bad row is refused by line, fixed, imported and drawn', async ({ page }) => {
  await page.goto('/collaboration/org-chart');
  await expect(page.getByRole('heading', { level: 1, name: 'Organization Chart' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload the organization chart' });
  await dialog.getByLabel('Org chart file', { exact: true }).setInputFiles(csv('people.csv', BAD));
  await expect(dialog.getByText('people.csv: 3 rows (CSV).', { exact: false })).toBeVisible();
  await expect(dialog.getByLabel('Manager id')).toHaveValue('3');
  await dialog.getByRole('button', { name: 'Import' }).click();
  const errors = dialog.getByRole('table', { name: 'Errors by line' });
  await expect(errors.getByRole('row').nth(1)).toHaveText("4manager idThe manager 'E9' is not in the file.");
  await expect(dialog.getByText(/1 error in the file\. Nothing changed\./)).toBeVisible();

  await dialog.getByLabel('Org chart file', { exact: true }).setInputFiles(csv('people-fixed.csv', FIXED));
  await expect(dialog.getByText('people-fixed.csv: 3 rows', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  const report = dialog.getByRole('status', { name: 'What the import changed' });
  await expect(report).toContainText(/The chart now holds 3 people: \d+ added/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByRole('img', { name: /Organization chart of 3 people/ })).toBeVisible();
  await page.getByRole('button', { name: 'List' }).click();
  const tree = page.getByRole('tree', { name: 'People of the organization chart' });
  await expect(tree.getByRole('treeitem')).toHaveText(['Nina Navigator, CEO (1 report) — portal user navigator', 'Ada Lead, CTO (1 report)', 'Rita Dev, Engineer']);
  await tree.getByRole('treeitem').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'About Rita Dev' })).toContainText('Engineering · id E3');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export SVG' }).click();
  expect((await download).suggestedFilename()).toBe('org-chart.svg');
});
