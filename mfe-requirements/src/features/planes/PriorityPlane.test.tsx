import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen, routeOf } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { PriorityPlanesOverviewScreen, PriorityPlanesScreen } from './PriorityPlanesScreen';
import { REQ } from '../../testing/fixtures';

const planes = {
  placed: [{ requirement: { ...REQ(1, 'Encrypt backups'), status: 'IN_PROGRESS', priority: 'HIGH' }, x: 0.5, y: 0.7 }],
  unplaced: [REQ(2, 'Rotate keys')],
};

/** The placing plane over `planes`; the routes (e.g. a PUT of a requirement's place) answer beside its read. */
function renderPlacing(routes: Parameters<typeof fakeApi>[0] = {}) {
  const { mutations } = fakeApi({ 'GET /api/requirements/planes': { body: planes }, ...routes });
  return { mutations, ...renderScreen(<PriorityPlanesScreen route={routeOf('/requirements/priorityPlanes')} />) };
}

beforeEach(() => signIn());

describe('PriorityPlanesScreen', () => {
  it('shows placed requirements on the plane and the unplaced ones beside it', async () => {
    renderPlacing();
    expect(await screen.findByRole('button', { name: 'REQ-1 Encrypt backups: urgency 50%, importance 70%' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Priority plane: 1 placed requirement' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unplaced requirements (1)' })).toBeInTheDocument();
  });

  it('lists the placed requirements and their place as a table, the text alternative of the plane', async () => {
    const { user } = renderPlacing();
    await screen.findByRole('group', { name: 'Priority plane: 1 placed requirement' });
    await user.click(screen.getByRole('button', { name: 'Show table of requirements on the priority plane' }));
    const table = screen.getByRole('table', { name: 'Requirements on the priority plane' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Requirement', 'Urgency', 'Importance', 'Details']);
    expect(within(table).getByRole('rowheader', { name: 'REQ-1 Encrypt backups' }).parentElement).toHaveTextContent(/^REQ-1 Encrypt backups50%70%/);
  });

  it('moves a placed requirement with the arrow keys and saves the placement', async () => {
    const { mutations } = renderPlacing({ 'PUT /api/requirements/r1/plane': ({ body }) => ({ body: { requirement: planes.placed[0].requirement, ...(body as object) } }) });
    const point = await screen.findByRole('button', { name: /^REQ-1 Encrypt backups/ });
    act(() => point.focus());
    fireEvent.keyDown(point, { key: 'ArrowRight' });
    await waitFor(() => expect(mutations()[0]).toMatchObject({ method: 'PUT', path: '/api/requirements/r1/plane', query: { graph: 'core' }, body: { x: 0.55, y: 0.7 } }));
    expect(await screen.findByRole('button', { name: 'REQ-1 Encrypt backups: urgency 55%, importance 70%' })).toBeInTheDocument();
  });

  it('takes the selected requirement off the plane with the Remove button (nulls sent)', async () => {
    const { mutations, user } = renderPlacing({ 'PUT /api/requirements/r1/plane': { body: {} } });
    await user.click(await screen.findByRole('button', { name: /^REQ-1 Encrypt backups/ }));
    await user.click(screen.getByRole('button', { name: 'Remove REQ-1 from the plane' }));
    await waitFor(() => expect(mutations()[0]).toMatchObject({ path: '/api/requirements/r1/plane', body: { x: null, y: null } }));
    expect(await screen.findByRole('button', { name: 'Place REQ-1 Encrypt backups' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Priority plane: 0 placed requirements' })).toBeInTheDocument();
  });

  it('takes a focused requirement off the plane with the Delete key', async () => {
    const { mutations } = renderPlacing({ 'PUT /api/requirements/r1/plane': { body: {} } });
    const point = await screen.findByRole('button', { name: /^REQ-1 Encrypt backups/ });
    fireEvent.keyDown(point, { key: 'Delete' });
    await waitFor(() => expect(mutations()[0]).toMatchObject({ path: '/api/requirements/r1/plane', body: { x: null, y: null } }));
    expect(await screen.findByRole('button', { name: 'Place REQ-1 Encrypt backups' })).toBeInTheDocument();
  });

  it('places an unplaced requirement in the middle when pressed', async () => {
    const { mutations, user } = renderPlacing({ 'PUT /api/requirements/r2/plane': { body: {} } });
    await user.click(await screen.findByRole('button', { name: 'Place REQ-2 Rotate keys' }));
    await waitFor(() => expect(mutations()[0]).toMatchObject({ path: '/api/requirements/r2/plane', body: { x: 0.5, y: 0.5 } }));
    expect(await screen.findByRole('button', { name: 'REQ-2 Rotate keys: urgency 50%, importance 50%' })).toBeInTheDocument();
    expect(screen.getByText('Every requirement is on the plane.')).toBeInTheDocument();
  });

  it('shows a drag preview with the title below the small breakpoint; a drop off the plot places nothing', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
    try {
      const { mutations } = renderPlacing();
      const item = await screen.findByRole('button', { name: 'Place REQ-2 Rotate keys' });
      fireEvent.mouseDown(item, { view: window, button: 0, clientX: 5, clientY: 5 });
      fireEvent.mouseMove(window, { view: window, clientX: 40, clientY: 60 });
      expect(await screen.findByRole('status', { name: 'Drag preview' })).toHaveTextContent('REQ-2 Rotate keys');
      fireEvent.mouseUp(window, { view: window, clientX: -400, clientY: -400 });
      await waitFor(() => expect(screen.queryByRole('status', { name: 'Drag preview' })).not.toBeInTheDocument());
      expect(mutations()).toHaveLength(0);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('is read-only in the analytics overview, with a status filter', async () => {
    const { mutations } = fakeApi({ 'GET /api/requirements/planes': { body: planes } });
    const { user } = renderScreen(<PriorityPlanesOverviewScreen route={routeOf('/priorityPlanes')} />);
    const point = await screen.findByRole('img', { name: /^REQ-1 Encrypt backups/ });
    fireEvent.keyDown(point, { key: 'ArrowRight' });
    expect(screen.queryByRole('button', { name: /^Place / })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Draft \(0\)/ }));
    expect(screen.getByRole('group', { name: 'Priority plane: 0 placed requirements' })).toBeInTheDocument();
    expect(mutations()).toHaveLength(0);
  });

  it('shows the empty plane and a failed read', async () => {
    fakeApi({ 'GET /api/requirements/planes': { body: { placed: [], unplaced: [] } } });
    const first = renderScreen(<PriorityPlanesScreen route={routeOf('/requirements/priorityPlanes')} />);
    expect(await screen.findByText('No requirements yet')).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/requirements/planes': { status: 503, problem: { detail: 'Service is not available at the moment. Please try again later.' } } });
    renderScreen(<PriorityPlanesScreen route={routeOf('/requirements/priorityPlanes')} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service is not available');
  });
});
