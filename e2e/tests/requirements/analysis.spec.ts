import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { REPO_ROOT } from '../../support/portal';
import { totpCode, USERS, type E2EUser } from '../../support/users';

// Issue 6 analysis screens end to end: a priority-plane placement (drag, then keyboard) survives a
// reload; a report's CSV download holds the data; a near-duplicate pair is proposed with its score
// and stays dismissed after a reload; the NIST SP 800-53 LOW baseline imported through the UI shows
// its progress, then the standard with its controls and the tree.

const GRAPH = 'e2e';
// The LOW baseline as the API ships it (api/src/standards/catalogs, gzip-compressed; the user uploads the JSON).
const OSCAL_LOW_TEXT = gunzipSync(
  readFileSync(join(REPO_ROOT, 'api/src/standards/catalogs/NIST_SP-800-53_rev5_LOW-baseline-resolved-profile_catalog.json.gz')),
).toString('utf8');

interface Created {
  id: string;
  code: string;
  title: string;
}

async function signedIn(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return context.newPage();
}

async function createRequirement(request: APIRequestContext, body: { title: string; description?: string; tags?: string[] }): Promise<Created> {
  const response = await request.post(`/api/requirements?graph=${GRAPH}`, { data: body, headers: CSRF });
  expect(response.status()).toBe(201);
  return (await response.json()) as Created;
}

