import { act, screen, waitFor, within } from '@testing-library/react';
import { setPermissionChecker, setRealtimeImplementation, type RealtimeFacade, type RealtimeHandler } from '@portal/shared';
import { type OrgChart } from '@portal/shared/collaboration';
import { fakeApi, renderRoute, signInWith, testProcess, testSession } from '@portal/shared/testing';
import { OrgChartScreen } from './OrgChartScreen';

const PATH = '/collaboration/org-chart';

const CHART: OrgChart = {
  uploaded_at: '2026-11-26T10:00:00.000Z',
  uploaded_by: { id: 'u-olga', login_id: 'olga', name: 'Olga Chief' },
  file_name: 'people.csv',
  columns: ['id', 'name', 'title', 'manager_id', 'email', 'department', 'user_id', 'login_id'],
  people: [
    ['E1', 'Olga Chief', 'CEO', null, 'olga@example.com', 'Board', 'u-olga', 'olga'],
    ['E2', 'Ada Lead', 'CTO', 'E1', 'ada@example.com', 'Engineering', 'u-ada', 'ada'],
    ['E3', 'Rita Dev', 'Engineer', 'E2', 'rita@example.com', 'Engineering', 'u-rita', 'rita'],
    ['E4', 'Sam Sales', 'Sales lead', 'E1', 'sam@elsewhere.example', 'Sales', null, null],
  ],
};
const EMPTY: OrgChart = { ...CHART, uploaded_at: null, uploaded_by: null, file_name: null, people: [] };

/** A 2D context that records the text drawn (jsdom has no canvas). */
function recordingContext() {
  const texts: string[] = [];
  const context = new Proxy(
    { fillText: (text: string) => texts.push(text), measureText: (text: string) => ({ width: text.length * 7 }) } as Record<string, unknown>,
    { get: (target, name) => (name in target ? target[name as string] : () => undefined), set: () => true },
  );
  return { context, texts };
}

let drawn: ReturnType<typeof recordingContext>;

beforeEach(() => {
  signInWith(testSession(), testProcess());
  drawn = recordingContext();
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => drawn.context as unknown as CanvasRenderingContext2D);
});

afterEach(() => {
  jest.restoreAllMocks();
  setPermissionChecker(null);
  setRealtimeImplementation(null);
});

describe('OrgChartScreen', () => {
  it("draws the organization's chart with photos (initials), titles and linked portal users", async () => {
    const { calls } = fakeApi({ 'GET /api/org-chart': { body: CHART } });
    renderRoute(OrgChartScreen, PATH);
    expect(await screen.findByRole('img', { name: /Organization chart of 4 people/ })).toBeInTheDocument();
    expect(screen.getByText(/4 people, from people.csv uploaded Nov 26, 2026 by olga\./)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/org-chart')?.query).toEqual({ graph: 'core' });
    await waitFor(() => expect(drawn.texts).toEqual(expect.arrayContaining(['OC', 'Olga Chief', 'CEO', '@olga', 'RD', 'Rita Dev', 'Sam Sales'])));
    expect(drawn.texts).not.toContain('@null');
  });

  it('finds a person by search and shows their card: manager, reports and portal user', async () => {
    fakeApi({ 'GET /api/org-chart': { body: CHART } });
    const { user } = renderRoute(OrgChartScreen, PATH);
    await user.type(await screen.findByRole('searchbox', { name: 'Search people' }), 'engineer');
    const results = screen.getByRole('list', { name: 'Search results' });
    await user.click(within(results).getByRole('button', { name: 'Rita Dev, Engineer' }));
    const card = screen.getByRole('region', { name: 'About Rita Dev' });
    expect(within(card).getByText('Portal user: rita')).toBeInTheDocument();
    expect(within(card).getByText('Engineering · id E3')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Ada Lead' }));
    const manager = screen.getByRole('region', { name: 'About Ada Lead' });
    expect(within(manager).getByText('1 direct report:')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search people' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'nobody here');
    expect(screen.getByText('Nobody matches.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Search results' })).queryAllByRole('button')).toEqual([]);
  });

  it('is read with the keyboard as a tree: walk, collapse, expand, choose', async () => {
    fakeApi({ 'GET /api/org-chart': { body: CHART } });
    const { user } = renderRoute(OrgChartScreen, PATH);
    await user.click(await screen.findByRole('button', { name: 'List' }));
    const tree = screen.getByRole('tree', { name: 'People of the organization chart' });
    const items = () => within(tree).getAllByRole('treeitem').map((item) => item.textContent);
    expect(items()).toEqual(['Olga Chief, CEO (2 reports) — portal user olga', 'Ada Lead, CTO (1 report) — portal user ada', 'Rita Dev, Engineer — portal user rita', 'Sam Sales, Sales lead']);
    const olga = within(tree).getAllByRole('treeitem')[0];
    expect(olga).toHaveAttribute('tabindex', '0');
    expect(olga).toHaveAttribute('aria-expanded', 'true');
    olga.focus();
    await user.keyboard('{ArrowLeft}');
    expect(items()).toEqual(['Olga Chief, CEO (2 reports) — portal user olga']);
    expect(olga).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(within(tree).getAllByRole('treeitem')[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('region', { name: 'About Rita Dev' })).toBeInTheDocument();
    expect(within(tree).getAllByRole('treeitem')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(within(tree).getAllByRole('treeitem')[1]).toHaveFocus();
  });

  it('offers the upload to who may upload, on an empty chart too', async () => {
    fakeApi({ 'GET /api/org-chart': { body: EMPTY } });
    renderRoute(OrgChartScreen, PATH);
    expect(await screen.findByText('No organization chart yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload chart' })).toBeInTheDocument();
  });

  it('offers no upload without upload=>OrgChart', async () => {
    setPermissionChecker((permission) => permission !== 'upload=>OrgChart');
    fakeApi({ 'GET /api/org-chart': { body: EMPTY } });
    renderRoute(OrgChartScreen, PATH);
    expect(await screen.findByText('Someone who may upload the chart has not done so yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload chart' })).not.toBeInTheDocument();
  });

  it('shows NO ACCESS when the API refuses the chart', async () => {
    fakeApi({ 'GET /api/org-chart': { status: 403, problem: { detail: 'You do not have permission to view the organization chart.' } } });
    renderRoute(OrgChartScreen, PATH);
    expect(await screen.findByText('You do not have permission to view the organization chart.')).toBeInTheDocument();
  });

  it('reads the chart again when someone imports one (live event)', async () => {
    const handlers: Array<[string, RealtimeHandler]> = [];
    const facade: RealtimeFacade = {
      state: 'Connected',
      subscribe: (destination, handler) => {
        const entry: [string, RealtimeHandler] = [destination, handler as RealtimeHandler];
        handlers.push(entry);
        return () => handlers.splice(handlers.indexOf(entry), 1);
      },
      publish: async () => undefined,
      onStateChange: () => () => undefined,
    };
    setRealtimeImplementation(facade);
    const { calls } = fakeApi({ 'GET /api/org-chart': [{ body: EMPTY }, { body: CHART }] });
    renderRoute(OrgChartScreen, PATH);
    expect(await screen.findByText('No organization chart yet')).toBeInTheDocument();
    await waitFor(() => expect(handlers.length).toBeGreaterThan(0));
    act(() => handlers.forEach(([destination, handler]) => handler({ type: 'Org Chart', session_id: 's-other', data: { kind: 'org-chart', people: 4 } }, destination)));
    expect(await screen.findByRole('img', { name: /Organization chart of 4 people/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/org-chart')).toHaveLength(2);
  });
});
