import { history, ROUTES, setPermissionChecker } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeCall } from '../../../testing/fakeApi';
import { detail, requirement, task } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/renderScreen';
import { DepositoryScreen } from './DepositoryScreen';
import { AUTHOR, signInEachTestAt } from '../../../testing/session';

const route = ROUTES.find((candidate) => candidate.path === '/requirements')!;
const page = (items: ReturnType<typeof requirement>[], total = items.length) => ({ body: { items, total } });

/** The list answers by parent; the whole process has `total` requirements (table view). */
function listAnswer(total = 3) {
  return (call: FakeCall) => {
    if (call.query.parent === 'root') return page([requirement(1, { children_count: 2 }), requirement(2), requirement(3)]);
    if (call.query.parent === 'r1') return page([requirement(11, { parent_id: 'r1' }), requirement(12, { parent_id: 'r1' })]);
    const offset = Number(call.query.offset);
    const limit = Number(call.query.limit);
    const count = Math.max(0, Math.min(limit, total - offset));
    return page(Array.from({ length: count }, (_, index) => requirement(offset + index + 1)), total);
  };
}

signInEachTestAt('/requirements');

describe('DepositoryScreen', () => {
  it('shows the top level as a tree, expands and moves with the keyboard, and opens with Enter', async () => {
    const { calls } = fakeApi({
      'GET /api/requirements': listAnswer(),
      'GET /api/requirements/r11': { body: detail(11, { ancestors: [{ id: 'r1', code: 'REQ-1', title: 'Requirement 1' }], description: '**Strong** words' }) },
      'GET /api/requirements/r11/events': { body: [] },
      'GET /api/requirements/r11/comments': { body: [] },
      'GET /api/requirements/r11/attachments': { body: [] },
    });
    renderScreen(<DepositoryScreen route={route} />);
    const tree = await screen.findByRole('tree', { name: 'Requirements' });
    const first = await within(tree).findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveAttribute('aria-level', '1');
    // An item's name is all the text it shows (WCAG 2.5.3, axe's label-content-name-mismatch): its
    // status and priority sit beside it and describe it.
    for (const item of within(tree).getAllByRole('treeitem')) expect(item.textContent).toBe(item.getAttribute('aria-label'));
    expect(first).toHaveAccessibleDescription(/^Draft /);
    expect(calls.find((call) => call.path === '/api/requirements')?.query).toMatchObject({ graph: 'core', parent: 'root', offset: '0', limit: '100', sort: 'position', order: 'asc', deleted: 'exclude' });

    tree.focus();
    expect(tree).toHaveAttribute('aria-activedescendant', first.id);
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    const child = await within(tree).findByRole('treeitem', { name: 'REQ-11 Requirement 11' });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(child).toHaveAttribute('aria-level', '2');
    expect(calls.some((call) => call.query.parent === 'r1')).toBe(true);

    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(tree).toHaveAttribute('aria-activedescendant', child.id);
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(tree).toHaveAttribute('aria-activedescendant', first.id);
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    expect(tree).toHaveAttribute('aria-activedescendant', child.id);
    fireEvent.keyDown(tree, { key: 'Enter' });
    expect(history.location.search).toBe('?id=r11');

    const panel = await screen.findByRole('group', { name: 'REQ-11 Requirement 11' });
    expect(within(panel).getByRole('navigation', { name: 'Ancestors' })).toHaveTextContent('REQ-1');
    expect((await within(panel).findByText('Strong')).tagName).toBe('STRONG');

    fireEvent.keyDown(tree, { key: 'ArrowUp' });
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree).queryByRole('treeitem', { name: 'REQ-11 Requirement 11' })).not.toBeInTheDocument();
  });

  it('reads a long level of the tree page by page as its end scrolls into view', async () => {
    const { calls } = fakeApi({
      'GET /api/requirements': (call) => {
        const offset = Number(call.query.offset);
        const count = Math.max(0, Math.min(100, 250 - offset));
        return page(Array.from({ length: count }, (_, index) => requirement(offset + index + 1)), 250);
      },
    });
    renderScreen(<DepositoryScreen route={route} />);
    const tree = await screen.findByRole('tree', { name: 'Requirements' });
    await within(tree).findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
    expect(within(tree).getAllByRole('treeitem').length).toBeLessThan(60);
    const offsets = () => calls.filter((call) => call.path === '/api/requirements').map((call) => call.query.offset);
    expect(offsets()).toEqual(['0']);
    tree.scrollTop = 36 * 100;
    fireEvent.scroll(tree);
    await within(tree).findByRole('treeitem', { name: 'REQ-101 Requirement 101' });
    expect(offsets()).toEqual(['0', '100']);
    fireEvent.keyDown(tree, { key: 'End' });
    expect(tree.getAttribute('aria-activedescendant')).toBe('requirement-tree-r200');
  });

  it('shows 10,000 requirements as a virtual table read page by page, sorted by the column headers', async () => {
    const { calls } = fakeApi({ 'GET /api/requirements': listAnswer(10_000) });
    const { user } = renderScreen(<DepositoryScreen route={route} />);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Requirements' });
    await within(table).findByRole('row', { name: /REQ-1 Requirement 1/ });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    // Only the rows in view exist.
    expect(within(table).getAllByRole('row').length).toBeLessThan(60);
    expect(screen.getByText('10000 requirements')).toBeInTheDocument();
    const listCalls = () => calls.filter((call) => call.path === '/api/requirements' && call.query.parent === undefined);
    expect(listCalls().every((call) => call.query.offset === '0')).toBe(true);

    // Scrolling far reads the page in view.
    const scroller = screen.getByTestId('requirements-scroll');
    scroller.scrollTop = 44 * 5_000;
    fireEvent.scroll(scroller);
    await within(table).findByRole('row', { name: /REQ-5001 Requirement 5001/ });
    expect(listCalls().some((call) => call.query.offset === '5000')).toBe(true);

    await user.click(within(table).getByRole('button', { name: 'Code' }));
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ sort: 'code', order: 'asc' }));
    expect(within(table).getByRole('columnheader', { name: /Code/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: /Code/ }));
    await waitFor(() => expect(listCalls().at(-1)?.query).toMatchObject({ sort: 'code', order: 'desc' }));

    // A click on a row (not only its code) opens the requirement.
    const loaded = (await within(table).findAllByRole('row')).find((row) => within(row).queryAllByRole('cell').length > 1)!;
    const code = within(loaded).getByRole('link').textContent!;
    await user.click(within(loaded).getAllByRole('cell')[1]);
    expect(history.location.search).toBe(`?id=r${code.slice('REQ-'.length)}`);
  }, 45_000);

  it('searches and filters on the server, and shows deleted requirements under their label', async () => {
    const { calls } = fakeApi({
      'GET /api/requirements': (call) =>
        call.query.deleted === 'include'
          ? page([requirement(1), requirement(2, { deleted_at: '2026-11-03T10:00:00.000Z', title: 'Gone' })])
          : page([requirement(1)]),
    });
    const { user } = renderScreen(<DepositoryScreen route={route} />);
    await screen.findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'access');
    const last = () => calls.filter((call) => call.path === '/api/requirements').at(-1);
    await waitFor(() => expect(last()?.query.search).toBe('access'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'IN_REVIEW');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'HIGH');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'Me');
    await waitFor(() => expect(last()?.query).toMatchObject({ search: 'access', status: 'IN_REVIEW', priority: 'HIGH', owner: AUTHOR.id }));
    await user.click(screen.getByRole('checkbox', { name: 'Show deleted' }));
    const deleted = await screen.findByRole('treeitem', { name: 'REQ-2 Gone (Deleted)' });
    // Its tags sit beside the item (its name is all the text it shows) and describe it.
    expect(deleted).toHaveAccessibleDescription(/^Deleted /);
  });

  it('opens on one state when the link names it (?status=, from the workflow diagram)', async () => {
    const { calls } = fakeApi({ 'GET /api/requirements': page([requirement(1)]) });
    history.push('/requirements?status=IN_REVIEW');
    renderScreen(<DepositoryScreen route={route} />);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/requirements').at(-1)?.query.status).toBe('IN_REVIEW'));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('IN_REVIEW');
  });

  it('lists my open tasks, each opening its requirement', async () => {
    const { calls } = fakeApi({
      'GET /api/requirements': page([requirement(1)]),
      'GET /api/tasks': { body: [task('t2', { type: 'DELEGATE', requirement: { id: 'r1', code: 'REQ-1', title: 'Requirement 1' } })] },
    });
    const { user } = renderScreen(<DepositoryScreen route={route} />);
    const tasks = await screen.findByRole('list', { name: 'Your open tasks' });
    expect(within(tasks).getByRole('link', { name: 'View the implement task of REQ-1' })).toHaveAttribute('href', '/view-task?id=t2');
    await user.click(within(tasks).getByRole('link', { name: 'Implement: REQ-1 Requirement 1' }));
    expect(history.location.search).toBe('?id=r1');
    expect(calls.find((call) => call.path === '/api/tasks')?.query).toEqual({ graph: 'core', mine: 'true', status: 'OPEN' });
  });

  it('offers Add only to those who may create requirements', async () => {
    fakeApi({ 'GET /api/requirements': page([requirement(1)]) });
    const first = renderScreen(<DepositoryScreen route={route} />);
    await screen.findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
    expect(screen.getByRole('link', { name: 'Add Requirement' })).toHaveAttribute('href', '/requirements/add-requirement');
    first.unmount();

    setPermissionChecker((permission) => permission !== 'create=>Requirement');
    renderScreen(<DepositoryScreen route={route} />);
    await screen.findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
    expect(screen.queryByRole('link', { name: 'Add Requirement' })).not.toBeInTheDocument();
  });

  it('has an empty, a loading and an error state', async () => {
    fakeApi({ 'GET /api/requirements': page([]) });
    const first = renderScreen(<DepositoryScreen route={route} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading requirements…');
    expect(await screen.findByText('No requirements yet')).toBeInTheDocument();
    expect(screen.getByText('Add the first requirement of the process with Add Requirement.')).toBeInTheDocument();
    first.unmount();

    fakeApi({ 'GET /api/requirements': [{ status: 503, problem: { detail: 'Service is not available at the moment. Please try again later.' } }, page([requirement(1)])] });
    const { user } = renderScreen(<DepositoryScreen route={route} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service is not available at the moment. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('treeitem', { name: 'REQ-1 Requirement 1' })).toBeInTheDocument();
  });
});