/** Parses CSV as RFC 4180 (quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

test('a priority-plane placement, dragged or moved with the keyboard, survives a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, USERS.reqPlanner);
  const stamp = Date.now().toString(36);
  const placed = await createRequirement(page.request, { title: `Plane drag ${stamp}` });

  await page.goto('/requirements/priorityPlanes');
  await expect(mainHeading(page)).toHaveText('Requirement Priority Planes');
  const item = page.getByRole('button', { name: `Place ${placed.code} ${placed.title}` });
  await expect(item).toBeVisible();

  // Drag it from the list onto the plane at urgency 75 %, importance 25 % (the chart's geometry:
  // a 640 × 440 view box with the plot inside the margins planeGeometry computes from its labels: 71 left, 18 top, 22 right, 53 bottom).
  const chart = page.getByRole('group', { name: /^Priority plane:/ });
  const box = (await chart.boundingBox())!;
  const scale = box.width / 640;
  const target = { x: box.x + (71 + 0.75 * 547) * scale, y: box.y + (18 + 0.75 * 369) * scale };
  const saved = page.waitForResponse((response) => response.url().includes(`/api/requirements/${placed.id}/plane`) && response.request().method() === 'PUT');
  await item.hover();
  await page.mouse.down();
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
  const point = page.getByRole('button', { name: new RegExp(`^${placed.code} ${placed.title}: urgency \\d+%, importance \\d+%$`) });
  await expect(point).toBeVisible();
  const dropped = (await point.getAttribute('aria-label'))!;
  const [, urgency, importance] = /urgency (\d+)%, importance (\d+)%/.exec(dropped)!.map(Number);
  expect(Math.abs(urgency - 75)).toBeLessThanOrEqual(2);
  expect(Math.abs(importance - 25)).toBeLessThanOrEqual(2);

  await page.reload();
  await expect(page.getByRole('button', { name: dropped })).toBeVisible();
  await expect(page.getByRole('button', { name: `Place ${placed.code} ${placed.title}` })).toHaveCount(0);

  // The keyboard alternative: focus the point, two steps up (5 % each), saved and kept too.
  const moved = page.waitForResponse((response) => response.url().includes(`/api/requirements/${placed.id}/plane`) && response.request().method() === 'PUT');
  await page.getByRole('button', { name: dropped }).focus();
  await page.keyboard.press('ArrowUp');
  await moved;
  const second = page.waitForResponse((response) => response.url().includes(`/api/requirements/${placed.id}/plane`) && response.request().method() === 'PUT');
  await page.keyboard.press('ArrowUp');
  await second;
  const raised = `${placed.code} ${placed.title}: urgency ${urgency}%, importance ${importance + 10}%`;
  await expect(page.getByRole('button', { name: raised })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: raised })).toBeVisible();

  // The analytics overview shows it read-only.
  await page.goto('/priorityPlanes');
  await expect(page.getByRole('img', { name: raised })).toBeVisible();
});

test('the CSV download of a report holds the same data as the report', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, USERS.reqReporter);
  const stamp = Date.now().toString(36);
  const [tagA, tagB] = [`csv-a-${stamp}`, `csv-b-${stamp}`];
  await createRequirement(page.request, { title: `CSV one ${stamp}`, tags: [tagA] });
  await createRequirement(page.request, { title: `CSV two ${stamp}`, tags: [tagA] });
  await createRequirement(page.request, { title: `CSV three, "quoted" ${stamp}`, tags: [tagA, tagB] });

  await page.goto('/reports');
  await expect(mainHeading(page)).toHaveText('Reports');
  await page.getByLabel('Report', { exact: true }).selectOption('tag');
  const table = page.getByRole('table', { name: 'Requirements by tag' });
  await expect(table.getByRole('row', { name: new RegExp(tagA) })).toHaveText(new RegExp(`${tagA}\\s*3\\s*0\\s*0`));

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download By tag report as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = parseCsv(readFileSync((await download.path())!, 'utf8')).filter((row) => row.some((cell) => cell !== ''));
  expect(csv[0]).toEqual(['Tag', 'Requirements', 'Completed', 'Average progress (%)']);
  expect(csv.find((row) => row[0] === tagA)).toEqual([tagA, '3', '0', '0']);
  expect(csv.find((row) => row[0] === tagB)).toEqual([tagB, '1', '0', '0']);

  // Every row of the CSV is the report's data, as the API reports it and the table shows it.
  const report = (await (await page.request.get(`/api/reports/tag?graph=${GRAPH}&format=json`)).json()) as {
    columns: { key: string }[];
    rows: Record<string, string | number | null>[];
  };
  expect(csv.slice(1)).toEqual(report.rows.map((row) => report.columns.map(({ key }) => (row[key] === null ? '' : String(row[key])))));
  await expect(table.getByRole('row')).toHaveCount(report.rows.length + 1);
});

test('a near-duplicate is proposed with its score when added and on demand, and stays dismissed after a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, USERS.reqDeduper);
  const stamp = Date.now().toString(36);
  const word = `zephyrine${stamp}`;
  const a = await createRequirement(page.request, {
    title: `Encrypt ${word} backups at rest`,
    description: `All ${word} backups are encrypted at rest with keys rotated every year.`,
  });

  // The second one is added through the wizard: the new requirement shows its possible duplicate.
  await page.goto('/requirements/add-requirement');
  await page.getByRole('textbox', { name: 'Title' }).fill(`Backups of ${word} encrypted at rest`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Description' }).fill(`Every ${word} backup is encrypted at rest; the keys are rotated yearly.`);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Add requirement' }).click();
  await expect(page).toHaveURL(/\/requirements\?id=/);
  const b = { id: new URL(page.url()).searchParams.get('id')! };
  const added = (await (await page.request.get(`/api/requirements/${b.id}?graph=${GRAPH}`)).json()) as Created;
  const proposed = page.getByRole('region', { name: 'Possible duplicates' }).getByRole('listitem', { name: `Possible duplicates ${added.code} and ${a.code}` });
  await expect(proposed).toBeVisible({ timeout: 20_000 });
  await expect(proposed).toContainText(/Similarity \d+%/);
  await expect(proposed).toContainText(/Shared terms: .*(encrypt|backup)/);
  const score = /Similarity \d+%/.exec(await proposed.innerText())![0];

  // On demand, for the whole process: the same pair with the same score.
  await page.goto('/reports');
  await page.getByRole('button', { name: 'Find duplicates' }).click();
  const pair = page.getByRole('listitem', { name: `Possible duplicates ${a.code} and ${added.code}` });
  await expect(pair).toBeVisible({ timeout: 20_000 });
  await expect(pair).toContainText(/Similarity \d+%/);
  await expect(pair).toContainText(score);
  await expect(pair).toContainText(/Shared terms: .*(encrypt|backup)/);
  await pair.getByRole('button', { name: `Not a duplicate: ${a.code} and ${added.code}` }).click();
  await expect(pair).toHaveCount(0);

  await page.reload();
  await page.getByRole('button', { name: 'Find duplicates' }).click();
  await expect(page.getByRole('list', { name: 'Duplicate candidates' }).or(page.getByText('No duplicates found'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('listitem', { name: `Possible duplicates ${a.code} and ${added.code}` })).toHaveCount(0);
  const fromApi = (await (await page.request.get(`/api/requirements/${b.id}/duplicates?graph=${GRAPH}`)).json()) as { a: { id: string }; b: { id: string } }[];
  expect(fromApi.filter((candidate) => [candidate.a.id, candidate.b.id].includes(a.id))).toEqual([]);
});

test('the NIST SP 800-53 LOW baseline imports through the UI with progress, then shows the standard and the tree', async ({ browser }) => {
  test.setTimeout(180_000);
  // Counted here from the file itself: groups, controls and enhancements.
  interface Control {
    controls?: Control[];
  }
  const catalog = (JSON.parse(OSCAL_LOW_TEXT) as { catalog: { metadata: { title: string }; groups: { title: string; controls?: Control[] }[] } }).catalog;
  let controls = 0;
  let enhancements = 0;
  for (const group of catalog.groups) {
    for (const control of group.controls ?? []) {
      controls += 1;
      enhancements += (control.controls ?? []).length;
    }
  }
  const total = catalog.groups.length + controls + enhancements;

  const page = await signedIn(browser, USERS.reqImporter);
  await page.goto('/reports');
  await page.getByLabel('OSCAL catalog file (JSON)').setInputFiles({
    name: 'NIST_SP-800-53_rev5_LOW-baseline-resolved-profile_catalog.json',
    mimeType: 'application/json',
    buffer: Buffer.from(OSCAL_LOW_TEXT),
  });
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveAttribute('aria-valuemax', String(total));
  await expect(page.getByText(`Imported ${total} requirements: ${total} created, 0 updated.`)).toBeVisible({ timeout: 90_000 });
  await expect(progress).toHaveAttribute('aria-valuetext', `${total} of ${total}`);

  const standard = page.getByRole('table', { name: 'Imported standards' }).getByRole('row', { name: new RegExp(catalog.metadata.title.slice(0, 30)) });
  await expect(standard).toContainText(String(controls + enhancements));

  // The catalog's groups are top-level requirements of the depository's tree, its controls their
  // children and the enhancements the controls' children.
  await page.goto('/requirements');
  const tree = page.getByRole('tree', { name: 'Requirements' });
  await expect(tree.getByRole('treeitem', { name: new RegExp(catalog.groups[0].title) }).first()).toBeVisible();
  const family = tree.getByRole('treeitem', { name: 'IA Identification and Authentication', exact: true });
  await family.getByTestId('toggle-IA').click();
  const control = tree.getByRole('treeitem', { name: 'IA-2 Identification and Authentication (Organizational Users)', exact: true });
  await expect(control).toHaveAttribute('aria-level', '2');
  await control.getByTestId('toggle-IA-2').click();
  const enhancement = tree.getByRole('treeitem', { name: /^IA-2\(1\) / });
  await expect(enhancement).toHaveAttribute('aria-level', '3');
  await expect(tree.getByRole('treeitem', { name: /^IA-2\(\d+\) / })).toHaveCount(
    catalog.groups.find((group) => group.title === 'Identification and Authentication')!.controls!.find((c) => (c as { id?: string }).id === 'ia-2')!.controls!.length,
  );
});
