import { history, type DependencyGraph, type GraphMetrics } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COLORS } from '../../features/graph/utils/scene';
import { recordingContext } from '../../features/graph/testing/recordingContext';
import { fakeApi, renderRoute } from '@portal/shared/testing';
import { application, applicationDetail, build } from '../../testing/fixtures';
import { signIn } from '../../testing/sessions';
import { GraphViewScreen } from './GraphViewScreen';

const PATH = '/applications/GraphView';

const node = (name: string, level: number, severity: string | null = null) => ({
  bom_ref: `pkg:npm/${name}@1.0.0`,
  name,
  group: null,
  version: '1.0.0',
  purl: `pkg:npm/${name}@1.0.0`,
  type: 'library',
  level,
  severity,
  vulnerabilities: severity ? ['GHSA-35jh-r3h4-6jhm'] : [],
  active_exploit: false,
});

// shop → express → qs (HIGH); shop → lodash (CRITICAL); lonely hangs under the root.
const GRAPH: DependencyGraph = {
  app_key: 'shop',
  build: { id: 'b1', number: 1 },
  root: 0,
  nodes: [{ ...node('shop', 0), purl: null }, node('express', 1), node('qs', 2, 'HIGH'), node('lodash', 1, 'CRITICAL'), node('lonely', 1)],
  edges: [[0, 1], [1, 2], [0, 3]],
  implied_edges: [[0, 4]],
};
const METRICS: GraphMetrics = {
  app_key: 'shop',
  build: { id: 'b1', number: 1 },
  components: 5,
  edges: 3,
  implied_edges: 1,
  depth: 2,
  levels: [1, 3, 1],
  fan_in: { max: 1, average: 1 },
  fan_out: { max: 2, average: 1.5 },
  leaves: 3,
  isolated: 1,
  cycles: { count: 0, components: 0 },
  most_depended_on: [{ bom_ref: 'pkg:npm/qs@1.0.0', name: 'qs', version: '1.0.0', purl: 'pkg:npm/qs@1.0.0', fan_in: 1, fan_out: 0, transitive_dependents: 2 }],
  largest_fan_out: [],
};

let drawn: ReturnType<typeof recordingContext>;

beforeEach(() => {
  signIn();
  drawn = recordingContext();
  // jsdom has no canvas and lays nothing out: a recording context and a box 800 pixels wide.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => drawn.ctx as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 800, height: 620, top: 0, left: 0, right: 800, bottom: 620, x: 0, y: 0, toJSON: () => ({}) });
});

afterEach(() => jest.restoreAllMocks());

function answers(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/apps': { body: [application('shop', { latest_build: { id: 'b2', number: 2, status: 'PROCESSING', created_at: '2026-11-22T09:30:00.000Z', component_count: 5 } })] },
    'GET /api/apps/shop': { body: applicationDetail('shop', [build(2, { status: 'PROCESSING' }), build(1)]) },
    'GET /api/apps/shop/builds/b1/graph': { body: GRAPH },
    'GET /api/apps/shop/builds/b1/graphMetrics': { body: METRICS },
    ...overrides,
  });
}

