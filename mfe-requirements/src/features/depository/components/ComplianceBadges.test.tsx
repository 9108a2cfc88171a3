// The depository's compliance badges (issue 28 item 2): requirements with checks show their status
// as a mark and a word, named for assistive technologies, in the tree and the table — from one
// request of GET compliance/statuses, shared by both views.
import { ROUTES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { ComplianceBadge } from '../../compliance';
import { fakeApi } from '../../../testing/fakeApi';
import { requirement } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/renderScreen';
import { signInEachTestAt } from '../../../testing/session';
import { DepositoryScreen } from './DepositoryScreen';

const route = ROUTES.find((candidate) => candidate.path === '/requirements')!;
const STATUSES = [
  { requirement_id: 'r1', status: 'passing', since: '2026-11-01T10:00:00.000Z' },
  { requirement_id: 'r2', status: 'failing', since: '2026-11-01T10:00:00.000Z' },
  { requirement_id: 'r3', status: 'not_evaluated', since: '2026-11-01T10:00:00.000Z' },
];

signInEachTestAt('/requirements');

describe('the compliance badge', () => {
  it.each([
    ['passing', 'Passing', 'Compliance: passing'],
    ['failing', 'Failing', 'Compliance: failing'],
    ['not_evaluated', 'Not evaluated', 'Compliance: not evaluated'],
  ] as const)('%s: a mark and a word, its name holding the word', (status, word, name) => {
    renderScreen(<ComplianceBadge status={status} />);
    const badge = screen.getByRole('img', { name });
    expect(badge).toHaveTextContent(word);
    // Its text (where it describes another element) says the same, the mark aside.
    expect(badge.textContent).toMatch(new RegExp(`^Compliance: .${word}$`));
  });
});

describe('the depository', () => {
  it('shows the badge of each requirement with checks in the tree and the table, from one request', async () => {
    const { calls } = fakeApi({
      'GET /api/requirements': { body: { items: [1, 2, 3, 4].map((n) => requirement(n)), total: 4 } },
      'GET /api/compliance/statuses': { body: STATUSES },
    });
    const { user } = renderScreen(<DepositoryScreen route={route} />);
    const tree = await screen.findByRole('tree', { name: 'Requirements' });
    const item = (n: number) => within(tree).getByRole('treeitem', { name: `REQ-${n} Requirement ${n}` });
    await within(tree).findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
    // Beside the item, describing it: the name stays the text the item shows.
    await waitFor(() => expect(item(1)).toHaveAccessibleDescription('Draft Medium Compliance: Passing'));
    expect(item(2)).toHaveAccessibleDescription('Draft Medium Compliance: Failing');
    expect(item(3)).toHaveAccessibleDescription('Draft Medium Compliance: Not evaluated');
    // No checks: no badge.
    expect(item(4)).toHaveAccessibleDescription('Draft Medium');

    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Requirements' });
    expect(within(table).getByRole('columnheader', { name: 'Compliance' })).toBeInTheDocument();
    const row = async (n: number) => within(table).findByRole('row', { name: new RegExp(`REQ-${n} Requirement ${n}\\b`) });
    expect(within(await row(1)).getByRole('img', { name: 'Compliance: passing' })).toHaveTextContent('Passing');
    expect(within(await row(2)).getByRole('img', { name: 'Compliance: failing' })).toHaveTextContent('Failing');
    expect(within(await row(3)).getByRole('img', { name: 'Compliance: not evaluated' })).toHaveTextContent('Not evaluated');
    expect(within(await row(4)).queryByRole('img')).not.toBeInTheDocument();

    expect(calls.filter((call) => call.path === '/api/compliance/statuses')).toEqual([expect.objectContaining({ query: { graph: 'core' } })]);
  });

  it('shows the list without badges when the statuses cannot be read', async () => {
    fakeApi({
      'GET /api/requirements': { body: { items: [requirement(1)], total: 1 } },
      'GET /api/compliance/statuses': { status: 403, problem: { detail: 'Forbidden.' } },
    });
    renderScreen(<DepositoryScreen route={route} />);
    const item = await screen.findByRole('treeitem', { name: 'REQ-1 Requirement 1' });
    expect(item).toHaveAccessibleDescription('Draft Medium');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
