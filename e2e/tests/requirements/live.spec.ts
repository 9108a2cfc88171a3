import { expect, test, type Browser, type Page } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS, type E2EUser } from '../../support/users';

// Issue 22 item 3, requirements side: two users of process E2E, each in their own browser, keep
// their screens open and never reload them. The reviewer's comment appears on the author's open
// requirement; the author's edit appears in the reviewer's tree; the author's gap appears on the
// reviewer's gap analysis and the reviewer's risk on the author's requirement — each within the
// live budget (LIVE_MS), well under any polling interval the screens once had.

const GRAPH = 'e2e';
const TITLE = 'Session timeout';
const RENAMED = 'Session timeout after 15 minutes';
/** A change in one browser shows in the other within this (one second of budget, plus the browser's own work on a small machine). */
const LIVE_MS = 3_000;
/** A screen's first load (a remote's code, its queries) on a machine shared with other suites. */
const LOAD_MS = 30_000;

async function signedIn(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return context.newPage();
}

test("each user sees the other's comment, edit, gap and risk without reloading", async ({ browser }) => {
  test.setTimeout(180_000);
  const author = await signedIn(browser, USERS.liveAuthor);
  const reviewer = await signedIn(browser, USERS.liveReviewer);

  const created = await author.request.post(`/api/requirements?graph=${GRAPH}`, { data: { title: TITLE, description: 'Idle sessions end.' }, headers: CSRF });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: string; code: string };

  // Both open the requirement in the depository; the reviewer also keeps the gap analysis open.
  await author.goto(`/requirements?id=${id}`);
  const authorDetail = author.getByRole('group', { name: `${code} ${TITLE}` });
  await expect(authorDetail.getByText('No comments yet.')).toBeVisible({ timeout: LOAD_MS });
  await reviewer.goto(`/requirements?id=${id}`);
  const reviewerTree = reviewer.getByRole('tree', { name: 'Requirements' });
  await expect(reviewerTree.getByRole('treeitem', { name: `${code} ${TITLE}` })).toBeVisible({ timeout: LOAD_MS });
  await expect(reviewer.getByRole('group', { name: `${code} ${TITLE}` }).getByText('No comments yet.')).toBeVisible({ timeout: LOAD_MS });
  const gaps = await reviewer.context().newPage();
  await gaps.goto('/gap-analysis');
  await expect(mainHeading(gaps)).toHaveText('Gap Analysis', { timeout: LOAD_MS });
  await expect(gaps.getByText('No gaps', { exact: true }).or(gaps.getByRole('table', { name: 'Gaps' }))).toBeVisible({ timeout: LOAD_MS });

  // The reviewer comments: the author's open requirement shows it.
  await reviewer.getByRole('textbox', { name: 'New comment' }).fill('Which idle time do we mean?');
  await reviewer.getByRole('button', { name: 'Add comment' }).click();
  await expect(reviewer.getByRole('list', { name: 'Comments' }).getByText('Which idle time do we mean?')).toBeVisible();
  await expect(authorDetail.getByRole('list', { name: 'Comments' }).getByText('Which idle time do we mean?')).toBeVisible({ timeout: LIVE_MS });

  // The author renames it: the reviewer's tree shows the new title.
  await authorDetail.getByRole('link', { name: 'Modify' }).click();
  await expect(mainHeading(author)).toHaveText('Modify Requirement', { timeout: LOAD_MS });
  await author.getByRole('textbox', { name: 'Title' }).fill(RENAMED);
  await author.getByRole('button', { name: 'Next' }).click();
  await author.getByRole('button', { name: 'Next' }).click();
  await author.getByRole('button', { name: 'Save' }).click();
  await expect(author).toHaveURL(new RegExp(`/requirements\\?id=${id}`), { timeout: LOAD_MS });
  await expect(reviewerTree.getByRole('treeitem', { name: `${code} ${RENAMED}` })).toBeVisible({ timeout: LIVE_MS });
  await expect(reviewer.getByRole('group', { name: `${code} ${RENAMED}` })).toBeVisible({ timeout: LIVE_MS });

  // The author identifies a gap: the reviewer's gap analysis lists it, and their open requirement flags it.
  const gap = await author.request.post(`/api/requirements/${id}/gaps?graph=${GRAPH}`, {
    data: { description: 'No idle timeout on the admin console', remediation_plan: 'Add one', target_date: '2027-01-31' },
    headers: CSRF,
  });
  expect(gap.status()).toBe(201);
  await expect(gaps.getByRole('table', { name: 'Gaps' }).getByRole('row', { name: new RegExp(`${code} ${RENAMED}.*No idle timeout on the admin console`) })).toBeVisible({
    timeout: LIVE_MS,
  });
  await expect(reviewer.getByRole('group', { name: `${code} ${RENAMED}` }).getByText('Gap identified')).toBeVisible({ timeout: LIVE_MS });

  // The reviewer assesses a risk: the author's open requirement flags it.
  const author2 = author.getByRole('group', { name: `${code} ${RENAMED}` });
  await expect(author2.getByText('Risk identified')).toHaveCount(0);
  const risk = await reviewer.request.post(`/api/requirements/${id}/risks?graph=${GRAPH}`, { data: { likelihood: 3, impact: 4, description: 'Stolen laptop, open session' }, headers: CSRF });
  expect(risk.status()).toBe(201);
  await expect(author2.getByText('Risk identified')).toBeVisible({ timeout: LIVE_MS });

  for (const page of [author, reviewer]) await page.context().close();
});
