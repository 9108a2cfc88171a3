import { expect, test, type Browser, type Page } from '@playwright/test';
import { mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS, type E2EUser } from '../../support/users';
import { brokerConnections } from '../realtime/support';

// Issue 23 items 1–4 and 13 end to end, two browsers: a lead creates a quarterly general task for
// a member; the member's open inbox shows it without a reload; the member opens it from the
// keyboard, attaches a file to it (the lead's open task page lists it at once) and completes it;
// the next occurrence opens three months later, and the lead's open task page follows. On /workflow's board the member drags the next occurrence to Completed
// (the lead may not move it); both boards show it there.

async function signedIn(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return context.newPage();
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** As the portal shows a calendar day (spec 9): MM/DD/YYYY. */
const shownDay = (date: Date) => `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;

test('a task assigned by one user appears live in the other’s inbox, is completed there, and its next occurrence opens', async ({ browser }) => {
  test.setTimeout(120_000);
  const lead = await signedIn(browser, USERS.collabLead);
  const member = await signedIn(browser, USERS.collabMember);
  const title = `Quarterly access review ${Date.now().toString(36)}`;
  const due = new Date(Date.now() + 7 * 86_400_000);
  const next = new Date(due);
  next.setUTCMonth(next.getUTCMonth() + 3);

  // The member's inbox, open and listening.
  await member.goto('/collaboration/tasks');
  await expect(mainHeading(member)).toHaveText('Tasks');
  await expect.poll(() => brokerConnections(member.request, USERS.collabMember.login)).toBe(1);
  const inbox = member.getByRole('list', { name: 'Tasks' });

  // The lead creates the task for the member.
  await lead.goto('/collaboration/tasks');
  await lead.getByRole('button', { name: 'New task' }).click();
  const dialog = lead.getByRole('dialog', { name: 'New task' });
  await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
  await dialog.getByLabel('Due date').fill(isoDay(due));
  await dialog.getByRole('combobox', { name: 'Repeats' }).selectOption({ label: 'Quarterly' });
  await dialog.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: 'A person' });
  await dialog.getByRole('combobox', { name: 'Person' }).selectOption({ label: `${USERS.collabMember.name} (${USERS.collabMember.login})` });
  await dialog.getByRole('button', { name: 'Create task' }).click();
  await expect(lead).toHaveURL(/\/view-task\?id=/);
  await expect(lead.getByRole('main')).toContainText(title);

  // Without a reload, the member sees it; j selects it and Enter opens it.
  const row = inbox.getByRole('listitem').filter({ hasText: title });
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await member.locator('body').click();
  while ((await row.getAttribute('aria-current')) !== 'true') await member.keyboard.press('j');
  await member.keyboard.press('Enter');
  await expect(member).toHaveURL(/\/view-task\?id=/);
  await expect(member.getByText('You may act on this task: it is assigned to you.')).toBeVisible();

  // The member attaches a file (into the library, with the task); the lead's open page lists it.
  const attachments = (page: Page) => page.getByRole('region', { name: 'Attachments' });
  const sheet = `access-review-${Date.now().toString(36)}.csv`;
  const chooser = member.waitForEvent('filechooser');
  await attachments(member).getByRole('button', { name: 'Attach file' }).click();
  await (await chooser).setFiles({ name: sheet, mimeType: 'text/csv', buffer: Buffer.from('system,account,decision\nportal,collab_member,keep\n') });
  await expect(attachments(member).getByRole('link', { name: `Open ${sheet}` })).toBeVisible();
  await expect(attachments(lead).getByRole('link', { name: `Open ${sheet}` })).toBeVisible({ timeout: 10_000 });

  await member.getByRole('button', { name: 'Complete…' }).click();
  const confirm = member.getByRole('alertdialog', { name: `Complete “${title}”?` });
  await expect(confirm).toContainText('its next occurrence opens');
  await confirm.getByRole('button', { name: 'Complete' }).click();
  await expect(member.getByLabel('Task details')).toContainText('Completed');

  // The lead's open page follows; the next occurrence is in the member's inbox, three months on.
  await expect(lead.getByLabel('Task details')).toContainText('Completed', { timeout: 10_000 });
  await member.goto('/collaboration/tasks');
  const following = inbox.getByRole('listitem').filter({ hasText: title }).filter({ hasText: 'Open' });
  await expect(following).toHaveCount(1);
  await expect(following).toContainText(`due ${shownDay(next)}`);

  // On /workflow's board the member drags that occurrence from Open to Completed; the lead, who
  // may not act on it, cannot drag it.
  await member.goto('/workflow');
  const board = (page: Page, state: string) => page.getByRole('listitem', { name: `${state} tasks` });
  const card = board(member, 'Open').getByTestId('board-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await lead.goto('/workflow');
  await expect(board(lead, 'Open').getByTestId('board-card').filter({ hasText: title })).toHaveAttribute('draggable', 'false');
  // The card is draggable once the board knows what the member may do with it.
  await expect(card).toHaveAttribute('draggable', 'true');
  await card.dragTo(board(member, 'Completed'));
  await expect(board(member, 'Completed').getByTestId('board-card').filter({ hasText: title })).toHaveCount(2);
  await expect(board(lead, 'Completed').getByTestId('board-card').filter({ hasText: title })).toHaveCount(2, { timeout: 10_000 });
});
