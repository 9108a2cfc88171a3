import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { CSRF, signInWithNewTwoFactor } from '../../support/identity';
import { REPO_ROOT } from '../../support/portal';
import { totpCode, USERS } from '../../support/users';

// Issue 28 items 4 and 5 end to end: on the Reports screen an author applies the NIST
// templates to the imported LOW baseline (a confirmation listing them, then what was added and
// skipped), and downloads the standard's OSCAL assessment results, whose findings are the
// requirements that got checks. The LOW baseline is the one analysis.spec.ts imports through the UI
// (it runs first); run alone, this imports it through the API.

const GRAPH = 'e2e';
const LOW_TITLE = /LOW IMPACT BASELINE/;

test('the NIST templates applied to the LOW baseline from the standards list, then its OSCAL assessment results downloaded', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, USERS.complianceAuditor, (secret) => totpCode(secret));
  const page = await context.newPage();

  const standards = async () => (await (await page.request.get(`/api/standards?graph=${GRAPH}`)).json()) as Array<{ id: string; title: string }>;
  if (!(await standards()).some((standard) => LOW_TITLE.test(standard.title))) {
    const text = gunzipSync(readFileSync(join(REPO_ROOT, 'api/src/standards/catalogs/NIST_SP-800-53_rev5_LOW-baseline-resolved-profile_catalog.json.gz'))).toString('utf8');
    const started = await page.request.post(`/api/standards/imports?graph=${GRAPH}`, { data: Buffer.from(text), headers: { ...CSRF, 'Content-Type': 'application/json' } });
    expect(started.status()).toBe(202);
    const { id } = (await started.json()) as { id: string };
    await expect.poll(async () => ((await (await page.request.get(`/api/standards/imports/${id}?graph=${GRAPH}`)).json()) as { status: string }).status, { timeout: 120_000 }).toBe('DONE');
  }
  const low = (await standards()).find((standard) => LOW_TITLE.test(standard.title))!;

  await page.goto('/reports');
  const row = page.getByRole('table', { name: 'Imported standards' }).getByRole('row', { name: new RegExp(low.title.slice(0, 30)) });
  await row.getByRole('button', { name: `Apply NIST templates to ${low.title}` }).click({ timeout: 30_000 });
  const dialog = page.getByRole('alertdialog', { name: 'Apply NIST SP 800-53 templates' });
  await expect(dialog.getByRole('list', { name: 'Templates' })).toContainText('RA-5 Vulnerability Monitoring and Scanning: 2 checks');
  await dialog.getByRole('button', { name: 'Apply templates' }).click();
  // SA-11 and SR-4 are not in the LOW baseline; a second run finds every check already there.
  await expect(row.getByRole('status')).toContainText(/(Added \d+ checks to RA-5, SI-2, CM-8, CM-6, SR-11|No check added)\. Skipped \d+: SA-11, SR-4 \(not in the catalog\)/, { timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Export OSCAL assessment results of ${low.title}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^assessment-results-e2e-NIST_Special_Publication_800-53.*\.json$/);
  const document = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    'assessment-results': { metadata: { 'oscal-version': string }; results: Array<{ findings: Array<{ title: string; target: { 'target-id': string } }> }> };
  };
  expect(document['assessment-results'].metadata['oscal-version']).toBe('1.1.2');
  const targets = document['assessment-results'].results[0].findings.map((finding) => finding.target['target-id']);
  expect(targets).toEqual(expect.arrayContaining(['ra-5_smt', 'si-2_smt', 'cm-8_smt', 'cm-6_smt', 'sr-11_smt']));
  await context.close();
});
