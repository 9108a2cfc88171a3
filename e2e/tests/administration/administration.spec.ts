import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  CSRF,
  mailedCode,
  mailedInvitationLink,
  mainHeading,
  setUpTwoFactorThroughScreen,
  signInThroughScreen,
} from '../../support/identity';
import { totpCode, USERS } from '../../support/users';

// Issue 5 end to end: a Global Admin creates an organization and its admin and limits it to one
// process; the organization admin creates the process, invites a READER and an AUTHOR, meets the
// license limit, connects a pipeline and rotates its key; the READER is refused what it may not do,
// in the screens and at the API; with the limit lifted a second process is deleted with the typed word.

const LICENSE_MESSAGE = 'This function exceeds the current license configuration.  Please contact support if you have questions.';
const NO_PRIVILEGES = 'You do not have the privileges for the request.';
const ADMIN = { login: 'lim_admin', password: 'LimAdmin@2026', name: 'Lia Limited', email: 'lim.admin@example.com' };
const READER = { login: 'lim_reader', password: 'LimReader@2026', name: 'Rea Reader', email: 'lim.reader@example.com' };
const AUTHOR = { login: 'lim_author', password: 'LimAuthor@2026', name: 'Aut Author', email: 'lim.author@example.com' };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function signInWithNewTwoFactor(page: Page, user: { login: string; password: string }): Promise<void> {
  await page.goto('/');
  await signInThroughScreen(page, user);
  await setUpTwoFactorThroughScreen(page, (secret) => totpCode(secret));
}

