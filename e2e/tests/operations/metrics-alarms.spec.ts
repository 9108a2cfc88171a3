import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { E2E_PROCESS, totpCode, USERS, type E2EUser } from '../../support/users';

// Issue 25 items 1-5 end to end in process E2E. Metrics: a change through the API (a requirement)
// brings a snapshot ten seconds later, which reaches the open screen live; the recovery point's
// age is charted over ranges against the period before and exported as CSV; a custom metric is
// defined in the form. Alarms: one on the recovery point age with a low threshold is previewed
// over the stored series, created (evaluated at once: firing), acknowledged with a note, and its
// history says both — while another admin's open alarm list follows each state without a reload.

/** A screen's first load (a remote's code, its queries) on a machine shared with other suites. */
const LOAD_MS = 30_000;
/** A snapshot follows a change by METRICS_SNAPSHOT_DEBOUNCE_MS (10 s), then its live event. */
const SNAPSHOT_MS = 30_000;
const stamp = () => Date.now().toString(36);

/** A signed-in context whose shell opens process E2E (with several processes the chooser would ask). */
async function signedIn(browser: Browser, user: E2EUser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  const session = (await (await context.request.get('/api/sessions')).json()) as { user: { id: string } };
  const listed = (await (await context.request.get('/api/projects')).json()) as Array<{ id: string; code_name: string }>;
  const own = listed.find((process) => process.code_name === E2E_PROCESS)!;
  await context.addInitScript(([key, id]) => window.localStorage.setItem(key!, id!), [`portal.lastProcess.${session.user.id}`, own.id]);
  return context;
}

/** A requirement created through the API: the process's metrics are snapshotted ten seconds later. */
async function changeSomething(context: BrowserContext): Promise<void> {
  const created = await context.request.post(`/api/requirements?graph=${E2E_PROCESS.toLowerCase()}`, { data: { title: `Metrics move ${stamp()}` }, headers: CSRF });
  expect(created.status()).toBe(201);
}

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(mainHeading(page)).toHaveText(heading, { timeout: LOAD_MS });
}

test('metrics: a snapshot reaches the open screen, the recovery point age charted over ranges against the period before and exported as CSV, a custom metric from the form', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await signedIn(browser, USERS.metricsReader);
  const page = await context.newPage();
  await open(page, '/metrics', 'Metrics');

  // The recovery point's age is a built-in metric; a change brings a snapshot, shown live on the card.
  const card = page.getByRole('region', { name: 'Disaster recovery' }).getByRole('button', { name: /^Recovery point age/ });
  await expect(card).toContainText(/\d+ minutes?/);
  await changeSomething(context);
  await expect(card).toContainText(/since \d/, { timeout: SNAPSHOT_MS });

  // Its chart: the period's values in words against the period before, for each range.
  await card.click();
  const chart = page.getByRole('region', { name: 'Recovery point age over time' });
  await expect(chart.getByText(/^Recovery point age went from \d+ minutes? on \d{4}-\d{2}-\d{2} to \d+ minutes? on \d{4}-\d{2}-\d{2}\. .*30 days before/)).toBeVisible();
  await chart.getByLabel('Range').selectOption({ label: '7 days' });
  await expect(chart.getByText(/^Recovery point age went from .*7 days before/)).toBeVisible();
  await expect(chart.getByRole('img', { name: /^Recovery point age went from/ })).toBeVisible();

  // The CSV of the range: a header and the snapshot's line.
  const download = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toBe('at,value');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z,\d+$/);

  // A custom metric chosen in the form: the process's draft requirements.
  const name = `Draft requirements ${stamp()}`;
  const custom = page.getByRole('region', { name: 'Custom metrics' });
  await custom.getByRole('button', { name: 'New custom metric' }).click();
  const form = page.getByRole('dialog', { name: 'New custom metric' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Entity').selectOption({ label: 'Requirements' });
  await form.getByRole('button', { name: 'Add filter' }).click();
  const filter = form.getByRole('group', { name: 'Filter 1' });
  await filter.getByLabel('Filter 1 field').selectOption({ label: 'status' });
  await filter.getByRole('checkbox', { name: 'DRAFT' }).check();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await expect(custom.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Custom' }).getByRole('button', { name: new RegExp(`^${name}`) })).toContainText(/\d/);
  await context.close();
});

test('an alarm on the recovery point age fires at once, is acknowledged with a note, and its history says so; another admin sees each state live', async ({ browser }) => {
  test.setTimeout(120_000);
  const keeper = await signedIn(browser, USERS.alarmKeeper);
  const watcher = await signedIn(browser, USERS.alarmWatcher);
  // A stored value of the series to preview the rule over.
  await changeSomething(keeper);

  // The watcher keeps the list open; nothing reloads it but the live events.
  const watching = await watcher.newPage();
  await open(watching, '/alarms', 'Alarms');
  const name = `Backups too old ${stamp()}`;

  const page = await keeper.newPage();
  await open(page, '/alarms', 'Alarms');
  await page.getByRole('button', { name: 'New alarm' }).click();
  const editor = page.getByRole('dialog', { name: 'New alarm' });
  await editor.getByLabel('Name').fill(name);
  await editor.getByLabel('Metric', { exact: true }).selectOption({ label: 'Recovery point age' });
  // A low threshold: any age holds.
  await editor.getByLabel('Comparator').selectOption('>=');
  await editor.getByLabel('Threshold').fill('0');
  await editor.getByLabel('Severity').selectOption({ label: 'Critical' });
  await editor.getByRole('checkbox', { name: USERS.alarmWatcher.name }).check();
  // The preview replays the rule over the stored series: the snapshot the change brought.
  await expect(async () => {
    await editor.getByRole('button', { name: 'Preview the last 30 days' }).click();
    await expect(editor.getByRole('status')).toHaveText('Would have fired once in the last 30 days.', { timeout: 2_000 });
  }).toPass({ timeout: SNAPSHOT_MS });
  await expect(editor.getByRole('list', { name: 'Would have fired' })).toContainText('still firing');
  await editor.getByRole('button', { name: 'Create alarm' }).click();

  // Evaluated at once: firing on its page, and on the watcher's list without a reload.
  await expect(mainHeading(page)).toHaveText(`Alarm ${name}`);
  await expect(page.getByRole('main').getByText('Firing', { exact: true })).toBeVisible();
  const row = watching.getByRole('table', { name: 'Alarms' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Firing');
  await expect(row).toContainText('recovery_point_age_minutes (all) >= 0 at once');

  // Acknowledged with a note.
  const note = 'Backups are being set up for this process.';
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  const acknowledge = page.getByRole('dialog', { name: `Acknowledge ${name}` });
  await acknowledge.getByLabel('Note').fill(note);
  await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(acknowledge).toBeHidden();
  await expect(page.getByRole('main').getByText('Acknowledged', { exact: true })).toBeVisible();
  await expect(row).toContainText('Acknowledged');

  // The history, newest first: the acknowledgement with who and the note, then the firing.
  const history = page.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(`Firing → Acknowledged`);
  await expect(history.nth(0)).toContainText(note);
  await expect(history.nth(1)).toContainText('OK → Firing at');
  await keeper.close();
  await watcher.close();
});
