import { setPermissionChecker, type ApplicationPlanes, type PlaneApplication } from '@portal/shared';
import { PLANE_PLOT, toPlacement } from '@portal/shared/screens';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderRoute } from '@portal/shared/testing';
import { counts } from '../../../testing/fixtures';
import { signInEachTest } from '../../../testing/sessions';
import { ApplicationPlanesScreen } from './ApplicationPlanesScreen';

const PATH = '/applications/priorityPlanes';

const app = (key: string, overrides: Partial<PlaneApplication> = {}): PlaneApplication => ({
  id: `id-${key}`,
  app_key: key,
  name: `${key} app`,
  portfolio: null,
  vulnerabilities: counts(),
  active_exploits: 0,
  suggested_risk: 0,
  ...overrides,
});
const shop = app('shop', { vulnerabilities: counts({ CRITICAL: 1, HIGH: 2 }), suggested_risk: 0.616 });
const billing = app('billing', { suggested_risk: 0.2, vulnerabilities: counts({ HIGH: 1 }) });
const planes: ApplicationPlanes = {
  placed: [{ application: shop, x: 0.8, y: 0.7, placed_by: 'ada', placed_at: '2026-11-22T09:00:00.000Z' }],
  unplaced: [billing],
};

signInEachTest();

const point = (name: RegExp | string) => screen.findByRole('button', { name });

