import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { CSRF, mainHeading, signInWithNewTwoFactor } from '../../support/identity';
import { totpCode, USERS, type E2EUser } from '../../support/users';

// Issue 26 items 1 and 3 end to end: an author drags a sub-requirement onto another requirement in
// the depository tree (it moves there, its code kept, the history says from where to where), then
// moves it to the top level with the keyboard (Move … to…); the table lists the process in tree
// order with codes in natural order.

const GRAPH = 'e2e';

interface Created {
  id: string;
  code: string;
  title: string;
  version: number;
  parent_id: string | null;
}

async function signedIn(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return context.newPage();
}

async function create(request: APIRequestContext, body: { code: string; title: string; parent_id?: string }): Promise<Created> {
  const response = await request.post(`/api/requirements?graph=${GRAPH}`, { data: body, headers: CSRF });
  expect(response.status()).toBe(201);
  return (await response.json()) as Created;
}

const read = async (request: APIRequestContext, id: string) => (await (await request.get(`/api/requirements/${id}?graph=${GRAPH}`)).json()) as Created;

/** Drags `source` onto `target` with the mouse, waiting until the tree takes the target as a drop target. */
async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.hover();
  await page.mouse.down();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 4, { steps: 8 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await expect(target).toHaveAttribute('data-drop-target', 'true');
  await page.mouse.up();
}

test('a requirement is dragged under another, then moved to the top level with the keyboard; the table is in tree order', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, USERS.reqMover);
  const { request } = page;
  const a = await create(request, { code: 'MOVER-A', title: 'Mover parent A' });
  const b = await create(request, { code: 'MOVER-B', title: 'Mover parent B' });
  const child = await create(request, { code: 'MOVER-A-2', title: 'Mover child', parent_id: a.id });
  await create(request, { code: 'MOVER-A-14', title: 'Mover sibling', parent_id: a.id });

  await page.goto('/requirements');
  await expect(mainHeading(page)).toHaveText('Depository');
  // The search narrows every level of the tree to this test's requirements (other specs fill the process).
  await page.getByRole('searchbox', { name: 'Search' }).fill('Mover');
  await expect(page.getByText(/^2 top-level requirements/)).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Requirements' });
  const itemA = tree.getByRole('treeitem', { name: 'MOVER-A Mover parent A' });
  const itemB = tree.getByRole('treeitem', { name: 'MOVER-B Mover parent B' });
  await itemA.click();
  await tree.press('ArrowRight');
  const childItem = tree.getByRole('treeitem', { name: 'MOVER-A-2 Mover child' });
  await expect(childItem).toHaveAttribute('aria-level', '2');

  // Dragged onto B: it moves there, keeping its code.
  await dragOnto(page, childItem, itemB);
  await expect(page.getByText('MOVER-A-2 moved under MOVER-B.')).toBeVisible();
  await expect.poll(async () => (await read(request, child.id)).parent_id).toBe(b.id);
  await expect(tree.getByRole('treeitem', { name: 'MOVER-A-2 Mover child' })).toHaveCount(0);
  await itemB.click();
  await tree.press('ArrowRight');
  await expect(tree.getByRole('treeitem', { name: 'MOVER-A-2 Mover child' })).toHaveAttribute('aria-level', '2');

  // Opened, its history says where it moved from and to.
  await tree.getByRole('treeitem', { name: 'MOVER-A-2 Mover child' }).click();
  const detail = page.getByRole('group', { name: /Mover child$/ });
  await expect(detail.getByRole('navigation', { name: 'Ancestors' })).toContainText('MOVER-B');
  await expect(detail.getByRole('list', { name: 'History' })).toContainText('moved from MOVER-A to MOVER-B');

  // With the keyboard: focused in the tree, Move … to…, the top level.
  await tree.focus();
  await expect(page.getByRole('button', { name: 'Move MOVER-A-2 to…' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Move MOVER-A-2 to…' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move MOVER-A-2 to…' });
  await expect(dialog.getByTestId('chosen-parent')).toHaveText('Under MOVER-B Mover parent B');
  await dialog.getByRole('button', { name: 'Move to the top level' }).press('Enter');
  await dialog.getByRole('button', { name: 'Move', exact: true }).press('Enter');
  await expect(page.getByText('MOVER-A-2 moved to the top level.')).toBeVisible();
  await expect.poll(async () => (await read(request, child.id)).parent_id).toBeNull();

  // The table: tree order, depth first (A, its child, then B), codes in natural order where sorted by code.
  await page.getByRole('button', { name: 'Table' }).click();
  const table = page.getByRole('table', { name: 'Requirements' });
  const codes = () => table.getByRole('row').locator('[role="cell"]:first-child').allInnerTexts();
  await expect.poll(codes).toEqual(['MOVER-A', 'MOVER-A-14', 'MOVER-B', 'MOVER-A-2']);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('code');
  await expect.poll(codes).toEqual(['MOVER-A', 'MOVER-A-2', 'MOVER-A-14', 'MOVER-B']);
});
