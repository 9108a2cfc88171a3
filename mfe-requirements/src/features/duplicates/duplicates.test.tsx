import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { DuplicateCandidates, DuplicateScanPanel } from './index';
import { REQ } from '../../testing/fixtures';

const pair = { a: REQ(1, 'Encrypt backups at rest'), b: REQ(2, 'Backups encrypted at rest'), score: 0.82, shared_terms: ['backup', 'encrypt', 'rest'] };

beforeEach(() => signIn());

describe('DuplicateCandidates', () => {
  it('proposes the pairs of a requirement with score and shared terms; Dismiss removes one', async () => {
    const { mutations } = fakeApi({
      'GET /api/requirements/r2/duplicates': [{ body: [pair] }, { body: [] }],
      'POST /api/requirements/duplicates/dismiss': { status: 204 },
    });
    const { user } = renderScreen(<DuplicateCandidates graph="core" requirementId="r2" />);
    const item = await screen.findByRole('listitem', { name: 'Possible duplicates REQ-1 and REQ-2' });
    expect(item).toHaveTextContent(/Similarity 82%/);
    expect(item).toHaveTextContent('Shared terms: backup, encrypt, rest');
    await user.click(within(item).getByRole('button', { name: 'Dismiss REQ-1 and REQ-2' }));
    await waitFor(() => expect(mutations()).toMatchObject([{ path: '/api/requirements/duplicates/dismiss', query: { graph: 'core' }, body: { a_id: 'r1', b_id: 'r2' } }]));
    expect(await screen.findByText('No similar requirement found.')).toBeInTheDocument();
  });
});

describe('DuplicateScanPanel', () => {
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
