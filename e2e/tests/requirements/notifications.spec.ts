import { expect, test, type Browser, type Page } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS, type E2EUser } from '../../support/users';
import { bell, brokerConnections, unreadLabel } from '../realtime/support';

// Issue 22 item 1 end to end, two browsers: the author submits a requirement for review (to any
// reviewer: an author may not list the users), and a reviewer's bell shows it within a second
// without a reload; its link opens the review of that requirement, where the reviewer rejects it;
// the author's bell shows the rejection within a second, and its link opens the requirement.

/** The drawer's links are plain links: following one loads the portal and the remote again. */
const PAGE_LOAD = { timeout: 30_000 };

async function signedIn(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return context.newPage();
}

/** The unread count of the bell once the page's broker connection is up and what waited in its queue has arrived. */
async function connectedUnread(page: Page, user: E2EUser): Promise<number> {
  await expect.poll(() => brokerConnections(page.request, user.login)).toBe(1);
  await page.waitForTimeout(1_000);
  return Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);
}

/** The drawer's notification naming `text`, after opening the bell. */
async function notificationNaming(page: Page, text: string) {
  await bell(page).click();
  return page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification-item').filter({ hasText: text });
}

test("the reviewer's bell shows a submitted requirement within a second, the author's its rejection; their links open it", async ({ browser }) => {
  test.setTimeout(120_000);
  const author = await signedIn(browser, USERS.noticeAuthor);
  const reviewer = await signedIn(browser, USERS.noticeReviewer);
  const title = `Notified ${Date.now().toString(36)}`;
  const created = await author.request.post('/api/requirements?graph=e2e', { data: { title }, headers: CSRF });
  expect(created.status()).toBe(201);
  const { id, code } = (await created.json()) as { id: string; code: string };
  const name = `${code} ${title}`;

  await reviewer.goto('/dashboard');
  const reviewerBefore = await connectedUnread(reviewer, USERS.noticeReviewer);
  await author.goto(`/requirements?id=${id}`);
  const authorBefore = await connectedUnread(author, USERS.noticeAuthor);

  // The author submits it for review.
  const detail = author.getByRole('group', { name: new RegExp(`${title}$`) });
  await detail.getByRole('button', { name: 'Submit for review' }).click();
  const submit = author.getByRole('dialog', { name: `Submit ${code} for review` });
  const submitted = author.waitForResponse((response) => response.url().includes(`/api/requirements/${id}/submit`));
  await submit.getByRole('button', { name: 'Submit', exact: true }).click();
  expect((await submitted).status()).toBe(201);

  // Within a second, without a reload: the reviewer's bell.
  await expect(bell(reviewer)).toHaveAttribute('aria-label', unreadLabel(reviewerBefore + 1), { timeout: 1_000 });
  const request = await notificationNaming(reviewer, name);
  await expect(request).toHaveCount(1);
  await expect(request).toContainText('Review requested');
  await expect(request.getByTestId('notification-message')).toHaveText(`${USERS.noticeAuthor.login} submitted ${name} for review.`);
  const reviewLink = request.getByRole('link', { name });
  await expect(reviewLink).toHaveAttribute('href', /^\/review-requirement\?task=[0-9a-f-]{36}$/);
  await reviewLink.click();
  await expect(mainHeading(reviewer)).toHaveText('Review Requirement', PAGE_LOAD);
  const task = reviewer.getByRole('complementary', { name: `Review task of ${code}` });
  await expect(task).toContainText(title);

  // The reviewer rejects it there.
  await task.getByRole('button', { name: 'Reject…' }).click();
  const reject = reviewer.getByRole('dialog', { name: `Reject ${code}` });
  await reject.getByRole('textbox', { name: 'Why is it rejected?' }).fill('Say who may sign.');
  const rejected = reviewer.waitForResponse((response) => response.url().includes('/reject'));
  await reject.getByRole('button', { name: 'Reject' }).click();
  expect((await rejected).status()).toBe(201);

  // Within a second, without a reload: the author's bell; its link opens the requirement.
  await expect(bell(author)).toHaveAttribute('aria-label', unreadLabel(authorBefore + 1), { timeout: 1_000 });
  const verdict = await notificationNaming(author, name);
  await expect(verdict).toContainText('Review rejected');
  await expect(verdict.getByTestId('notification-message')).toHaveText(`${USERS.noticeReviewer.login} rejected ${name}: Say who may sign.`);
  const requirementLink = verdict.getByRole('link', { name });
  await expect(requirementLink).toHaveAttribute('href', `/requirements?id=${id}`);
  await requirementLink.click();
  await expect(author).toHaveURL(new RegExp(`/requirements\\?id=${id}$`));
  await expect(author.getByRole('group', { name: new RegExp(`${title}$`) }).getByText('Rejected', { exact: true })).toBeVisible(PAGE_LOAD);
  await author.context().close();
  await reviewer.context().close();
});
