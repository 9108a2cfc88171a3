import { expect, test, type Browser, type Page } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS, type E2EUser } from '../../support/users';

// Issue 6 end to end: an author writes a requirement with a sub-requirement (the parent cannot be
// deleted then), submits it; the reviewer rejects it with a comment; the author resolves it and
// submits again; the reviewer accepts and delegates; the implementer completes it. The history
// holds every step, a second browser sees the status change without reloading (its depository and
// its live dashboard), the implementer finds the task on the dashboard, and a READER can change
// nothing, in the screens or at the API.

const PARENT = 'Access control policy';
const CHILD = 'MFA for administrators';
const HAS_CHILDREN = 'A requirement with sub-requirements cannot be deleted.';

async function signedIn(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return context.newPage();
}

/** The requirement shown beside the depository. */
const detailOf = (page: Page) => page.getByRole('group', { name: new RegExp(`${PARENT}$`) });

async function addRequirement(page: Page, title: string, description: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Add requirement' }).click();
  await expect(page).toHaveURL(/\/requirements\?id=/);
  return new URL(page.url()).searchParams.get('id')!;
}

async function openTask(page: Page, list: string, name: RegExp): Promise<void> {
  await page.goto('/review-requirement');
  await expect(mainHeading(page)).toHaveText('Review Requirement');
  await page.getByRole('list', { name: list }).getByRole('button', { name }).click();
}

