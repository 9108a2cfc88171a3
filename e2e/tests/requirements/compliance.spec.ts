import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CSRF, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS, type E2EUser } from '../../support/users';

// Issue 28 item 2, the screens of live compliance: an organization admin adds a check to a
// requirement through its evidence panel — every application of a portfolio has an SBOM newer than
// 30 days, over an app whose SBOM was uploaded through the API — and sees it passing. A READER has
// the same requirement open in another browser: its badge in the depository's tree and its panel
// follow, without reload. An application without SBOM joins the portfolio (the data changes, no
// screen is touched): both screens turn failing, the panel naming the application as a link.

const GRAPH = 'e2e';
/** A change shows in the other browser within this: the re-evaluation job, the event, the browser's read. */
const LIVE_MS = 10_000;
/** A screen's first load (a remote's code, its queries) on a machine shared with other suites. */
const LOAD_MS = 30_000;
/** The smallest SBOM the API takes: one component. */
const SBOM = { bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components: [{ type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }] };

/** axe-core's WCAG 2.1 A/AA violations on the page, with the reason (as tests/accessibility.spec.ts scans every route). */
async function violations(page: Page, where: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // The snackbars the changes raise are scanned too (the success one's white on green once read 3.3:1).
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((violation) => `${where}: ${violation.id} ×${violation.nodes.length}: ${violation.nodes.slice(0, 2).map((node) => `${node.html.slice(0, 160)} — ${(node.failureSummary ?? '').replace(/\s+/g, " ").slice(0, 300)}`).join(' | ')}`);
}

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function signedIn(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return context.newPage();
}