describe('GraphViewScreen', () => {
  it("opens the chosen app's newest processed build and draws its graph", async () => {
    const { calls } = answers();
    renderRoute(GraphViewScreen, PATH, `${PATH}?app=shop`);
    expect(await screen.findByRole('img', { name: 'Dependency graph of build 1 of shop: 5 components, 3 dependencies' })).toBeInTheDocument();
    expect(new URLSearchParams(history.location.search).get('build')).toBe('b1');
    expect(calls.find((call) => call.path === '/api/apps/shop/builds/b1/graph')?.query).toEqual({ graph: 'core' });
    await waitFor(() => expect(drawn.fills.length).toBeGreaterThan(0));
    expect(drawn.strokes.some((stroke) => stroke.color === COLORS.path)).toBe(false);
    const vulnerable = screen.getByRole('list', { name: 'Vulnerable components' });
    // Worst first.
    expect(within(vulnerable).getAllByRole('button').map((button) => button.textContent)).toEqual(['lodash@1.0.0Critical', 'qs@1.0.0High']);
    expect((await screen.findByText('Depth')).nextSibling).toHaveTextContent('2');
  });

  it('lists its components as a table, the text alternative of the drawing', async () => {
    answers();
    const { user } = renderRoute(GraphViewScreen, PATH, `${PATH}?app=shop&build=b1`);
    await screen.findByRole('img', { name: /^Dependency graph of build 1 of shop/ });
    await user.click(screen.getByRole('button', { name: 'Show table of components of build 1 of shop' }));
    const table = screen.getByRole('table', { name: 'Components of build 1 of shop' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Component', 'Version', 'Depth', 'Depends on', 'Dependents', 'Vulnerabilities']);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).getByRole('rowheader', { name: 'lodash' }).parentElement).toHaveTextContent(/1 \(Critical\)$/);
  });

  it('explains its colours in a legend', async () => {
    answers();
    renderRoute(GraphViewScreen, PATH, `${PATH}?app=shop&build=b1`);
    const legend = await screen.findByRole('list', { name: 'Graph legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Root: the SBOM’s own component',
      'Critical vulnerability',
      'High',
      'Medium',
      'Low',
      'No known vulnerability (or severity unknown)',
      'Actively exploited (CISA KEV)',
      'Dependency the SBOM states',
      'Under no stated dependency: hung under the root',
      'Paths from the root to the chosen component',
      'Chosen component',
    ]);
    expect(screen.queryByTestId('grouped-overview')).not.toBeInTheDocument();
  });

  it('draws an SBOM without stated dependencies as its groups by ecosystem and namespace, titled, not as a star', async () => {
    // shop states no dependencies: its components hang under the root (implied edges only).
    const flat: DependencyGraph = {
      ...GRAPH,
      nodes: [
        ...GRAPH.nodes,
        { ...node('node', 1), name: 'node', group: '@types', bom_ref: 'pkg:npm/%40types/node@1.0.0', purl: 'pkg:npm/%40types/node@1.0.0' },
        { ...node('jackson-databind', 1, 'HIGH'), bom_ref: 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10', purl: 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.10', active_exploit: true },
      ],
      edges: [],
      implied_edges: [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
    };
    answers({ 'GET /api/apps/shop/builds/b1/graph': { body: flat } });
    renderRoute(GraphViewScreen, PATH, `${PATH}?app=shop&build=b1`);
    expect(await screen.findByTestId('grouped-overview')).toHaveTextContent('This SBOM states no dependencies: its 6 components are drawn grouped by ecosystem and namespace');
    expect(within(screen.getByRole('list', { name: 'Component groups' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'npm · 4 components, 2 vulnerable',
      'maven com.fasterxml.jackson.core · 1 component, 1 vulnerable',
      'npm @types · 1 component',
    ]);
    const legend = screen.getByRole('list', { name: 'Graph legend' });
    expect(within(legend).getByText('Group: an ecosystem and namespace')).toBeInTheDocument();
    expect(within(legend).queryByText('Dependency the SBOM states')).not.toBeInTheDocument();
    // On the canvas: the groups' titles, the exploit ring, and no star of lines under the root.
    await waitFor(() => expect(drawn.texts).toContain('npm · 4 components, 2 vulnerable'));
    expect(drawn.strokes.some((stroke) => stroke.color === COLORS.exploit && stroke.shapes === 1)).toBe(true);
    expect(drawn.strokes.filter((stroke) => stroke.color === COLORS.implied || stroke.color === COLORS.edge).every((stroke) => stroke.segments === 0)).toBe(true);
  });

  it('highlights the paths from the root to a chosen vulnerable component and names a shortest one', async () => {
    answers();
    const { user } = renderRoute(GraphViewScreen, PATH, `${PATH}?app=shop&build=b1`);
    await user.click(await screen.findByRole('button', { name: /^qs@1\.0\.0/ }));
    expect(await screen.findByTestId('path-summary')).toHaveTextContent('3 components and 2 dependencies lie on the paths from the root');
    expect(within(screen.getByRole('list', { name: 'Shortest path from the root' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'shop@1.0.0',
      'express@1.0.0',
      'qs@1.0.0',
    ]);
    expect(new URLSearchParams(history.location.search).get('component')).toBe('pkg:npm/qs@1.0.0');
    expect(screen.getByTestId('dependency-graph')).toHaveAttribute('data-highlighted', '3');
    await waitFor(() => expect(drawn.strokes.find((stroke) => stroke.color === COLORS.path)).toMatchObject({ segments: 2 }));
    // A step of the path chooses that component.
    await user.click(screen.getByRole('button', { name: 'express@1.0.0' }));
    expect(await screen.findByTestId('path-summary')).toHaveTextContent('2 components and 1 dependency lie on the paths');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByTestId('path-summary')).not.toBeInTheDocument();
    expect(screen.getByTestId('dependency-graph')).toHaveAttribute('data-highlighted', '0');
  });

  it('finds components by name or purl and chooses one with Enter; the metrics lists choose too', async () => {
    answers();
    const { user } = renderRoute(GraphViewScreen, PATH, `${PATH}?app=shop&build=b1&component=${encodeURIComponent('pkg:npm/lonely@1.0.0')}`);
    expect(await screen.findByRole('heading', { name: 'lonely@1.0.0' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Component name or purl' });
    await user.type(search, 'pkg:npm/l');
    expect(within(screen.getByRole('list', { name: 'Matching components' })).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'lodash@1.0.0Critical',
      'lonely@1.0.0',
    ]);
    await user.type(search, '{Enter}');
    expect(await screen.findByRole('heading', { name: 'lodash@1.0.0' })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nothing-like-it');
    expect(screen.getByText('No component matches “nothing-like-it”.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('list', { name: 'Most depended on' })).getByRole('button', { name: 'qs@1.0.0' }));
    expect(await screen.findByRole('heading', { name: 'qs@1.0.0' })).toBeInTheDocument();
  });

  it('answers the keyboard on the canvas: zoom, pan, fit and Escape', async () => {
    answers();
    renderRoute(GraphViewScreen, PATH, `${PATH}?app=shop&build=b1&component=${encodeURIComponent('pkg:npm/qs@1.0.0')}`);
    const canvas = await screen.findByTestId('dependency-graph');
    await waitFor(() => expect(drawn.fills.length).toBeGreaterThan(0));
    for (const key of ['+', '-', 'ArrowLeft', 'ArrowDown', '0']) {
      const before = drawn.fills.length;
      fireEvent.keyDown(canvas, { key });
      await waitFor(() => expect(drawn.fills.length).toBeGreaterThan(before));
    }
    fireEvent.keyDown(canvas, { key: 'Escape' });
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('component')).toBeNull());
  });

  it('says what is missing: no app chosen, no processed build, a build not processed', async () => {
    answers({ 'GET /api/apps/shop': { body: applicationDetail('shop', [build(2, { status: 'PROCESSING' })]) } });
    const first = renderRoute(GraphViewScreen, PATH);
    expect(await screen.findByRole('heading', { name: 'Choose an application' })).toBeInTheDocument();
    await first.user.selectOptions(screen.getByLabelText('Application'), 'shop');
    expect(await screen.findByText('No processed build')).toBeInTheDocument();
    first.view.unmount();

    answers({
      'GET /api/apps/shop/builds/b1/graph': {
        status: 409,
        problem: { detail: 'Build 1 is still being processed (PROCESSING): its dependency graph is not ready yet.' },
      },
    });
    renderRoute(GraphViewScreen, PATH, `${PATH}?app=shop&build=b1`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Build 1 is still being processed');
  });

  it('asks for an application when the process has none', async () => {
    fakeApi({ 'GET /api/apps': { body: [] } });
    renderRoute(GraphViewScreen, PATH);
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
  });
});