describe('ApplicationPlanesScreen', () => {
  it('shows placed applications with their placement and findings, and the unplaced ones beside', async () => {
    const { calls } = fakeApi({ 'GET /api/apps/planes': { body: planes } });
    renderRoute(ApplicationPlanesScreen, PATH);
    expect(await point('shop app (shop): risk 80%, business criticality 70%; 1 critical, 2 high vulnerabilities')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Priority plane: 1 placed application' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unplaced applications (1)' })).toBeInTheDocument();
    expect(calls[0].query).toEqual({ graph: 'core' });
  });

  it("keeps a point's label inside the chart: left of a point at high risk, right of it otherwise", async () => {
    fakeApi({
      'GET /api/apps/planes': { body: { ...planes, placed: [{ ...planes.placed[0], x: 1 }, { ...planes.placed[0], application: billing, x: 0.2 }], unplaced: [] } },
    });
    renderRoute(ApplicationPlanesScreen, PATH);
    // One finding reads in the singular.
    expect(await point(/; 1 high vulnerability$/)).toBeInTheDocument();
    // The label is the point's next sibling (outside the button: its text need not be in the point's name).
    const label = async (name: RegExp) => (await point(name)).nextElementSibling!;
    expect(await label(/^shop app \(shop\): risk 100%/)).toHaveAttribute('text-anchor', 'end');
    expect(await label(/\(billing\): risk 20%/)).toHaveAttribute('text-anchor', 'start');
  });

  it('moves a placed application with the arrow keys and saves the placement', async () => {
    const { mutations } = fakeApi({
      'GET /api/apps/planes': { body: planes },
      'PUT /api/apps/shop/plane': ({ body }) => ({ body: { ...planes.placed[0], ...(body as object) } }),
    });
    renderRoute(ApplicationPlanesScreen, PATH);
    const shopPoint = await point(/^shop app \(shop\)/);
    act(() => shopPoint.focus());
    fireEvent.keyDown(shopPoint, { key: 'ArrowLeft' });
    fireEvent.keyDown(await point(/^shop app \(shop\): risk 75%, business criticality 70%/), { key: 'ArrowUp', shiftKey: true });
    await waitFor(() => expect(mutations()).toHaveLength(2));
    expect(mutations().map((call) => call.body)).toEqual([{ x: 0.75, y: 0.7 }, { x: 0.75, y: 0.71 }]);
    expect(mutations()[0]).toMatchObject({ method: 'PUT', query: { graph: 'core' } });
    expect(await point(/^shop app \(shop\): risk 75%, business criticality 71%/)).toBeInTheDocument();
  });

  it('places an unplaced application at its suggested risk when pressed, then takes it off with Delete', async () => {
    const { mutations } = fakeApi({ 'GET /api/apps/planes': { body: planes }, 'PUT /api/apps/billing/plane': [{ body: {} }, { status: 204 }] });
    const { user } = renderRoute(ApplicationPlanesScreen, PATH);
    await user.click(await point('Place billing billing app'));
    await waitFor(() => expect(mutations()[0]).toMatchObject({ path: '/api/apps/billing/plane', body: { x: 0.2, y: 0.5 } }));
    const placed = await point(/^billing app \(billing\): risk 20%, business criticality 50%/);
    expect(screen.getByText('Every application is on the plane.')).toBeInTheDocument();
    fireEvent.keyDown(placed, { key: 'Delete' });
    await waitFor(() => expect(mutations()[1]).toMatchObject({ path: '/api/apps/billing/plane', body: { x: null, y: null } }));
    expect(await point('Place billing billing app')).toBeInTheDocument();
  });

  it('takes the selected application off with the Remove button', async () => {
    const { mutations } = fakeApi({ 'GET /api/apps/planes': { body: planes }, 'PUT /api/apps/shop/plane': { status: 204 } });
    const { user } = renderRoute(ApplicationPlanesScreen, PATH);
    await user.click(await point(/^shop app \(shop\)/));
    await user.click(screen.getByRole('button', { name: 'Remove shop from the plane' }));
    await waitFor(() => expect(mutations()[0]).toMatchObject({ body: { x: null, y: null } }));
    expect(screen.getByRole('group', { name: 'Priority plane: 0 placed applications' })).toBeInTheDocument();
  });

  it('places an application dragged from the list onto the plot, where it was dropped', async () => {
    const { mutations } = fakeApi({ 'GET /api/apps/planes': { body: planes }, 'PUT /api/apps/billing/plane': { body: {} } });
    renderRoute(ApplicationPlanesScreen, PATH);
    const item = await point('Place billing billing app');
    // jsdom lays nothing out: the chart's coordinates are the client coordinates.
    fireEvent.mouseDown(item, { view: window, button: 0, clientX: 5, clientY: 5 });
    fireEvent.mouseMove(window, { view: window, clientX: 300, clientY: 200 });
    expect(screen.getByTestId('drag-ghost')).toBeInTheDocument();
    fireEvent.mouseUp(window, { view: window, clientX: 300, clientY: 200 });
    await waitFor(() => expect(mutations()[0]).toMatchObject({ path: '/api/apps/billing/plane', body: toPlacement(300, 200) }));
  });

  it('shows a drag preview with the name below the small breakpoint; a drop off the plot places nothing', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
    try {
      const { mutations } = fakeApi({ 'GET /api/apps/planes': { body: planes } });
      renderRoute(ApplicationPlanesScreen, PATH);
      const item = await point('Place billing billing app');
      fireEvent.mouseDown(item, { view: window, button: 0, clientX: 5, clientY: 5 });
      fireEvent.mouseMove(window, { view: window, clientX: 40, clientY: 60 });
      expect(await screen.findByRole('status', { name: 'Drag preview' })).toHaveTextContent('billing app (billing)');
      fireEvent.mouseUp(window, { view: window, clientX: PLANE_PLOT.width + 400, clientY: -400 });
      await waitFor(() => expect(screen.queryByRole('status', { name: 'Drag preview' })).not.toBeInTheDocument());
      expect(mutations()).toHaveLength(0);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('is read-only without the permission to update applications: no list, no moves', async () => {
    setPermissionChecker((permission) => !permission.startsWith('update=>'));
    const { mutations } = fakeApi({ 'GET /api/apps/planes': { body: planes } });
    renderRoute(ApplicationPlanesScreen, PATH);
    const shopPoint = await screen.findByRole('img', { name: /^shop app \(shop\)/ });
    fireEvent.keyDown(shopPoint, { key: 'ArrowRight' });
    expect(screen.queryByRole('button', { name: /^Place / })).not.toBeInTheDocument();
    expect(screen.getByText(/placing applications needs the permission to update them/)).toBeInTheDocument();
    expect(mutations()).toHaveLength(0);
  });

  it('puts a refused placement back and says why', async () => {
    const { mutations } = fakeApi({
      'GET /api/apps/planes': { body: planes },
      'PUT /api/apps/shop/plane': { status: 404, problem: { detail: 'Invalid app key' } },
    });
    const { snackbars } = renderRoute(ApplicationPlanesScreen, PATH);
    const shopPoint = await point(/^shop app \(shop\)/);
    fireEvent.keyDown(shopPoint, { key: 'ArrowRight' });
    await waitFor(() => expect(snackbars).toEqual(['The placement could not be saved: Invalid app key']));
    expect(mutations()).toHaveLength(1);
    expect(await point(/^shop app \(shop\): risk 80%/)).toBeInTheDocument();
  });

  it('shows an empty process and a failed read', async () => {
    fakeApi({ 'GET /api/apps/planes': { body: { placed: [], unplaced: [] } } });
    const first = renderRoute(ApplicationPlanesScreen, PATH);
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
    first.view.unmount();
    fakeApi({ 'GET /api/apps/planes': { status: 503, problem: { detail: 'Service is not available at the moment. Please try again later.' } } });
    renderRoute(ApplicationPlanesScreen, PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service is not available');
  });
});
