import { screen, waitFor, within } from '@testing-library/react';
import { setPermissionChecker } from '@portal/shared';
import { fakeApi, noContent, ok, renderRoute, signInWith, testProcess, testSession, type FakeCall } from '@portal/shared/testing';
import type { CustomMetric, MetricReading, MetricsAnswer, MetricSeries } from '@portal/shared/operations';
import { MetricsScreen } from './MetricsScreen';

const DAY = 86_400_000;
const SNAPSHOT_AT = '2026-11-26T09:30:00.000Z';

/** The UTC date `days` days before today. */
function daysAgo(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * DAY).toISOString().slice(0, 10);
}

function reading(overrides: Partial<MetricReading>): MetricReading {
  return { key: 'overdue_tasks', title: 'Overdue tasks', unit: 'count', custom: false, values: [], ...overrides };
}

const metricsAnswer: MetricsAnswer = {
  graph: 'core',
  at: '2026-11-27T08:00:00.000Z',
  metrics: [
    reading({
      key: 'open_findings',
      title: 'Open findings',
      values: [
        { labels: { source: 'sbom', severity: 'critical' }, value: 3, previous: 2, previous_at: SNAPSHOT_AT },
        { labels: { source: 'sast', severity: 'high' }, value: 5, previous: 5, previous_at: SNAPSHOT_AT },
      ],
    }),
    reading({ key: 'vulnerable_components', title: 'Vulnerable components', values: [{ labels: {}, value: 4, previous: 4, previous_at: SNAPSHOT_AT }] }),
    reading({ key: 'mean_time_to_remediate_days', title: 'Mean time to remediate', unit: 'days', values: [{ labels: {}, value: null, previous: null, previous_at: null }] }),
    reading({ key: 'requirement_progress_percent', title: 'Requirement progress', unit: 'percent', values: [{ labels: {}, value: 42.5, previous: 40, previous_at: SNAPSHOT_AT }] }),
    reading({ key: 'overdue_tasks', title: 'Overdue tasks', values: [{ labels: {}, value: 1, previous: 3, previous_at: SNAPSHOT_AT }] }),
    reading({ key: 'recovery_point_age_minutes', title: 'Recovery point age', unit: 'minutes', values: [{ labels: {}, value: 90, previous: 0, previous_at: SNAPSHOT_AT }] }),
    reading({ key: 'custom.0b5c2a4e-9a43-4b5e-9d8e-0c1f7c2d3a11', title: 'Open critical findings', custom: true, values: [{ labels: {}, value: 2, previous: null, previous_at: null }] }),
  ],
};

/** open_findings: 8 from the current period's start, 12 since today; the period before ends at 10. */
function seriesOf(call: FakeCall): MetricSeries {
  const { from, to } = call.query as { from: string; to: string };
  const current = to === daysAgo(0);
  const points = current
    ? [
        { labels: { source: 'sbom', severity: 'critical' }, points: [{ at: `${from}T00:00:00.000Z`, value: 3 }, { at: `${to}T06:00:00.000Z`, value: 7 }] },
        { labels: { source: 'sast', severity: 'high' }, points: [{ at: `${from}T00:00:00.000Z`, value: 5 }] },
      ]
    : [{ labels: { source: 'sast', severity: 'high' }, points: [{ at: `${from}T00:00:00.000Z`, value: 10 }] }];
  return { key: 'open_findings', from: `${from}T00:00:00.000Z`, to: `${to}T23:59:59.999Z`, series: points };
}

const customMetric: CustomMetric = {
  id: '0b5c2a4e-9a43-4b5e-9d8e-0c1f7c2d3a11',
  key: 'custom.0b5c2a4e-9a43-4b5e-9d8e-0c1f7c2d3a11',
  name: 'Open critical findings',
  entity: 'findings',
  aggregate: 'count',
  filters: [
    { field: 'state', value: ['open', 'confirmed'] },
    { field: 'severity', value: 'critical' },
  ],
  created_at: SNAPSHOT_AT,
  updated_at: SNAPSHOT_AT,
};

const seriesCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/metrics/open_findings/series');

beforeEach(() => signInWith(testSession(), testProcess()));
afterEach(() => setPermissionChecker(null));

