import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, type FakeCall } from '../../testing/fakeApi';
import type { DuplicatePair } from '@portal/shared';
import { renderScreen } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { DuplicateCandidates, DuplicateScanPanel } from './index';
import { REQ } from '../../testing/fixtures';

const pair = { a: REQ(1, 'Encrypt backups at rest'), b: REQ(2, 'Backups encrypted at rest'), score: 0.82, shared_terms: ['backup', 'encrypt', 'rest'] };

beforeEach(() => signIn());

describe('DuplicateCandidates', () => {
  it('proposes the pairs of a requirement with score and shared terms; Not a duplicate removes one', async () => {
    const { mutations } = fakeApi({
      'GET /api/requirements/r2/duplicates': [{ body: [pair] }, { body: [] }],
      'POST /api/requirements/duplicates/dismiss': { status: 204 },
    });
    const { user } = renderScreen(<DuplicateCandidates graph="core" requirementId="r2" />);
    const item = await screen.findByRole('listitem', { name: 'Possible duplicates REQ-1 and REQ-2' });
    expect(item).toHaveTextContent(/Similarity 82%/);
    expect(item).toHaveTextContent('Shared terms: backup, encrypt, rest');
    await user.click(within(item).getByRole('button', { name: 'Not a duplicate: REQ-1 and REQ-2' }));
    await waitFor(() => expect(mutations()).toMatchObject([{ path: '/api/requirements/duplicates/dismiss', query: { graph: 'core' }, body: { a_id: 'r1', b_id: 'r2' } }]));
    expect(await screen.findByText('No similar requirement found.')).toBeInTheDocument();
  });
});

describe('DuplicateScanPanel', () => {
  it('offers the decisions on every pair and hides each decided pair, for good', async () => {
    const pairs = [
      pair,
      { a: REQ(3, 'Log administrator sign-ins'), b: REQ(4, 'Review the audit log weekly'), score: 0.61, shared_terms: ['log'] },
      { a: REQ(2, 'Backups encrypted at rest'), b: REQ(5, 'Backups kept encrypted'), score: 0.55, shared_terms: ['backup', 'encrypt'] },
    ];
    // The API's side: a pair decided as not duplicates, or with a merged (deleted) requirement, is never proposed again.
    const notDuplicates = new Set<string>();
    const deleted = new Set<string>();
    const decide = ({ body }: FakeCall) => {
      const { a_id, b_id, action } = body as DuplicatePair & { action?: string };
      if (action === 'merge') deleted.add(b_id);
      else notDuplicates.add(`${a_id}|${b_id}`);
      return { status: 204 };
    };
    fakeApi({
      'GET /api/requirements/duplicates': () => ({
        body: pairs.filter((p) => !notDuplicates.has(`${p.a.id}|${p.b.id}`) && !deleted.has(p.a.id) && !deleted.has(p.b.id)),
      }),
      'POST /api/requirements/duplicates/dismiss': decide,
      'POST /api/requirements/duplicates/link': decide,
    });
    const { user } = renderScreen(<DuplicateScanPanel graph="core" />);
    await user.click(screen.getByRole('button', { name: 'Find duplicates' }));
    const list = await screen.findByRole('list', { name: 'Duplicate candidates' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Possible duplicates REQ-1 and REQ-2',
      'Possible duplicates REQ-3 and REQ-4',
      'Possible duplicates REQ-2 and REQ-5',
    ]);
    for (const item of within(list).getAllByRole('listitem')) {
      expect(within(item).getAllByRole('button').map((button) => button.textContent)).toEqual(['Link', 'Merge', 'Not a duplicate']);
    }

    await user.click(screen.getByRole('button', { name: 'Not a duplicate: REQ-3 and REQ-4' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Possible duplicates REQ-3 and REQ-4' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    // Merge asks first and says what it does; REQ-2 is gone, so its other pair goes too.
    await user.click(screen.getByRole('button', { name: 'Merge REQ-1 and REQ-2' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Merge requirements' });
    expect(confirm).toHaveTextContent(
      'Merge REQ-2 Backups encrypted at rest into REQ-1 Encrypt backups at rest? Its sub-requirements, comments, tasks, gaps, risks, conflicts and attachments move to REQ-1; REQ-2 is deleted (read-only, with its history) and the merge is recorded in both histories.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('No duplicates found')).toBeInTheDocument();

    // Scanning again proposes none of the decided pairs.
    await user.click(screen.getByRole('button', { name: 'Find duplicates' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Find duplicates' })).toBeEnabled());
    expect(screen.getByText('No duplicates found')).toBeInTheDocument();
  });

  it('scans on Find duplicates; Link and Merge (confirmed) call the API', async () => {
    const { mutations, calls } = fakeApi({
      'GET /api/requirements/duplicates': { body: [pair] },
      'POST /api/requirements/duplicates/link': { status: 204 },
    });
    const { user } = renderScreen(<DuplicateScanPanel graph="core" />);
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Find duplicates' }));
    await user.click(await screen.findByRole('button', { name: 'Link REQ-1 and REQ-2' }));
    await waitFor(() => expect(mutations()[0]).toMatchObject({ body: { a_id: 'r1', b_id: 'r2', action: 'link' } }));
    await user.click(screen.getByRole('button', { name: 'Merge REQ-1 and REQ-2' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Merge requirements' });
    expect(confirm).toHaveTextContent('Merge REQ-2 Backups encrypted at rest into REQ-1 Encrypt backups at rest?');
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(mutations()[1]).toMatchObject({ body: { a_id: 'r1', b_id: 'r2', action: 'merge' } }));
  });

  it('says when nothing looks alike, and shows a failed scan', async () => {
    fakeApi({ 'GET /api/requirements/duplicates': { body: [] } });
    const first = renderScreen(<DuplicateScanPanel graph="core" autoStart />);
    expect(await screen.findByText('No duplicates found')).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/requirements/duplicates': { status: 403, problem: { detail: 'You do not have the privileges for the request.' } } });
    renderScreen(<DuplicateScanPanel graph="core" autoStart />);
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have the privileges for the request.');
  });
});