test('a requirement goes from draft through rejection, review, delegation to complete; a READER changes nothing', async ({ browser }) => {
  test.setTimeout(180_000);

  // The author writes a requirement and a sub-requirement.
  const author = await signedIn(browser, USERS.reqAuthor);
  await author.goto('/requirements');
  await expect(mainHeading(author)).toHaveText('Depository');
  await author.getByRole('link', { name: 'Add Requirement' }).click();
  await expect(mainHeading(author)).toHaveText('Add Requirement');
  const parentId = await addRequirement(author, PARENT, '## Policy\n\nEvery administrator signs in with **MFA**.');
  const detail = detailOf(author);
  await expect(detail.getByRole('heading', { name: 'Policy', exact: true })).toBeVisible();
  await expect(detail.getByText('MFA', { exact: true })).toBeVisible();
  const code = (await detail.getByRole('heading', { name: new RegExp(` · ${PARENT}$`) }).innerText()).split(' · ')[0];

  await detail.getByRole('link', { name: 'Add sub-requirement' }).click();
  await expect(author.getByText(`Sub-requirement of ${code} · ${PARENT}`)).toBeVisible();
  await addRequirement(author, CHILD, 'Hardware keys or an authenticator app.');
  await expect(author.getByRole('navigation', { name: 'Ancestors' })).toContainText(code);

  // The tree shows the child under its parent (keyboard: Right expands).
  const tree = author.getByRole('tree', { name: 'Requirements' });
  const parentItem = tree.getByRole('treeitem', { name: `${code} ${PARENT}` });
  // Other specs fill this process: the newest root is the last row of a long, virtual tree, and
  // End (keyboard) brings it into view.
  await tree.press('End');
  await parentItem.click();
  await expect(author).toHaveURL(new RegExp(`id=${parentId}`));
  await tree.press('ArrowRight');
  await expect(parentItem).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('treeitem', { name: new RegExp(CHILD) })).toHaveAttribute('aria-level', '2');

  // Deleting the parent is refused with the API's message.
  await detail.getByRole('button', { name: 'Delete' }).click();
  const confirm = author.getByRole('alertdialog');
  await confirm.getByRole('textbox').fill('delete');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(author.getByRole('alert').filter({ hasText: HAS_CHILDREN })).toBeVisible();

  // Submitted for review.
  await detail.getByRole('button', { name: 'Submit for review' }).click();
  const submit = author.getByRole('dialog', { name: `Submit ${code} for review` });
  await submit.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(detail.getByText('In review', { exact: true })).toBeVisible();

  // The reviewer, in a second browser, watches the requirement in the depository.
  const reviewer = await signedIn(browser, USERS.reqReviewer);
  const watcher = await reviewer.context().newPage();
  await watcher.goto(`/requirements?id=${parentId}`);
  const watched = detailOf(watcher);
  await expect(watched.getByText('In review', { exact: true })).toBeVisible();
  await expect(watched.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  // …and keeps the process's (LIVE) dashboard open in another tab, never reloaded below.
  const board = await reviewer.context().newPage();
  await board.goto('/dashboard');
  const recent = board.getByRole('list', { name: 'Recent events' });
  await expect(recent.getByRole('listitem').filter({ hasText: new RegExp(`^Submit for Review ${code} ${PARENT}`) })).toBeVisible();

  // The reviewer rejects it with a comment; the author's open page follows without reloading.
  await openTask(reviewer, 'Unassigned reviews', new RegExp(`Open Review task of ${code} ${PARENT}`));
  await reviewer.getByRole('button', { name: 'Reject…' }).click();
  const reject = reviewer.getByRole('dialog', { name: `Reject ${code}` });
  await expect(reject.getByRole('button', { name: 'Reject' })).toBeDisabled();
  await reject.getByRole('textbox', { name: 'Why is it rejected?' }).fill('Name the accepted MFA methods.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(detail.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(watched.getByText('Rejected', { exact: true })).toBeVisible();

  // The author resolves the rejection from the requirement (their open tasks are listed above the
  // depository): reads the comment, modifies the description and submits it again.
  await author.goto('/requirements');
  await author.getByRole('list', { name: 'Your open tasks' }).getByRole('link', { name: `Resolve rejection: ${code} ${PARENT}` }).click();
  const authorTasks = detail.getByRole('region', { name: 'Your tasks' });
  await expect(authorTasks.getByText('Rejected: Name the accepted MFA methods.')).toBeVisible();
  await authorTasks.getByRole('link', { name: 'Modify' }).click();
  await expect(mainHeading(author)).toHaveText('Modify Requirement');
  // The wizard's help icon (spec 2.3): markdown help on click, the field rules on right-click.
  const helpIcon = author.getByRole('main').getByRole('button', { name: 'Help' });
  await helpIcon.click();
  const help = author.getByRole('dialog', { name: 'Help' });
  await expect(help.getByRole('heading', { name: 'Adding and modifying a requirement' })).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await helpIcon.click({ button: 'right' });
  await expect(help.getByText('Field rules')).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await author.getByRole('button', { name: 'Next' }).click();
  await author.getByRole('textbox', { name: 'Description' }).fill('## Policy\n\nEvery administrator signs in with **MFA**: a hardware key or TOTP.');
  await author.getByRole('button', { name: 'Next' }).click();
  // The Owner: one of the people of the process who may own it; the author takes it.
  await author.getByRole('combobox', { name: 'Owner' }).selectOption({ label: `${USERS.reqAuthor.name} (${USERS.reqAuthor.login})` });
  await author.getByRole('button', { name: 'Save' }).click();
  await expect(author).toHaveURL(new RegExp(`/requirements\\?id=${parentId}`));
  await expect(detail.getByText('a hardware key or TOTP.', { exact: false })).toBeVisible();
  const ownerOf = (page: Page) => detailOf(page).locator('dt:text-is("Owner") + dd');
  await expect(ownerOf(author)).toHaveText(USERS.reqAuthor.name);
  await authorTasks.getByRole('button', { name: 'Resubmit for review' }).click();
  await author.getByRole('dialog', { name: `Submit ${code} for review` }).getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(detail.getByText('In review', { exact: true })).toBeVisible();
  await expect(watched.getByText('In review', { exact: true })).toBeVisible();
  await expect(authorTasks).toHaveCount(0);

  // The reviewer accepts and delegates to the implementer.
  await openTask(reviewer, 'Unassigned reviews', new RegExp(`Open Review task of ${code} ${PARENT}`));
  await reviewer.getByRole('button', { name: 'Accept…' }).click();
  const accept = reviewer.getByRole('dialog', { name: `Accept ${code}` });
  await accept.getByRole('combobox', { name: 'Implementer' }).selectOption({ label: `${USERS.reqImplementer.name} (${USERS.reqImplementer.login})` });
  await accept.getByRole('button', { name: 'Accept and delegate' }).click();
  await expect(watched.getByText('In progress', { exact: true })).toBeVisible();
  // Accepting made the implementer the owner.
  await expect(ownerOf(watcher)).toHaveText(USERS.reqImplementer.name);

  // The implementer completes it; the reviewer's page shows it without reloading. The task is on
  // the implementer's dashboard.
  const implementer = await signedIn(browser, USERS.reqImplementer);
  await implementer.goto('/dashboard');
  await expect(implementer.getByRole('list', { name: 'My open tasks' }).getByRole('link', { name: `Implement: ${code} ${PARENT}` })).toBeVisible();
  await implementer.goto('/requirements');
  await implementer.getByRole('list', { name: 'Your open tasks' }).getByRole('link', { name: `Implement: ${code} ${PARENT}` }).click();
  const work = detailOf(implementer).getByRole('region', { name: 'Your tasks' });
  await work.getByRole('toolbar', { name: 'Task actions' }).getByRole('button', { name: 'Update progress' }).click();
  const progress = implementer.getByRole('dialog', { name: `Update progress of ${code}` });
  await progress.getByRole('spinbutton', { name: 'Progress (%)' }).fill('100');
  await progress.getByRole('button', { name: 'Save progress' }).click();
  await expect(watched.getByText('Completed', { exact: true })).toBeVisible();

  // The dashboard, never reloaded, followed every step live.
  for (const event of ['Complete', 'Update Progress', 'Accept Review', 'Resume', 'Reject Review', 'Submit for Review']) {
    await expect(recent.getByRole('listitem').filter({ hasText: new RegExp(`^${event} ${code} ${PARENT}`) }).first()).toBeVisible();
  }
  await expect(board.getByRole('status', { name: 'Dashboard mode' })).toContainText(/Live: \d+ changes received/);

  // The history shows every step.
  await author.goto(`/requirements?id=${parentId}`);
  const history = detailOf(author).getByRole('list', { name: 'History' });
  for (const event of ['Add', 'Submit for Review', 'Reject Review', 'Update', 'Resume', 'Accept Review', 'Update Progress', 'Complete']) {
    await expect(history.getByRole('listitem').filter({ hasText: new RegExp(`^${event} by `) }).first()).toBeVisible();
  }

  // A READER sees the requirement but no action, and the API refuses a change.
  const reader = await signedIn(browser, USERS.reqReader);
  await reader.goto(`/requirements?id=${parentId}`);
  await expect(detailOf(reader).getByText('Completed', { exact: true })).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Add Requirement' })).toHaveCount(0);
  await expect(reader.getByRole('toolbar', { name: 'Requirement actions' })).toHaveCount(0);
  await expect(reader.getByRole('textbox', { name: 'New comment' })).toHaveCount(0);
  const refused = await reader.request.post('/api/requirements?graph=e2e', { data: { title: 'Sneaky' }, headers: CSRF });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toBe('You do not have the privileges for the request.');

  for (const page of [author, reviewer, implementer, reader]) await page.context().close();
});
