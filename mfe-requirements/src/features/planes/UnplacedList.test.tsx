// The plane's unplaced list (issue 26 item 3): codes in natural order (AC-2 before AC-14), also
// for a requirement just taken off the plane, and a search by code or title.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen, routeOf } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { PriorityPlanesScreen } from './PriorityPlanesScreen';

const ref = (id: string, code: string, title: string) => ({ id, code, title });
const planes = {
  placed: [{ requirement: { ...ref('p', 'AC-3', 'Access enforcement'), status: 'DRAFT', priority: 'HIGH' }, x: 0.5, y: 0.5 }],
  // As an older API or the cache may hold them: not in order.
  unplaced: [ref('a14', 'AC-14', 'Unsuccessful logon'), ref('a2', 'AC-2', 'Account management'), ref('a1', 'ac-1', 'Policy and procedures'), ref('i21', 'IA-2(1)', 'Multi-factor')],
};

const listed = () => within(screen.getByRole('list', { name: 'Unplaced requirements' })).getAllByRole('button').map((button) => button.textContent);

beforeEach(() => signIn());

describe('the unplaced list of the requirements plane', () => {
  it('lists codes in natural order, a requirement taken off the plane in its place', async () => {
    fakeApi({ 'GET /api/requirements/planes': { body: planes }, 'PUT /api/requirements/p/plane': { body: {} } });
    renderScreen(<PriorityPlanesScreen route={routeOf('/requirements/priorityPlanes')} />);
    await screen.findByRole('heading', { name: 'Unplaced requirements (4)' });
    expect(listed()).toEqual(['Place ac-1 Policy and procedures', 'Place AC-2 Account management', 'Place AC-14 Unsuccessful logon', 'Place IA-2(1) Multi-factor']);
    fireEvent.keyDown(screen.getByRole('button', { name: /^AC-3 Access enforcement/ }), { key: 'Delete' });
    await screen.findByRole('heading', { name: 'Unplaced requirements (5)' });
    expect(listed()).toEqual([
      'Place ac-1 Policy and procedures',
      'Place AC-2 Account management',
      'Place AC-3 Access enforcement',
      'Place AC-14 Unsuccessful logon',
      'Place IA-2(1) Multi-factor',
    ]);
  });

  it('narrows the list to the requirements whose code or title holds the search', async () => {
    fakeApi({ 'GET /api/requirements/planes': { body: planes } });
    const { user } = renderScreen(<PriorityPlanesScreen route={routeOf('/requirements/priorityPlanes')} />);
    const search = await screen.findByRole('searchbox', { name: 'Search unplaced requirements' });
    await user.type(search, 'ac-1');
    expect(listed()).toEqual(['Place ac-1 Policy and procedures', 'Place AC-14 Unsuccessful logon']);
    await user.clear(search);
    await user.type(search, 'MANAGEMENT');
    expect(listed()).toEqual(['Place AC-2 Account management']);
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByText('No unplaced requirement matches.')).toBeInTheDocument();
    await user.clear(search);
    await waitFor(() => expect(listed()).toHaveLength(4));
  });
});