async function setProcessLimit(page: Page, organization: string, limit: number | 'Unlimited'): Promise<void> {
  await page.goto('/administration/global');
  await page.getByRole('button', { name: `Module configuration of ${organization}` }).click();
  const form = page.getByRole('form', { name: `Module configuration of ${organization}` });
  const unlimited = form.getByRole('checkbox', { name: 'Processes unlimited' });
  if (limit === 'Unlimited') {
    await unlimited.check();
  } else {
    await unlimited.uncheck();
    await form.getByRole('spinbutton', { name: 'Processes' }).fill(String(limit));
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Module configuration of ${organization} saved.`)).toBeVisible();
}

async function completeInvitation(browser: Browser, user: typeof READER): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(await mailedInvitationLink(page.request, user.email));
  await page.getByRole('button', { name: 'CONTINUE' }).click();
  const form = page.getByRole('form', { name: 'Complete Invitation' });
  await form.getByLabel('One-time code').fill(await mailedCode(page.request, user.email));
  await form.getByLabel('New password', { exact: true }).fill(user.password);
  await form.getByLabel('Repeat new password').fill(user.password);
  await form.getByRole('button', { name: 'SUBMIT' }).click();
  await setUpTwoFactorThroughScreen(page, (secret) => totpCode(secret));
  await expect(mainHeading(page)).toHaveText('Dashboard');
  return page;
}

async function invite(page: Page, user: typeof READER, role: string): Promise<void> {
  await page.goto('/administration/user-list');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Login ID').fill(user.login);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('First process (optional)').selectOption('LIM');
  await dialog.getByRole('group', { name: 'Roles in the process' }).getByLabel(role, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(user.login) })).toBeVisible();
}

async function createProcess(page: Page, code: string, name: string): Promise<void> {
  await page.goto('/projects/new-project');
  await page.getByLabel('Code name').fill(code);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('REQUIREMENTS');
  await page.getByLabel('Dashboard type').selectOption('LIVE');
  await page.getByRole('button', { name: 'Create process' }).click();
}

test('a Global Admin sets up an organization; its admin builds it; a READER is refused what it may not do', async ({ browser }) => {
  test.setTimeout(300_000);

  // The Global Admin (no organization) lands on Global Administration and creates the organization.
  const globe = await newPage(browser);
  await signInWithNewTwoFactor(globe, USERS.globe);
  await expect(globe).toHaveURL(/\/administration\/global$/);
  await globe.getByRole('button', { name: 'Create organization' }).click();
  await globe.getByLabel('Organization name').fill('Limited Org');
  await globe.getByRole('button', { name: 'Next' }).click();
  await globe.getByLabel('Login ID').fill(ADMIN.login);
  await globe.getByRole('textbox', { name: 'Name', exact: true }).fill(ADMIN.name);
  await globe.getByLabel('Email').fill(ADMIN.email);
  await globe.getByLabel(/^Password/).fill(ADMIN.password);
  await globe.getByLabel('Repeat password').fill(ADMIN.password);
  await globe.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(globe.getByRole('button', { name: 'View Limited Org' })).toBeVisible();
  await setProcessLimit(globe, 'Limited Org', 1);

  // The organization's admin: no process yet, so the new-process wizard; the first one is created.
  const admin = await newPage(browser);
  await signInWithNewTwoFactor(admin, ADMIN);
  await createProcess(admin, 'LIM', 'Limited Requirements');
  await expect(mainHeading(admin)).toHaveText('Dashboard');
  await expect(admin.getByTestId('nav-process-name')).toHaveText('Limited Requirements');
  // The admin's process menu offers adding a process.
  await admin.getByRole('button', { name: /^Process menu/ }).click();
  await expect(admin.getByRole('menuitem', { name: 'New Process' })).toBeVisible();
  await admin.keyboard.press('Escape');

  // The second process exceeds the license.
  await createProcess(admin, 'LIM2', 'Second');
  // Spec 8: a POST answered 402 shows the Error notice with the catalogue's message; the wizard
  // keeps it beside its form too.
  const notice = admin.getByRole('dialog', { name: 'Error' });
  await expect(notice.getByText(LICENSE_MESSAGE)).toBeVisible();
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(admin.getByTestId('remote-outlet').getByText(LICENSE_MESSAGE)).toBeVisible();

  // A READER and an AUTHOR of the process.
  await invite(admin, READER, 'READER');
  await invite(admin, AUTHOR, 'AUTHOR');

  // A pipeline's API key is shown once; a rotated key stops working at once.
  await admin.goto('/administration/service-modules');
  await admin.getByRole('button', { name: 'Add service module' }).click();
  const add = admin.getByRole('dialog', { name: 'Add service module' });
  await add.getByRole('combobox', { name: 'Type', exact: true }).selectOption('cicd-ingestion');
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Release pipeline');
  await add.getByRole('button', { name: 'Add module' }).click();
  const shown = admin.getByRole('dialog', { name: 'API key of Release pipeline' });
  const firstKey = (await shown.getByLabel('API key').innerText()).trim();
  await shown.getByRole('button', { name: 'Done' }).click();
  const whoami = async (key: string) => (await admin.request.get('/api/modules/whoami', { headers: { 'X-Api-Key': key } })).status();
  expect(await whoami(firstKey)).toBe(200);
  await admin.getByRole('button', { name: 'Rotate key of Release pipeline' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Rotate key' }).click();
  const rotated = admin.getByRole('dialog', { name: 'API key of Release pipeline' });
  const secondKey = (await rotated.getByLabel('API key').innerText()).trim();
  await rotated.getByRole('button', { name: 'Done' }).click();
  expect(secondKey).not.toBe(firstKey);
  expect(await whoami(firstKey)).toBe(401);
  expect(await whoami(secondKey)).toBe(200);

  // The READER: no administration, no new process, NO ACCESS on adding a requirement, 403 at the API.
  const reader = await completeInvitation(browser, READER);
  await expect(reader.getByTestId('nav-process-name')).toHaveText('Limited Requirements');
  const navigation = reader.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Depository' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'IAM' })).toHaveCount(0);
  await expect(navigation.getByRole('link', { name: 'Service Modules' })).toHaveCount(0);
  // No add action: one process and no right to create one leave nothing to choose in the process menu.
  await expect(reader.getByTestId('process-menu')).toHaveText('Limited Requirements');
  await expect(reader.getByRole('button', { name: /^Process menu/ })).toHaveCount(0);
  await expect(reader.getByRole('menuitem', { name: 'New Process' })).toHaveCount(0);
  // The Depository offers the READER no Add action (issue 6).
  await reader.goto('/requirements');
  await expect(mainHeading(reader)).toHaveText('Depository');
  await expect(reader.getByText('No requirements yet')).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Add Requirement' })).toHaveCount(0);
  await reader.goto('/requirements/add-requirement');
  await expect(reader.getByRole('alert').filter({ hasText: 'NO ACCESS' })).toBeVisible();
  await reader.goto('/administration/user-list');
  await expect(reader.getByRole('alert').filter({ hasText: 'NO ACCESS' })).toBeVisible();
  const refused = await reader.request.post('/api/projects', {
    data: { code_name: 'SNEAK', name: 'Sneak', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
    headers: CSRF,
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toBe(NO_PRIVILEGES);

  // The AUTHOR may open what the READER may not.
  const author = await completeInvitation(browser, AUTHOR);
  await author.goto('/requirements/add-requirement');
  await expect(mainHeading(author)).toContainText('Add Requirement');
  await expect(author.getByRole('alert').filter({ hasText: 'NO ACCESS' })).toHaveCount(0);

  // With the limit lifted, a second process; deleting it needs the typed word.
  await setProcessLimit(globe, 'Limited Org', 'Unlimited');
  await createProcess(admin, 'LIM2', 'Second');
  await expect(mainHeading(admin)).toHaveText('Dashboard');
  await expect(admin.getByTestId('nav-process-name')).toHaveText('Second');
  await admin.goto('/projects/settings');
  await admin.getByRole('button', { name: 'Delete process…' }).click();
  const confirm = admin.getByRole('alertdialog');
  const remove = confirm.getByRole('button', { name: 'Delete' });
  await expect(remove).toBeDisabled();
  await confirm.getByRole('textbox').fill('delet');
  await expect(remove).toBeDisabled();
  await confirm.getByRole('textbox').fill('delete');
  await remove.click();
  await admin.goto('/projects');
  await expect(admin.getByRole('row', { name: /LIM2/ })).toHaveCount(0);
  await expect(admin.getByRole('row', { name: /Limited Requirements/ })).toBeVisible();
});