describe('the metrics screen (/metrics)', () => {
  it('shows the metrics as cards by group, each with its value and its change since the last snapshot', async () => {
    const { calls } = fakeApi({ 'GET /api/metrics': ok(metricsAnswer), 'GET /api/metrics/custom': ok([]) });
    renderRoute(MetricsScreen, '/metrics');
    const findings = await screen.findByRole('region', { name: 'Findings' });
    const open = within(findings).getByRole('button', { name: /^Open findings/ });
    expect(open).toHaveTextContent('8');
    expect(open).toHaveTextContent('+1 since 11/26/2026');
    expect(open).toHaveTextContent('sbom critical 3 · sast high 5');
    expect(within(screen.getByRole('region', { name: 'Components' })).getByRole('button')).toHaveTextContent('No change since 11/26/2026');
    const remediation = within(screen.getByRole('region', { name: 'Remediation' })).getByRole('button', { name: /^Mean time to remediate/ });
    expect(remediation).toHaveTextContent('—');
    expect(remediation).toHaveTextContent('No snapshot yet');
    expect(within(screen.getByRole('region', { name: 'Requirements' })).getByRole('button')).toHaveTextContent('42.5%+2.5 points since 11/26/2026');
    expect(within(screen.getByRole('region', { name: 'Tasks' })).getByRole('button')).toHaveTextContent('1−2 since 11/26/2026');
    expect(within(screen.getByRole('region', { name: 'Disaster recovery' })).getByRole('button')).toHaveTextContent('Recovery point age90 minutes+90 minutes since 11/26/2026');
    expect(within(screen.getByRole('region', { name: 'Custom' })).getByRole('button')).toHaveTextContent('Open critical findings2No snapshot yet');
    expect(calls.find((call) => call.path === '/api/metrics')?.query).toEqual({ graph: 'core' });
    expect(screen.getByText('Choose a metric to see it over time.')).toBeInTheDocument();
  });

  it('shows the custom metrics only once the readings are in, so that the cards do not push them down the page', async () => {
    fakeApi({ 'GET /api/metrics': ok(metricsAnswer), 'GET /api/metrics/custom': ok([]) });
    const answer = globalThis.fetch;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/metrics') await held;
      return answer(input, init);
    }) as typeof fetch;
    renderRoute(MetricsScreen, '/metrics');
    expect(await screen.findByText('Loading the metrics…')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Custom metrics' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('region', { name: 'Custom metrics' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Findings' })).toBeInTheDocument();
  });

  it("shows a chosen metric's series over the range against the period before, in a figure and in words, and reads another range", async () => {
    const { calls } = fakeApi({ 'GET /api/metrics': ok(metricsAnswer), 'GET /api/metrics/custom': ok([]), 'GET /api/metrics/open_findings/series': (call) => ok(seriesOf(call)) });
    const { user } = renderRoute(MetricsScreen, '/metrics');
    await user.click(await screen.findByRole('button', { name: /^Open findings/ }));
    expect(screen.getByRole('button', { name: /^Open findings/ })).toHaveAttribute('aria-pressed', 'true');
    const chart = await screen.findByRole('region', { name: 'Open findings over time' });
    const summary = `Open findings went from 8 on ${daysAgo(29)} to 12 on ${daysAgo(0)}. +20% against 10 at the end of the 30 days before.`;
    expect(await within(chart).findByText(summary)).toBeInTheDocument();
    expect(within(chart).getByRole('img')).toHaveAttribute('aria-label', summary);
    // The last 30 days up to today, and the 30 days before them.
    expect(seriesCalls(calls).map((call) => call.query)).toEqual(
      expect.arrayContaining([
        { graph: 'core', from: daysAgo(29), to: daysAgo(0) },
        { graph: 'core', from: daysAgo(59), to: daysAgo(30) },
      ]),
    );
    const points = within(chart).getByRole('table', { name: 'Points of Open findings' });
    expect(within(points).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([`${daysAgo(29)}8`, `${daysAgo(0)}12`]);

    await user.selectOptions(within(chart).getByLabelText('Range'), '7');
    await waitFor(() => expect(seriesCalls(calls).some((call) => call.query.from === daysAgo(6) && call.query.to === daysAgo(0))).toBe(true));
    expect(seriesCalls(calls).some((call) => call.query.from === daysAgo(13) && call.query.to === daysAgo(7))).toBe(true);
    expect(await within(chart).findByText(`Open findings went from 8 on ${daysAgo(6)} to 12 on ${daysAgo(0)}. +20% against 10 at the end of the 7 days before.`)).toBeInTheDocument();
  });

  it("exports the chosen metric's series of the range as CSV, and says why when it fails", async () => {
    URL.createObjectURL = jest.fn(() => 'blob:portal/1');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = fakeApi({
      'GET /api/metrics': ok(metricsAnswer),
      'GET /api/metrics/custom': ok([]),
      'GET /api/metrics/open_findings/series': (call) => ok(seriesOf(call)),
      'GET /api/metrics/open_findings/series.csv': [
        { status: 200, body: 'at,source,severity,value\r\n', contentType: 'text/csv', headers: { 'content-disposition': 'attachment; filename="open_findings.csv"' } },
        { status: 400, problem: { detail: 'The range must be 7 to 366 days.' } },
      ],
    });
    const { user } = renderRoute(MetricsScreen, '/metrics', '/metrics?metric=open_findings');
    const chart = await screen.findByRole('region', { name: 'Open findings over time' });
    await user.click(within(chart).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/api/metrics/open_findings/series.csv')?.query).toEqual({ graph: 'core', from: daysAgo(29), to: daysAgo(0) });
    await user.click(within(chart).getByRole('button', { name: 'Export CSV' }));
    expect(await within(chart).findByRole('alert')).toHaveTextContent('The range must be 7 to 366 days.');
    click.mockRestore();
  });

  it('says so when the metrics cannot be read, and offers to try again', async () => {
    fakeApi({ 'GET /api/metrics': [{ status: 500, problem: { detail: 'The database is not answering.' } }, ok({ ...metricsAnswer, metrics: [] })], 'GET /api/metrics/custom': ok([]) });
    const { user } = renderRoute(MetricsScreen, '/metrics');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
    await user.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByText('No metrics yet')).toBeInTheDocument();
    expect(screen.getByText('No custom metric yet')).toBeInTheDocument();
  });
});

