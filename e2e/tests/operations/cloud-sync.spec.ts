import { expect, test } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { ACCOUNT, startSecurityHub } from '../../support/security-hub';
import { totpCode, USERS } from '../../support/users';

// Issue 24 item 7 end to end, as an organization admin: an AWS module with a category (its
// endpoint a local Security Hub speaking the real wire protocol, e2e/support/security-hub.ts) is
// an Operations entry of the side navigation; on /security/aws it is synced now, and the
// Security Hub findings are listed, counted by account and region, and narrowed to one account.
// A second sync after Security Hub stopped reporting two findings turns them fixed. The module is
// removed at the end, so the other suites' side navigation stays as it was.

const LOAD_MS = 30_000;

test('an AWS module synced from /security/aws: its findings listed by account and region; a finding no longer reported turns fixed', async ({ browser }) => {
  const hub = await startSecurityHub();
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, USERS.cloudAdmin, (secret) => totpCode(secret));
  const category = `Security Hub ${Date.now().toString(36)}`;
  const created = await context.request.post('/api/modules/aws', {
    headers: CSRF,
    data: { name: `${category} module`, category, configs: { region: 'eu-central-1', access_key_id: 'AKIAE2ECLOUDSYNC', secret_access_key: 'e2e-cloud-secret', endpoint: hub.endpoint } },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    const page = await context.newPage();
    await page.goto('/dashboard');
    // The module's category is its Operations entry (spec 2.3).
    const entry = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: category });
    await entry.click({ timeout: LOAD_MS });
    await expect(page).toHaveURL(new RegExp(`/security/aws\\?module=${id}$`));
    await expect(mainHeading(page)).toHaveText('AWS', { timeout: LOAD_MS });

    const modules = page.getByRole('region', { name: 'AWS modules' });
    await expect(modules.getByRole('listitem')).toHaveCount(1);
    await expect(modules).toContainText(`${category} module · ${category}`);
    await expect(modules).toContainText('Never synced');
    await modules.getByRole('button', { name: `Sync ${category} module now` }).click();
    await expect(modules.getByRole('status')).toHaveText(`Synced ${category} module: 7 findings from 1 scope.`);
    await expect(modules).toContainText('Last sync:');
    // STS told the account, then Security Hub's findings were read page by page (3, 3, 1).
    expect(hub.calls).toEqual(['/', '/findings', '/findings', '/findings']);

    // The findings of the account's scope, most severe first: Inspector's CRITICAL one on top.
    const table = page.getByRole('table', { name: 'AWS findings' });
    const rows = table.getByRole('row').filter({ hasText: `AWS ${ACCOUNT} eu-central-1` });
    await expect(rows).toHaveCount(7);
    await expect(rows.first()).toContainText('Critical');
    await expect(rows.filter({ hasText: 'High' })).toHaveCount(5);

    // Counted by account and region; choosing the account narrows the list to it.
    const accounts = page.getByRole('table', { name: /By account/ });
    await expect(accounts.getByRole('row', { name: new RegExp(ACCOUNT) })).toContainText('findings');
    await expect(page.getByRole('table', { name: /By region/ })).toContainText('eu-central-1');
    await accounts.getByRole('button', { name: `Show only account ${ACCOUNT}` }).click();
    await expect(page).toHaveURL(new RegExp(`account=${ACCOUNT}`));
    await expect(page.getByRole('list', { name: 'Chosen groups' })).toContainText(`Account: ${ACCOUNT}`);
    await expect(rows).toHaveCount(7);

    // Security Hub reports five now: the next sync marks the two others fixed.
    hub.reported = 5;
    await modules.getByRole('button', { name: `Sync ${category} module now` }).click();
    await expect(modules.getByRole('status')).toHaveText(`Synced ${category} module: 5 findings from 1 scope.`);
    await expect(rows.filter({ hasText: 'Fixed' })).toHaveCount(2);
    await page.getByRole('search', { name: 'Filter aws findings' }).getByLabel('State').selectOption('open');
    await expect(rows).toHaveCount(5);
  } finally {
    const removed = await context.request.delete(`/api/modules/${id}`, { headers: CSRF });
    expect(removed.status()).toBeLessThan(300);
    await context.close();
    await hub.close();
  }
});
