import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { fill, renderScreen, routeOf } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { CommentsScreen } from './CommentsScreen';
import { REQ } from '../../testing/fixtures';

const route = routeOf('/requirements/comments');
const comment = (n: number) => ({
  id: `c${n}`,
  requirement: REQ(n),
  author: { id: 'u1', login_id: 'ada', name: 'Ada Author' },
  text: `Comment ${n}`,
  created_at: '2026-11-01T10:00:00Z',
});

beforeEach(() => signIn());

describe('CommentsScreen', () => {
  it('lists the comments newest first, filters and pages', async () => {
    const { calls } = fakeApi({
      'GET /api/requirements/comments': ({ query }) => ({
        body: { items: Array.from({ length: query.offset === '20' ? 5 : 20 }, (_, index) => comment(Number(query.offset) + index + 1)), total: 25 },
      }),
    });
    const { user } = renderScreen(<CommentsScreen route={route} />);
    expect(await screen.findByRole('listitem', { name: 'Comment by Ada Author on REQ-1' })).toHaveTextContent('Comment 1');
    expect(screen.getByRole('status')).toHaveTextContent('1–20 of 25');
    expect(calls[0].query).toEqual({ graph: 'core', offset: '0', limit: '20' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('21–25 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await fill(user, screen.getByRole('searchbox', { name: 'Search comments' }), 'encrypt');
    await fill(user, screen.getByRole('searchbox', { name: 'Author' }), 'ada');
    await waitFor(() => expect(calls.at(-1)!.query).toEqual({ graph: 'core', search: 'encrypt', author: 'ada', offset: '0', limit: '20' }));
  });

  it('shows no comments and a failed read', async () => {
    fakeApi({ 'GET /api/requirements/comments': { body: { items: [], total: 0 } } });
    const first = renderScreen(<CommentsScreen route={route} />);
    expect(await screen.findByText('Nobody has commented on a requirement yet.')).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/requirements/comments': { status: 500, problem: { detail: 'Unable to process your request. Please try again later.' } } });
    renderScreen(<CommentsScreen route={route} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to process your request.');
  });
});
