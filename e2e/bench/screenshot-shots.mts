// The screens of issue 26's visual items that bench/screenshots.mts takes, in the order of the
// issue, each with the state it is brought to. The same list runs against the portal before the
// issue and after it: a screen the old version does not have fails its step, and the runner then
// shoots what the route shows instead and says so in the index.
import type { Browser, Locator, Page } from '@playwright/test';
import { signIn } from './portal.mjs';

export interface ShotData {
  base: string;
  browser: Browser;
  /** Requirement ids of process NIST by code. */
  requirements: Map<string, string>;
  /** The id of juice-shop's deployment profile Production ('' when the demo has none). */
  production: string;
}

export interface Shot {
  /** The file name without prefix and extension: the same before and after. */
  name: string;
  /** The item(s) the shot shows. */
  item: string;
  /** One line for the index: what the shot shows. */
  what: string;
  /** Who looks: the demo admin (default), the demo's Global Admin, or nobody signed in. */
  who?: 'admin' | 'global' | 'anonymous';
  /** The demo admin's process (default NIST). */
  process?: 'NIST' | 'DEMO' | 'Platform View';
  path: string | ((data: ShotData) => string);
  viewport?: { width: number; height: number };
  /** Brings the screen to the state shown; may answer a note for the index (e.g. a height measured). */
  act?: (page: Page, data: ShotData) => Promise<string | void>;
}

export const SMALL = { width: 375, height: 812 };
const DEMO_AUTHOR = { login: 'demo_author', password: 'Demo@2026' };
const DEMO_REVIEWER = { login: 'demo_reviewer', password: 'Demo@2026' };