test('a check added in the evidence panel passes, then fails live in the depository and panel of another user when the data changes', async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await signedIn(browser, USERS.complianceOwner);
  const watcher = await signedIn(browser, USERS.complianceWatcher);
  const run = stamp();
  const portfolio = `compliance-${run}`;
  const shop = `shop-${run}`;
  const legacy = `legacy-${run}`;

  // Set up through the API: an app of the portfolio with a processed SBOM, and a requirement.
  const app = await owner.request.post(`/api/apps?graph=${GRAPH}`, { data: { app_key: shop, name: shop, portfolio }, headers: CSRF });
  expect(app.status()).toBe(201);
  const upload = await owner.request.post(`/api/apps/${shop}/builds?graph=${GRAPH}`, { data: Buffer.from(JSON.stringify(SBOM)), headers: { ...CSRF, 'Content-Type': 'application/json' } });
  expect(upload.status()).toBe(202);
  const { id: buildId } = (await upload.json()) as { id: string };
  await expect
    .poll(async () => ((await (await owner.request.get(`/api/apps/${shop}/builds/${buildId}?graph=${GRAPH}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('DONE');
  const title = `Fresh SBOMs ${run}`;
  const created = await owner.request.post(`/api/requirements?graph=${GRAPH}`, { data: { title, description: 'Every application keeps a current SBOM.' }, headers: CSRF });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: string; code: string };
  const name = `${code} ${title}`;

  // The READER keeps the requirement open: no check yet, no badge, nothing to change.
  await watcher.goto(`/requirements?id=${id}`);
  const watched = watcher.getByRole('treeitem', { name });
  await expect(watched).toBeVisible({ timeout: LOAD_MS });
  const watcherPanel = watcher.getByRole('region', { name: 'Compliance' });
  await expect(watcherPanel.getByText('No automated checks.')).toBeVisible({ timeout: LOAD_MS });
  await expect(watcherPanel.getByRole('button')).toHaveCount(0);
  await expect(watched).not.toHaveAccessibleDescription(/Compliance/);

  // The owner adds the check in the evidence panel's dialog.
  await owner.goto(`/requirements?id=${id}`);
  const panel = owner.getByRole('region', { name: 'Compliance' });
  await panel.getByRole('button', { name: 'Add check' }).click({ timeout: LOAD_MS });
  const dialog = owner.getByRole('dialog', { name: `Add a check to ${name}` });
  await expect(dialog.getByRole('combobox', { name: 'Kind' })).toHaveValue('sbom-fresh');
  await dialog.getByRole('combobox', { name: 'Scope' }).selectOption('applications');
  // Nothing named: refused at the field, before any call.
  await dialog.getByRole('button', { name: 'Add check' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Application keys' })).toHaveAccessibleErrorMessage('Name at least one application key, portfolio or tag.');
  await dialog.getByRole('textbox', { name: 'Portfolios' }).fill(portfolio);
  await dialog.getByRole('spinbutton', { name: /Newest SBOM at most/ }).fill('30');
  await dialog.getByRole('button', { name: 'Add check' }).click();
  await expect(dialog).toBeHidden();

  const check = panel.getByRole('listitem', { name: /^SBOM freshness: / });
  await expect(check).toHaveAccessibleName('SBOM freshness: passing');
  await expect(check).toContainText(`portfolio ${portfolio}`);
  await expect(panel.getByRole('img', { name: 'Compliance: passing' }).first()).toBeVisible();
  await expect(owner.getByRole('treeitem', { name })).toHaveAccessibleDescription(/Compliance: passing$/i);

  // The READER's screens follow: the badge describes the tree's item, the panel lists the check, still without actions.
  await expect(watched).toHaveAccessibleDescription(/Compliance: passing$/i, { timeout: LIVE_MS });
  await expect(watcherPanel.getByRole('listitem', { name: 'SBOM freshness: passing' })).toBeVisible({ timeout: LIVE_MS });
  await expect(watcherPanel.getByRole('button')).toHaveCount(0);

  // The data changes: an application without SBOM joins the portfolio. Nobody touches a screen.
  const joined = await owner.request.post(`/api/apps?graph=${GRAPH}`, { data: { app_key: legacy, name: legacy, portfolio }, headers: CSRF });
  expect(joined.status()).toBe(201);

  await expect(watched).toHaveAccessibleDescription(/Compliance: failing$/i, { timeout: LIVE_MS });
  const failing = watcherPanel.getByRole('listitem', { name: 'SBOM freshness: failing' });
  await expect(failing).toBeVisible({ timeout: LIVE_MS });
  await expect(failing.getByRole('link', { name: new RegExp(legacy) })).toHaveAttribute('href', `/applications/${legacy}`);
  await expect(check).toHaveAccessibleName('SBOM freshness: failing', { timeout: LIVE_MS });
  await expect(owner.getByRole('treeitem', { name })).toHaveAccessibleDescription(/Compliance: failing$/i, { timeout: LIVE_MS });
  // The history tells both turns.
  await expect(panel.getByRole('list', { name: 'Compliance history' })).toContainText('Requirement passing → failing');

  // The reason leads to the application's page.
  await failing.getByRole('link', { name: new RegExp(legacy) }).click();
  await expect(watcher).toHaveURL(new RegExp(`/applications/${legacy}$`));

  // The screens with compliance on them have no WCAG 2.1 A/AA violation: the panel with its check,
  // reasons and history beside the tree's badges, the table's badges, the check dialog, the dashboard.
  const found = await violations(owner, 'requirement opened');
  await panel.getByRole('button', { name: 'Edit check: SBOM freshness' }).click();
  await expect(owner.getByRole('dialog', { name: `Edit check of ${name}` })).toBeVisible();
  found.push(...(await violations(owner, 'check dialog')));
  await owner.getByRole('button', { name: 'Cancel' }).click();
  await owner.getByRole('button', { name: 'Table', exact: true }).click();
  // The process holds the other suites' requirements too: the table searched for this one.
  await owner.getByRole('search', { name: 'Search requirements' }).getByRole('searchbox', { name: 'Search' }).fill(run);
  await expect(owner.getByRole('row', { name: new RegExp(title) }).getByRole('img', { name: 'Compliance: failing' })).toBeVisible({ timeout: LOAD_MS });
  found.push(...(await violations(owner, 'table')));
  // The dashboard counts the requirement among those of no imported standard, failing.
  await owner.goto('/dashboard');
  const ours = owner.getByRole('region', { name: 'Compliance of Requirements of no imported standard' });
  await expect(ours.getByRole('row', { name: new RegExp(title) })).toContainText('0%', { timeout: LOAD_MS });
  found.push(...(await violations(owner, 'dashboard')));
  expect(found, found.join('\n')).toEqual([]);

  for (const page of [owner, watcher]) await page.context().close();
});
