import type { ComplianceSummary, ComplianceTrendPoint } from '@portal/shared/compliance';
import { screen, within } from '@testing-library/react';
import { NO_SUMMARY } from '../../testing/compliance';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen } from '../../testing/renderScreen';
import { signInEachTestAt } from '../../testing/session';
import { trendEnd, trendPath } from './charts';
import { ComplianceOverview, trendWords } from './ComplianceOverview';

/** 30 days ending 2026-11-30: no figure for the first 20, then `from` % for 5 days, then `to` %. */
function trend(from: number, to: number): ComplianceTrendPoint[] {
  return Array.from({ length: 30 }, (_, index) => ({ day: `2026-11-${String(index + 1).padStart(2, '0')}`, percentage: index < 20 ? null : index < 25 ? from : to }));
}
const tally = (passing: number, failing: number, notEvaluated: number, from: number) => {
  const requirements = passing + failing + notEvaluated;
  const percentage = Math.round((passing / requirements) * 1000) / 10;
  return { requirements, passing, failing, not_evaluated: notEvaluated, percentage, trend: trend(from, percentage) };
};
const SUMMARY: ComplianceSummary = {
  at: '2026-11-30T10:00:00.000Z',
  ...tally(3, 1, 1, 40),
  standards: [
    {
      standard: { id: 's1', title: 'NIST SP 800-53', version: '5.1.1' },
      ...tally(2, 1, 0, 50),
      families: [
        { family: { id: 'ra', code: 'RA', title: 'Risk Assessment' }, ...tally(1, 1, 0, 0) },
        { family: { id: 'cm', code: 'CM', title: 'Configuration Management' }, ...tally(1, 0, 0, 100) },
      ],
    },
    { standard: null, ...tally(1, 0, 1, 50), families: [{ family: { id: 'r9', code: 'REQ-9', title: 'Backups' }, ...tally(1, 0, 1, 50) }] },
  ],
};

signInEachTestAt('/dashboard');

describe("the dashboard's compliance", () => {
  it('shows the share passing of the process, each standard and each family, with their trends', async () => {
    fakeApi({ 'GET /api/compliance/summary': { body: SUMMARY } });
    const { user } = renderScreen(<ComplianceOverview graph="core" refreshMs={false} large={false} />);
    const section = await screen.findByRole('region', { name: 'Compliance' });
    expect(await within(section).findByTestId('compliance-percentage')).toHaveTextContent('60%');
    // What a day of the trend counts, said under it.
    expect(within(section).getByTestId('compliance-trend-help')).toHaveTextContent("a requirement whose checks were deleted counts on the days it had them");
    expect(section).toHaveTextContent('of the 5 requirements with checks pass (3 passing, 1 failing, 1 not evaluated).');
    expect(within(section).getByRole('img', { name: 'Compliance of the process over the last 30 days: from 40% on 11/21/2026 to 60% today' })).toBeInTheDocument();

    const nist = within(section).getByRole('region', { name: 'Compliance of NIST SP 800-53 5.1.1' });
    expect(within(nist).getByRole('heading', { name: 'NIST SP 800-53 5.1.1: 66.7%' })).toBeInTheDocument();
    const families = within(nist).getByRole('table', { name: 'Compliance of NIST SP 800-53 5.1.1 by family' });
    const rows = within(families).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 5))).toEqual([
      ['2', '1', '1', '0', '50%'],
      ['1', '1', '0', '0', '100%'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'RA Risk Assessment' })).toHaveAttribute('href', '/requirements?id=ra');
    expect(within(rows[0]).getByRole('img', { name: 'Compliance of RA over the last 30 days: from 0% on 11/21/2026 to 50% today' })).toBeInTheDocument();
    expect(within(section).getByRole('region', { name: 'Compliance of Requirements of no imported standard' })).toHaveTextContent('REQ-9 Backups');

    // The trend's days as a table (the chart's text alternative).
    await user.click(within(section).getByRole('button', { name: 'Show table of compliance of the process by day' }));
    const days = within(section).getByRole('table', { name: 'Compliance of the process by day' });
    expect(within(days).getAllByRole('row')).toHaveLength(31);
    expect(within(days).getAllByRole('row')[30]).toHaveTextContent('11/30/202660%');
    expect(within(days).getAllByRole('row')[1]).toHaveTextContent('11/01/2026—');
  });

  it('names the families without links on the read-only PRESENTATION view', async () => {
    fakeApi({ 'GET /api/compliance/summary': { body: SUMMARY } });
    renderScreen(<ComplianceOverview graph="core" refreshMs={false} large />);
    expect(await screen.findByRole('rowheader', { name: 'RA Risk Assessment' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when no requirement has checks, and shows a failed read', async () => {
    fakeApi({ 'GET /api/compliance/summary': { body: NO_SUMMARY } });
    const first = renderScreen(<ComplianceOverview graph="core" refreshMs={false} large={false} />);
    expect(await screen.findByText(/No requirement has automated checks yet/)).toBeInTheDocument();
    first.unmount();
    fakeApi({ 'GET /api/compliance/summary': { status: 503, problem: { detail: 'Service is not available at the moment. Please try again later.' } } });
    renderScreen(<ComplianceOverview graph="core" refreshMs={false} large={false} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service is not available');
  });
});

describe('the trend line', () => {
  it('draws the days with a figure, from 0 % at the bottom to 100 % at the top, broken where none', () => {
    expect(trendPath([{ percentage: 0 }, { percentage: 100 }], 100, 50)).toBe('M0,50L100,0');
    expect(trendPath([{ percentage: 50 }, { percentage: null }, { percentage: 50 }], 100, 50)).toBe('M0,25ZM100,25Z');
    expect(trendEnd([{ percentage: 50 }, { percentage: 80 }, { percentage: null }], 100, 50)).toEqual({ x: 50, y: 10 });
    expect(trendEnd([{ percentage: null }], 100, 50)).toBeNull();
    expect(trendWords([{ day: '2026-11-30', percentage: null }])).toBe('no figure yet');
    expect(trendWords([{ day: '2026-11-30', percentage: 75 }])).toBe('75% today');
  });
});