/** Signs in through the sign-in screen, as a person would (the two-factor step that follows is the screen's). */
export async function signInOnScreen(page: Page, user: { login: string; password: string }): Promise<void> {
  await page.getByLabel('Username').fill(user.login);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const requirement = (code: string) => (data: ShotData) => data.requirements.get(code) ?? 'unknown';

/** The depository's tree with the AC family opened (its row clicked, then expanded by keyboard). */
async function openFamily(page: Page): Promise<void> {
  await page.getByRole('treeitem', { name: /^AC / }).first().click();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('treeitem', { name: /^AC-1 / }).waitFor();
}

/** A plane in view (on a small screen it is below the unplaced list), the axis texts in the shot. */
async function planeInView(page: Page): Promise<void> {
  await page.getByRole('group', { name: /^Priority plane:/ }).scrollIntoViewIfNeeded();
}

/** On a phone the side navigation is collapsed first, as its user would, so the plane has the width. */
async function planeOnPhone(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await planeInView(page);
}

/** Scrolls the element to the top of the content area (the shot shows what follows it). */
async function toTop(page: Page, locator: Locator): Promise<void> {
  await locator.waitFor({ timeout: 60_000 });
  await locator.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
}

/** The Add wizard with a title typed, on its Planning step (where the Owner is). */
async function addWizardPlanning(page: Page): Promise<void> {
  await page.getByLabel('Title').fill('Privileged accounts are reviewed monthly');
  for (let step = 0; step < 2; step++) await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByText('Due date').first().waitFor();
}

export const SHOTS: Shot[] = [
  { name: '01-tree', item: '1', what: 'Depository tree of NIST, the AC family expanded and AC opened', path: '/requirements', act: openFamily },
  {
    name: '01-move-dialog',
    item: '1',
    what: 'Moving AC-1 from the tree by keyboard: Move AC-1 to… and its dialog',
    path: '/requirements',
    act: async (page) => {
      await openFamily(page);
      await page.keyboard.press('ArrowDown');
      await page.getByRole('button', { name: /^Move AC-1 to/ }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: '01-modify-parent',
    item: '1',
    what: 'Modify wizard of AC-2, first step (the Parent field)',
    path: (data) => `/requirements/modify?id=${requirement('AC-2')(data)}`,
    act: async (page) => {
      await page.getByLabel('Title').waitFor();
    },
  },
  { name: '02-add-planning', item: '2', what: 'Add wizard, Planning step (the Owner field)', path: '/requirements/add-requirement', act: addWizardPlanning },
  {
    name: '02-add-help',
    item: '2',
    what: "Add wizard's help icon clicked: the markdown help notice",
    path: '/requirements/add-requirement',
    act: async (page) => {
      await page.getByRole('button', { name: 'Help', exact: true }).click();
      await page.getByRole('dialog', { name: 'Help' }).waitFor();
    },
  },
  {
    name: '03-table',
    item: '3',
    what: "Depository's table view of NIST in its default order",
    path: '/requirements',
    act: async (page) => {
      await page.getByRole('button', { name: 'Table', exact: true }).click();
      await page.getByRole('table', { name: 'Requirements' }).waitFor();
    },
  },
  {
    name: '04-duplicates',
    item: '4',
    what: 'Reports: Find duplicates over the NIST LOW baseline',
    path: '/reports',
    act: async (page) => {
      await page.getByRole('button', { name: 'Find duplicates' }).click();
      const section = page.locator('section[aria-labelledby="duplicate-scan-heading"]');
      const list = section.getByRole('list', { name: 'Duplicate candidates' });
      await list.or(section.getByText('No duplicates found')).waitFor({ timeout: 120_000 });
      await toTop(page, section);
      return `${await list.getByRole('listitem').count()} candidate pairs listed`;
    },
  },
  {
    name: '05-gaps-report',
    item: '2, 5',
    what: "Reports: the Gaps report's preview of NIST (owner and assignee columns, labels, dates)",
    path: '/reports',
    act: async (page) => {
      await page.getByLabel('Report', { exact: true }).selectOption({ label: 'Gaps' });
      await page.getByRole('table', { name: /gap/i }).first().waitFor();
    },
  },
  {
    name: '06-finding-dialog',
    item: '6',
    what: "A juice-shop finding's dialog (lodash GHSA-35jh-r3h4-6jhm, in triage)",
    process: 'DEMO',
    path: '/applications/juice-shop',
    act: async (page) => {
      await page.getByLabel('Filter findings').fill('GHSA-35jh-r3h4-6jhm');
      // The row once the (debounced) filter has answered.
      const row = page.getByRole('table', { name: 'Findings' }).getByRole('row').filter({ hasText: 'GHSA-35jh-r3h4-6jhm' }).first();
      await row.waitFor({ timeout: 30_000 });
      await row.click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: '07-graph-juice-shop',
    item: '7',
    what: 'Graph View of juice-shop (an SBOM without stated dependencies: 841 components)',
    process: 'DEMO',
    path: '/applications/GraphView?app=juice-shop',
    act: async (page) => {
      await page.getByTestId('dependency-graph').waitFor({ timeout: 60_000 });
      // The layout settles before the shot.
      await page.waitForTimeout(3000);
    },
  },
  {
    name: '07-graph-dropwizard',
    item: '7',
    what: 'Graph View of dropwizard (168 components with their stated dependencies)',
    process: 'DEMO',
    path: '/applications/GraphView?app=dropwizard',
    act: async (page) => {
      await page.getByTestId('dependency-graph').waitFor({ timeout: 60_000 });
      await page.waitForTimeout(3000);
    },
  },
  { name: '08-requirements-plane', item: '8', what: 'Requirements priority plane of NIST (three requirements placed) at 1440×900', path: '/requirements/priorityPlanes', act: planeInView },
  { name: '08-requirements-plane-small', item: '8', what: 'The same plane on a phone, the navigation collapsed', path: '/requirements/priorityPlanes', viewport: SMALL, act: planeOnPhone },
  { name: '08-applications-plane', item: '8', what: 'Applications priority plane of DEMO (two apps placed) at 1440×900', process: 'DEMO', path: '/applications/priorityPlanes', act: planeInView },
  { name: '08-applications-plane-small', item: '8', what: 'The same plane on a phone, the navigation collapsed', process: 'DEMO', path: '/applications/priorityPlanes', viewport: SMALL, act: planeOnPhone },
  {
    name: '09-rbom-summary',
    item: '9',
    what: "RBOM of juice-shop's profile Production: its summary counts",
    process: 'DEMO',
    path: (data) => `/applications/juice-shop/rbom-settings?profile=${data.production}`,
    act: async (page) => {
      await page.getByTestId('rbom-summary').scrollIntoViewIfNeeded({ timeout: 60_000 });
      return (await page.getByTestId('rbom-summary').innerText()).replace(/\s+/g, ' ');
    },
  },
  {
    name: '09-rbom-not-deployed',
    item: '9',
    what: "The same RBOM's Not deployed list",
    process: 'DEMO',
    path: (data) => `/applications/juice-shop/rbom-settings?profile=${data.production}`,
    act: async (page) => {
      await toTop(page, page.getByRole('heading', { name: /^Not deployed/ }));
      // The list's end: the @types packages (npm scopes) come after grunt's.
      await page.getByRole('table', { name: 'Components not deployed' }).getByRole('rowgroup').last().evaluate((rows) => rows.scrollTo(0, rows.scrollHeight));
      await page.waitForTimeout(300);
    },
  },
  {
    name: '10-active-exploits',
    item: '10',
    what: "dropwizard's findings filtered to Only active exploits",
    process: 'DEMO',
    path: '/applications/dropwizard',
    act: async (page) => {
      await page.getByText('Only active exploits').click();
      await page.waitForTimeout(1000);
      // The filters at the top, the findings left under them.
      await toTop(page, page.getByLabel('Filter findings'));
    },
  },
  { name: '10-vulnerability-database', item: '10', what: 'The vulnerability database screen as the demo admin sees it', process: 'DEMO', path: '/administration/global/vulnerabilities' },
  { name: '11-header', item: '11', what: 'Dashboard of NIST: the page header under the title', path: '/dashboard' },
  { name: '11-about', item: '11', what: 'About', path: '/about' },
  {
    name: '12-collapsed-nav',
    item: '12',
    what: 'Side navigation collapsed, a section hovered (its flyout)',
    path: '/dashboard',
    act: async (page) => {
      await page.getByRole('button', { name: 'Collapse navigation' }).click();
      const section = page.getByTestId('collapsed-navigation').locator('> li').filter({ has: page.locator('button') }).first();
      await section.hover();
      await section.locator('ul').waitFor();
    },
  },
  {
    name: '13-forgot-password',
    item: '13',
    what: 'Forgot password, signed out',
    who: 'anonymous',
    path: '/',
    act: async (page) => {
      await page.getByRole('link', { name: 'Forgot password' }).click();
      await page.waitForTimeout(500);
    },
  },
  {
    name: '13-two-factor-setup',
    item: '13',
    what: "demo_author's first sign-in: the two-factor wizard's first step, no code typed",
    who: 'anonymous',
    path: '/',
    act: async (page) => {
      await signInOnScreen(page, DEMO_AUTHOR);
      await page.getByText('Setup authenticator app').first().waitFor();
    },
  },
  {
    name: '13-two-step-verification',
    item: '13',
    what: "demo_reviewer's sign-in once two-factor is set up: 2-Step Verification",
    who: 'anonymous',
    path: '/',
    act: async (page, data) => {
      // Two-factor set up through the API first, in a context of its own.
      await signIn(data.browser, data.base, DEMO_REVIEWER);
      await signInOnScreen(page, DEMO_REVIEWER);
      await page.getByText('2-Step Verification').first().waitFor();
    },
  },
  { name: '14-organization', item: '14', what: 'Organization Administration as the demo admin', path: '/administration/organization' },
  {
    name: '15-role-editor',
    item: '15',
    what: 'IAM: the role editor of AUTHOR',
    path: '/administration/iam',
    act: async (page) => {
      await page.getByRole('button', { name: 'Edit AUTHOR', exact: true }).click();
      const editor = page.locator('section[aria-label="Edit role AUTHOR"]');
      await editor.waitFor();
      await page.waitForTimeout(500);
      return `the editor is ${Math.round((await editor.boundingBox())?.height ?? 0).toLocaleString('en-US')} px tall`;
    },
  },
  { name: '16-global-admin', item: '16', what: 'Global Administration as demo_global_admin', who: 'global', path: '/administration/global' },
  {
    name: '17-version-tooltip',
    item: '17',
    what: "The version label's tooltip (hovered), in NIST",
    path: '/dashboard',
    act: async (page) => {
      await page.getByTestId('version-label').hover();
      await page.getByRole('tooltip').waitFor();
    },
  },
  {
    name: '17-version-platform-view',
    item: '17',
    what: 'The version label in Platform View, hovered',
    process: 'Platform View',
    path: '/dashboard',
    act: async (page) => {
      await page.getByTestId('version-label').hover({ timeout: 5000 });
      await page.getByRole('tooltip').waitFor();
    },
  },
  { name: '18-poc-state-machine', item: '18', what: 'POC: /poc (State Machine)', path: '/poc' },
  { name: '18-poc-rabbitmq', item: '18', what: 'POC: Rabbitmq', path: '/poc/notifications' },
  { name: '18-poc-cves', item: '18', what: 'POC: CVEs', process: 'DEMO', path: '/poc/nvd-cve' },
  { name: '18-poc-centrifugo', item: '18', what: 'POC: Centrifugo', path: '/poc/centrifugo' },
  {
    name: '19-attachments',
    item: '19',
    what: "AC-2 opened in the depository: its Attachments (file input) beside the filters' selects",
    path: (data) => `/requirements?id=${requirement('AC-2')(data)}`,
    act: async (page) => {
      await page.getByRole('heading', { name: 'Attachments', exact: true }).scrollIntoViewIfNeeded({ timeout: 30_000 });
      const icon = await page.locator('link[rel~="icon"]').first().getAttribute('href', { timeout: 1000 }).catch(() => null);
      return `favicon: ${icon ?? 'none linked'}`;
    },
  },
  {
    name: '20-skip-link',
    item: '20',
    what: 'Dashboard after one Tab: the first Tab stop focused',
    path: '/dashboard',
    act: async (page) => {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        return element ? `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"` : 'nothing';
      });
      return `first Tab stop: ${focused}`;
    },
  },
  {
    name: '20-chart-table',
    item: '20',
    what: "Dashboard: a chart's text alternative (Show table)",
    path: '/dashboard',
    act: async (page) => {
      await page.getByRole('button', { name: 'Show table' }).first().click({ timeout: 5000 });
      // Its name is Hide table once open.
      await page.getByRole('button', { name: 'Hide table' }).first().scrollIntoViewIfNeeded();
    },
  },
];