describe('custom metrics', () => {
  it('creates a custom metric from the form, showing the API’s 400 at its field', async () => {
    const created: CustomMetric = { ...customMetric, id: '1c6d3b5f-0b54-4c6f-8e9f-1d2a8d3e4b22', key: 'custom.1c6d3b5f-0b54-4c6f-8e9f-1d2a8d3e4b22', name: 'Age of open tool findings', aggregate: 'avg', field: 'age_days', filters: [{ field: 'tool', value: ['semgrep', 'gitleaks'] }] };
    const { calls } = fakeApi({
      'GET /api/metrics': ok(metricsAnswer),
      'GET /api/metrics/custom': [ok([]), ok([created])],
      'POST /api/metrics/custom': [
        { status: 400, problem: { detail: "The value of the filter on 'tool' must be a text, or a list of 1 to 50 texts, each 1 to 300 characters.", errors: [{ field: 'filters[0].value', message: "The value of the filter on 'tool' must be a text, or a list of 1 to 50 texts, each 1 to 300 characters." }] } },
        ok(created, 201),
      ],
    });
    const { user } = renderRoute(MetricsScreen, '/metrics');
    await user.click(await screen.findByRole('button', { name: 'New custom metric' }));
    const form = await screen.findByRole('form', { name: 'New custom metric' });
    await user.type(within(form).getByLabelText(/^Name/), 'Age of open tool findings');
    await user.selectOptions(within(form).getByLabelText('Aggregate'), 'avg');
    expect(within(form).getByLabelText('Field')).toHaveValue('age_days');
    await user.click(within(form).getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(within(form).getByLabelText('Filter 1 field'), 'tool');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    expect(await within(form).findByText("The value of the filter on 'tool' must be a text, or a list of 1 to 50 texts, each 1 to 300 characters.")).toBeInTheDocument();
    expect(within(form).getByLabelText('Filter 1 value')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Age of open tool findings', entity: 'findings', aggregate: 'avg', field: 'age_days', filters: [{ field: 'tool', value: [] }] });

    await user.type(within(form).getByLabelText('Filter 1 value'), 'semgrep, gitleaks');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New custom metric' })).toBeNull());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({ name: 'Age of open tool findings', entity: 'findings', aggregate: 'avg', field: 'age_days', filters: [{ field: 'tool', value: ['semgrep', 'gitleaks'] }] });
    expect(posts.at(-1)?.query).toEqual({ graph: 'core' });
    const list = screen.getByRole('region', { name: 'Custom metrics' });
    expect(await within(list).findByText('Age of open tool findings')).toBeInTheDocument();
    expect(list).toHaveTextContent('Average age days of findings where tool is one of semgrep, gitleaks');
  });

  it('shows a name the process already has (409) at the name, and an average only for an entity with a numeric field', async () => {
    fakeApi({
      'GET /api/metrics': ok(metricsAnswer),
      'GET /api/metrics/custom': ok([customMetric]),
      'POST /api/metrics/custom': { status: 409, problem: { detail: "The process already has a custom metric named 'Open critical findings'." } },
    });
    const { user } = renderRoute(MetricsScreen, '/metrics');
    await user.click(await screen.findByRole('button', { name: 'New custom metric' }));
    const form = await screen.findByRole('form', { name: 'New custom metric' });
    await user.selectOptions(within(form).getByLabelText('Entity'), 'applications');
    expect(within(within(form).getByLabelText('Aggregate')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Count']);
    await user.type(within(form).getByLabelText(/^Name/), 'Open critical findings');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText("The process already has a custom metric named 'Open critical findings'.")).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a custom metric with its filters as they were', async () => {
    const { calls } = fakeApi({ 'GET /api/metrics': ok(metricsAnswer), 'GET /api/metrics/custom': ok([customMetric]), [`PUT /api/metrics/custom/${customMetric.id}`]: ok(customMetric) });
    const { user } = renderRoute(MetricsScreen, '/metrics');
    await user.click(await screen.findByRole('button', { name: 'Edit Open critical findings' }));
    const form = await screen.findByRole('form', { name: 'Edit Open critical findings' });
    expect(within(form).getByRole('checkbox', { name: 'confirmed' })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'high' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Open critical findings',
      entity: 'findings',
      aggregate: 'count',
      filters: [
        { field: 'state', value: ['open', 'confirmed'] },
        { field: 'severity', value: ['critical', 'high'] },
      ],
    });
  });

  it('deletes a custom metric only once confirmed', async () => {
    const { calls, mutations } = fakeApi({
      'GET /api/metrics': ok(metricsAnswer),
      'GET /api/metrics/custom': [ok([customMetric]), ok([])],
      [`DELETE /api/metrics/custom/${customMetric.id}`]: noContent(),
    });
    const { user } = renderRoute(MetricsScreen, '/metrics');
    await user.click(await screen.findByRole('button', { name: 'Delete Open critical findings' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete custom metric' });
    expect(dialog).toHaveTextContent('Delete Open critical findings? Its values over time go with it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mutations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Open critical findings' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete custom metric' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No custom metric yet')).toBeInTheDocument();
    expect(mutations()).toEqual([expect.objectContaining({ method: 'DELETE', path: `/api/metrics/custom/${customMetric.id}`, query: { graph: 'core' } })]);
    // The cards are read again: the custom metric's card goes with it.
    expect(calls.filter((call) => call.path === '/api/metrics').length).toBeGreaterThan(1);
  });

  it('shows New, Edit and Delete only with their permissions, and no custom metrics without list=>Metric', async () => {
    setPermissionChecker((permission) => permission !== 'create=>Metric' && permission !== 'delete=>Metric');
    fakeApi({ 'GET /api/metrics': ok(metricsAnswer), 'GET /api/metrics/custom': ok([customMetric]) });
    const { unmount } = renderRoute(MetricsScreen, '/metrics');
    expect(await screen.findByRole('button', { name: 'Edit Open critical findings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New custom metric' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Open critical findings' })).toBeNull();
    unmount();

    setPermissionChecker((permission) => permission !== 'list=>Metric');
    const { calls } = fakeApi({ 'GET /api/metrics': ok(metricsAnswer) });
    renderRoute(MetricsScreen, '/metrics');
    expect(await screen.findByRole('region', { name: 'Findings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Custom metrics' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/metrics/custom')).toBe(false);
  });
});
