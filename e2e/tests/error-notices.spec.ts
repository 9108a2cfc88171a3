// Spec 8's 'Error' notices, as a user meets them on the Service Modules screen: the real API
// answers every call but one, which page.route makes fail (a GET 404, a POST 503, a PUT 500);
// the notice dialog names the catalogue's message. And spec 2.2's "Feature not activated": a
// module switched off for the process closes its routes and hides their entries.
import { expect, test, type Page } from '@playwright/test';
import { E2E_PROCESS } from '../support/users';

const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const MESSAGES = {
  404: 'The requested resource does not exist.',
  500: 'Unable to process your request. Please try again later.',
  503: 'Service is not available at the moment. Please try again later.',
};

/** Calls of `method` to a URL matching `path` answer `status` (problem+json) until the answered function runs. */
async function failing(page: Page, method: string, path: RegExp, status: keyof typeof MESSAGES): Promise<() => Promise<void>> {
  await page.route(path, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    await route.fulfill({ status, contentType: 'application/problem+json', body: JSON.stringify({ status, title: 'Failed', detail: MESSAGES[status] }) });
  });
  return () => page.unroute(path);
}

async function expectNotice(page: Page, status: keyof typeof MESSAGES): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Error' });
  await expect(notice).toContainText(MESSAGES[status]);
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toHaveCount(0);
}

test('a GET 404, a POST 503 and a PUT 500 each show the Error notice with the catalogue message, once', async ({ page }) => {
  const name = `Notices ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/modules/aws', {
    headers: CSRF,
    data: { name, configs: { region: 'eu-west-1', access_key_id: 'AKIAEXAMPLE01', secret_access_key: 'e2e-secret/xyz' } },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // GET 404 (GET's list: 400, 402, 403, 404): the list's read (the side navigation reads it too,
  // silently: its Operations entries are not the user's request).
  const listRead = await failing(page, 'GET', /\/api\/modules$/, 404);
  await page.goto('/administration/service-modules');
  await expectNotice(page, 404);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(MESSAGES[404]);
  await listRead();
  await page.getByRole('button', { name: 'Try again' }).click();
  const row = page.getByRole('row', { name: new RegExp(`^${name} `) });
  await expect(row).toBeVisible();

  // POST 503 (POST's list: 402, 503): adding a module.
  const adding = await failing(page, 'POST', /\/api\/modules\/cicd-ingestion$/, 503);
  await page.getByRole('button', { name: 'Add service module' }).click();
  const add = page.getByRole('dialog', { name: 'Add service module' });
  await add.getByRole('combobox', { name: 'Type', exact: true }).selectOption('cicd-ingestion');
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} pipeline`);
  await add.getByRole('button', { name: 'Add module' }).click();
  await expectNotice(page, 503);
  await adding();
  await add.getByRole('button', { name: 'Cancel' }).click();

  // PUT 500 (PUT's list: 999, 400, 402, 403, 404, 409, 500, 501, 503): saving the settings.
  await failing(page, 'PUT', new RegExp(`/api/modules/${id}/configs$`), 500);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('textbox', { name: 'Region', exact: true }).fill('eu-central-1');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 500);
  await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);

  expect((await page.request.delete(`/api/modules/${id}`, { headers: CSRF })).status()).toBe(204);
});

test('a module switched off for the process shows Feature not activated on its routes and hides its entries', async ({ page }) => {
  const configuration = `/api/projects/${E2E_PROCESS.toLowerCase()}/moduleConfiguration`;
  const sideNav = page.getByRole('navigation', { name: 'Main navigation' });
  expect((await page.request.patch(configuration, { headers: CSRF, data: { code: false } })).status()).toBe(200);
  try {
    await page.goto('/applications/monitoring/events');
    await expect(page.getByRole('alert').filter({ hasText: 'Feature not activated' })).toContainText('The Code Provenance module is not included');
    await expect(page.getByText('NO ACCESS')).toHaveCount(0);
    await expect(sideNav.getByRole('link', { name: 'Depository' })).toBeVisible();
    await expect(sideNav.getByRole('link', { name: 'Continuous Monitoring' })).toHaveCount(0);
    await expect(sideNav.getByRole('link', { name: 'Security Posture' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Upgrade subscription' }).click();
    await expect(page).toHaveURL(/\/settings\/subscriptions$/);
  } finally {
    expect((await page.request.patch(configuration, { headers: CSRF, data: { code: true } })).status()).toBe(200);
  }
  await page.goto('/applications/monitoring/events');
  await expect(sideNav.getByRole('link', { name: 'Continuous Monitoring' })).toBeVisible();
  await expect(page.getByText('Feature not activated')).toHaveCount(0);
});
