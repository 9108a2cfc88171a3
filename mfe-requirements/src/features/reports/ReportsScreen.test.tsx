import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen, routeOf } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { ReportsScreen } from './ReportsScreen';
import { REQ } from '../../testing/fixtures';

const route = routeOf('/reports');
const statusReport = {
  kind: 'status',
  title: 'Requirements by status',
  columns: [
    { key: 'status', label: 'Status' },
    { key: 'requirements', label: 'Requirements' },
  ],
  rows: [
    { status: 'DRAFT', requirements: 3 },
    { status: 'COMPLETED', requirements: 1 },
  ],
};
const trace = (n: number, gap: boolean, coverage: number) => ({
  requirement: { ...REQ(n), source: n === 1 ? 'ac-1' : null },
  depth: 0,
  children: 0,
  tasks: { open: 1, closed: 2 },
  applications: [],
  source_controls: n === 1 ? ['ac-1'] : [],
  coverage,
  gap,
  evidence: n === 1 ? [{ id: 'd1', name: 'lockout-test.pdf' }] : [],
});

const base = {
  'GET /api/reports/status': { body: statusReport },
  'GET /api/reports/risks': { body: { kind: 'risks', title: 'Open risks', columns: [{ key: 'code', label: 'Requirement' }], rows: [] } },
  'GET /api/requirements/traceability': { body: [trace(1, false, 1), trace(2, true, 0.25)] },
  'GET /api/standards': { body: [] },
};

beforeEach(() => {
  signIn();
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ReportsScreen', () => {
  it('shows a report as a table and switches kinds', async () => {
    const { calls } = fakeApi(base);
    const { user } = renderScreen(<ReportsScreen route={route} />);
    const table = await screen.findByRole('table', { name: 'Requirements by status' });
    expect(within(table).getByRole('row', { name: /Draft/ })).toHaveTextContent('Draft3');
    // The preview keeps one height, loading or loaded, and scrolls by keyboard (issue 26 item 21).
    const preview = screen.getByRole('region', { name: 'Status report preview' });
    expect(preview).toContainElement(table);
    expect(preview).toHaveAttribute('tabindex', '0');
    expect(preview).toHaveStyle({ height: '22rem', overflowY: 'auto' });
    expect(calls.find((call) => call.path === '/api/reports/status')!.query).toEqual({ graph: 'core', format: 'json' });
    await user.selectOptions(screen.getByLabelText('Report'), 'risks');
    expect(await screen.findByText('Nothing to report')).toBeInTheDocument();
  });

  it('reads labels and MM/DD/YYYY days, not the API values, and the gaps with owner and assignee', async () => {
    const gaps = {
      kind: 'gaps',
      title: 'Gaps',
      columns: [
        { key: 'code', label: 'Requirement' },
        { key: 'target_date', label: 'Target date' },
        { key: 'status', label: 'Status' },
        { key: 'owner', label: 'Owner' },
        { key: 'assignee', label: 'Assignee' },
      ],
      rows: [{ code: 'AC-2', target_date: '2026-04-20', status: 'OPEN', owner: 'Ann Author (ann)', assignee: null }],
    };
    fakeApi({ ...base, 'GET /api/reports/status': { body: { ...statusReport, rows: [{ status: 'IN_REVIEW', requirements: 2 }] } }, 'GET /api/reports/gaps': { body: gaps } });
    const { user } = renderScreen(<ReportsScreen route={route} />);
    const table = await screen.findByRole('table', { name: 'Requirements by status' });
    expect(within(table).getByRole('row', { name: /In review/ })).toHaveTextContent('In review2');
    expect(table).not.toHaveTextContent('IN_REVIEW');
    await user.selectOptions(screen.getByLabelText('Report'), 'gaps');
    const gapTable = await screen.findByRole('table', { name: 'Gaps' });
    expect(within(gapTable).getByRole('row', { name: /AC-2/ })).toHaveTextContent('AC-204/20/2026OpenAnn Author (ann)—');
  });

  it('downloads the CSV and the PDF of a report', async () => {
    const { calls } = fakeApi({ ...base, 'GET /api/reports/status': ({ query }) => (query.format === 'json' ? { body: statusReport } : { body: 'status,requirements' }) });
    const { user } = renderScreen(<ReportsScreen route={route} />);
    await screen.findByRole('table', { name: 'Requirements by status' });
    await user.click(screen.getByRole('button', { name: 'Download Status report as CSV' }));
    await user.click(screen.getByRole('button', { name: 'Download Status report as PDF' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2));
    expect(calls.filter((call) => call.path === '/api/reports/status').map((call) => call.query.format)).toEqual(['json', 'csv', 'pdf']);
  });

  it('shows the traceability matrix with coverage bars and the gaps highlighted', async () => {
    fakeApi(base);
    renderScreen(<ReportsScreen route={route} />);
    const matrix = await screen.findByRole('table', { name: 'Traceability matrix' });
    expect(within(matrix).getByRole('progressbar', { name: 'Coverage of REQ-2' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(matrix).getByRole('row', { name: /REQ-2/ })).toHaveAttribute('data-gap', 'true');
    expect(within(matrix).getByRole('row', { name: /REQ-1/ })).not.toHaveAttribute('data-gap');
    // Its evidence: the shared files linked to the requirement.
    expect(within(matrix).getByRole('columnheader', { name: 'Evidence' })).toBeInTheDocument();
    expect(within(matrix).getByRole('row', { name: /REQ-1/ })).toHaveTextContent('lockout-test.pdf');
    expect(screen.getByRole('button', { name: 'Download traceability matrix as CSV' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 requirements have a gap.')).toBeInTheDocument();
    expect(screen.getByText('No standards imported')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find duplicates' })).toBeInTheDocument();
  });

  it('shows only the gaps when asked, a page of rows at a time', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => trace(index + 1, index % 2 === 1, index % 2 === 1 ? 0 : 1));
    fakeApi({ ...base, 'GET /api/requirements/traceability': { body: rows } });
    const { user } = renderScreen(<ReportsScreen route={route} />);
    const matrix = await screen.findByRole('table', { name: 'Traceability matrix' });
    expect(screen.getByText('125 of 250 requirements have a gap.')).toBeInTheDocument();
    expect(within(matrix).getAllByRole('row')).toHaveLength(201);
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(within(matrix).getAllByRole('row')).toHaveLength(251);
    await user.click(screen.getByRole('checkbox', { name: 'Only gaps' }));
    expect(within(matrix).getAllByRole('row')).toHaveLength(126);
    expect(within(matrix).getAllByRole('row').slice(1).every((row) => row.getAttribute('data-gap') === 'true')).toBe(true);
    expect(screen.queryByRole('button', { name: /more$/ })).not.toBeInTheDocument();
  });

  it('shows a failed report', async () => {
    fakeApi({ ...base, 'GET /api/reports/status': { status: 500, problem: { detail: 'Unable to process your request. Please try again later.' } } });
    renderScreen(<ReportsScreen route={route} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to process your request.');
  });
});
