import { expect, test, type Locator, type Page } from '@playwright/test';
import { mainHeading } from '../support/identity';

// Issue 26 item 20, with the keyboard alone (no clicks: page.keyboard only after the first page
// load): the skip link, and one of the main tasks, creating a requirement, from the depository.

/** Presses Tab until `target` has focus (at most `limit` times); fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the skip link is the first Tab stop and moves focus into the main content', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(mainHeading(page)).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a requirement is created with the keyboard alone', async ({ page }) => {
  const title = `Keyboard-made requirement ${Date.now().toString(36)}`;
  await page.goto('/requirements');
  await expect(mainHeading(page)).toHaveText('Depository');

  // Past the header and the navigation with the skip link, then on to Add Requirement.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Add Requirement' }));
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toHaveText('Add Requirement');

  await tabTo(page, page.getByRole('textbox', { name: 'Title' }));
  await page.keyboard.type(title);
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('textbox', { name: 'Description' }));
  await page.keyboard.type('Written without a mouse.');
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Add requirement' }));
  await page.keyboard.press('Enter');

  // What the user sees: the new requirement opened beside the depository, its description shown.
  await expect(page).toHaveURL(/\/requirements\?id=/);
  const detail = page.getByRole('group', { name: new RegExp(`${title}$`) });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Written without a mouse.')).toBeVisible();
  await expect(detail.getByRole('heading', { name: new RegExp(` · ${title}$`) })).toBeVisible();
});
