// Moving a requirement in the depository's tree (issue 26 item 1): dragged onto another, or onto
// the top-level zone, and Move to… with the keyboard; never onto itself or under itself; hidden
// from who may not modify requirements.
import { bus, ROUTES, setPermissionChecker } from '@portal/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeCall } from '../../../testing/fakeApi';
import { requirement } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/renderScreen';
import { DepositoryScreen } from './DepositoryScreen';
import { signInEachTestAt } from '../../../testing/session';

const route = ROUTES.find((candidate) => candidate.path === '/requirements')!;
const page = (items: ReturnType<typeof requirement>[]) => ({ body: { items, total: items.length } });
const CYCLE = 'A requirement cannot be placed under itself or one of its sub-requirements.';

function levels(call: FakeCall) {
  if (call.query.search) return page([requirement(2), requirement(3)].filter((item) => item.code.includes(String(call.query.search))));
  if (call.query.parent === 'root') return page([requirement(1, { children_count: 1 }), requirement(2), requirement(3, { deleted_at: '2026-11-01T00:00:00.000Z' })]);
  if (call.query.parent === 'r1') return page([requirement(11, { parent_id: 'r1', version: 4 })]);
  return page([]);
}

signInEachTestAt('/requirements');

const snackbars: string[] = [];
const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);
beforeEach(() => {
  snackbars.length = 0;
  bus.on('snackbar:show', onSnackbar);
});
afterEach(() => bus.off('snackbar:show', onSnackbar));
const snackbarSays = (text: string) => waitFor(() => expect(snackbars).toContain(text));

async function openTree() {
  const tree = await screen.findByRole('tree', { name: 'Requirements' });
  const first = await within(tree).findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
  tree.focus();
  fireEvent.keyDown(tree, { key: 'ArrowRight' });
  const child = await within(tree).findByRole('treeitem', { name: 'REQ-11 Requirement 11' });
  return { tree, first, child };
}

/** Starts dragging `row` (the tree shows its drop zones once the drag has started). */
async function startDrag(row: HTMLElement) {
  fireEvent.dragStart(row);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('moving in the tree', () => {
  it('drags a requirement onto another: it moves there, at the version read, and the snackbar says so', async () => {
    const { mutations } = fakeApi({ 'GET /api/requirements': levels, 'PUT /api/requirements/r11': { body: requirement(11, { parent_id: 'r2', version: 5 }) } });
    renderScreen(<DepositoryScreen route={route} />);
    const { tree, child } = await openTree();
    expect(child).toHaveAttribute('draggable', 'true');
    expect(within(tree).getByRole('treeitem', { name: 'REQ-3 Requirement 3 (Deleted)' })).toHaveAttribute('draggable', 'false');
    await startDrag(child);
    const target = within(tree).getByRole('treeitem', { name: 'REQ-2 Requirement 2' });
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0]).toMatchObject({ method: 'PUT', path: '/api/requirements/r11', body: { version: 4, parent_id: 'r2' } });
    await snackbarSays('REQ-11 moved under REQ-2.');
  });

  it('drags one onto the top-level zone; never onto itself, its own parent again, or a deleted one', async () => {
    const { mutations } = fakeApi({ 'GET /api/requirements': levels, 'PUT /api/requirements/r11': { body: requirement(11, { version: 5 }) } });
    renderScreen(<DepositoryScreen route={route} />);
    const { tree, first, child } = await openTree();
    await startDrag(first);
    expect(screen.queryByTestId('drop-top-level')).not.toBeInTheDocument();
    // Under itself (its own sub-requirement): nothing happens.
    fireEvent.dragOver(child);
    fireEvent.drop(child);
    fireEvent.dragEnd(first);
    await startDrag(child);
    for (const row of [child, first, within(tree).getByRole('treeitem', { name: 'REQ-3 Requirement 3 (Deleted)' })]) {
      fireEvent.dragOver(row);
      fireEvent.drop(row);
    }
    expect(mutations()).toHaveLength(0);
    await startDrag(child);
    const zone = screen.getByTestId('drop-top-level');
    expect(zone).toHaveTextContent('Drop here to move REQ-11 to the top level');
    fireEvent.dragOver(zone);
    fireEvent.drop(zone);
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0].body).toEqual({ version: 4, parent_id: '' });
    await snackbarSays('REQ-11 moved to the top level.');
  });

  it('says why the API refused a drop', async () => {
    fakeApi({ 'GET /api/requirements': levels, 'PUT /api/requirements/r11': { status: 400, problem: { detail: CYCLE } } });
    renderScreen(<DepositoryScreen route={route} />);
    const { tree, child } = await openTree();
    await startDrag(child);
    const target = within(tree).getByRole('treeitem', { name: 'REQ-2 Requirement 2' });
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    await snackbarSays(`REQ-11 was not moved: ${CYCLE}`);
    expect(snackbars).not.toContain('REQ-11 moved under REQ-2.');
  });

  it('moves the focused requirement with Move to… and the keyboard: another parent found by code; a refusal is shown in the dialog', async () => {
    const { mutations } = fakeApi({
      'GET /api/requirements': levels,
      'PUT /api/requirements/r11': [{ status: 400, problem: { detail: CYCLE } }, { body: requirement(11, { parent_id: 'r2', version: 5 }) }],
    });
    const { user } = renderScreen(<DepositoryScreen route={route} />);
    const { tree } = await openTree();
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    await user.click(screen.getByRole('button', { name: 'Move REQ-11 to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move REQ-11 to…' });
    expect(within(dialog).getByTestId('chosen-parent')).toHaveTextContent('Under REQ-1 Requirement 1');
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
    await user.type(within(dialog).getByRole('searchbox', { name: /New parent of REQ-11/ }), 'REQ-2');
    await user.click(await within(dialog).findByRole('button', { name: 'Place under REQ-2 Requirement 2' }));
    expect(within(dialog).getByTestId('chosen-parent')).toHaveTextContent('Under REQ-2 Requirement 2');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText(CYCLE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await snackbarSays('REQ-11 moved under REQ-2.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations().map((call) => call.body)).toEqual([
      { version: 4, parent_id: 'r2' },
      { version: 4, parent_id: 'r2' },
    ]);
  });

  it('offers no move to who may not modify requirements', async () => {
    setPermissionChecker((permission) => permission !== 'update=>Requirement');
    fakeApi({ 'GET /api/requirements': levels });
    renderScreen(<DepositoryScreen route={route} />);
    const { child } = await openTree();
    expect(child).toHaveAttribute('draggable', 'false');
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
  });
});
