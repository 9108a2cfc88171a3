import { expect, test, type Page } from '@playwright/test';

// Issue 26 items 14 and 15 in the composed portal, as the navigator (an organization admin): the
// organization's contacts kept with the spec 5 messages, and IAM's role editor grouped by family.

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test('an organization admin keeps the organization’s contacts, refused with the spec 5 messages until valid', async ({ page }, testInfo) => {
  await page.goto('/administration/organization');
  await expect(heading(page)).toHaveText('Organization Administration');
  const details = page.getByRole('region', { name: 'Name and contacts' });
  await expect(details.getByRole('textbox', { name: /^Organization name/ })).not.toHaveValue('');
  await details.getByRole('button', { name: 'Add contact' }).click();
  const contact = details.getByRole('group', { name: /^Contact \d+$/ }).last();
  await expect(contact.getByRole('textbox', { name: /^Role/ })).toBeFocused();
  await page.keyboard.type('Security');
  await contact.getByRole('textbox', { name: /^Name/ }).fill('Sam Secure');
  await contact.getByRole('textbox', { name: /^Email/ }).fill('not-an-address');
  await details.getByRole('button', { name: 'Save organization' }).click();
  await expect(contact.getByRole('alert')).toHaveText('Invalid email format.');
  await contact.getByRole('textbox', { name: /^Email/ }).fill('security@e2e.example');
  await details.getByRole('button', { name: 'Save organization' }).click();
  await expect(page.getByText('Organization saved.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Default notification settings' }).getByRole('checkbox', { name: 'Mail for Task: New' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('organization-administration.png'), fullPage: true });

  await page.reload();
  const kept = page.getByRole('region', { name: 'Name and contacts' }).getByRole('group', { name: /^Contact \d+$/ }).last();
  await expect(kept.getByRole('textbox', { name: /^Email/ })).toHaveValue('security@e2e.example');
});

test("IAM's role editor groups the permissions by family instead of one very tall page", async ({ page }, testInfo) => {
  await page.goto('/administration/iam');
  await expect(heading(page)).toHaveText('IAM');
  await page.getByRole('button', { name: 'Edit ADMIN' }).click();
  const form = page.getByRole('form', { name: 'Edit role ADMIN' });
  const family = form.getByRole('button', { name: /^Requirements, tasks and documents/ });
  await expect(family).toHaveAttribute('aria-expanded', 'false');
  await expect(family).toContainText(/\d+ of \d+ chosen/);
  // The built-in role's 130-odd policy fields made an 11,740 px page; collapsed families are one line each.
  const height = await page.getByRole('main').evaluate((main) => main.scrollHeight);
  expect(height).toBeLessThan(2500);
  await page.screenshot({ path: testInfo.outputPath('iam-role-editor.png'), fullPage: true });

  await form.getByRole('searchbox', { name: 'Filter permissions' }).fill('delete requirement');
  await expect(form.getByRole('checkbox', { name: 'delete=>Requirement' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'list=>Requirement' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('iam-role-editor-filtered.png'), fullPage: true });
  await form.getByRole('button', { name: 'Cancel' }).click();
});
