import { screen, waitFor, within } from '@testing-library/react';
import { setPermissionChecker } from '@portal/shared';
import { fakeApi, ok, renderRoute, signInWith, testProcess, testSession } from '@portal/shared/testing';
import type { Alarm, MetricsAnswer } from '@portal/shared/operations';
import { history } from '@portal/shared';
import { AlarmScreen, AlarmsScreen } from './AlarmsScreen';

function alarm(overrides: Partial<Alarm> = {}): Alarm {
  return {
    id: 'a1',
    process: 'core',
    name: 'Critical SAST findings',
    metric_key: 'open_findings',
    labels: { source: 'sast', severity: 'critical' },
    comparator: '>',
    threshold: 0,
    for_minutes: 10,
    severity: 'high',
    user_ids: ['u-ada'],
    workgroup_ids: [],
    webhook_url: null,
    webhook_secret_set: false,
    state: 'ok',
    value: 0,
    condition_since: null,
    last_change_at: null,
    created_at: '2026-11-27T08:00:00.000Z',
    updated_at: '2026-11-27T08:00:00.000Z',
    ...overrides,
  };
}

const METRICS: MetricsAnswer = {
  graph: 'core',
  at: '2026-11-27T08:00:00.000Z',
  metrics: [
    {
      key: 'open_findings',
      title: 'Open findings',
      unit: 'findings',
      custom: false,
      values: [
        { labels: { source: 'sast', severity: 'critical' }, value: 2, previous: null, previous_at: null },
        { labels: { source: 'sbom', severity: 'high' }, value: 5, previous: null, previous_at: null },
      ],
    },
    { key: 'overdue_tasks', title: 'Overdue tasks', unit: 'tasks', custom: false, values: [{ labels: {}, value: 1, previous: null, previous_at: null }] },
  ],
};

beforeEach(() => signInWith(testSession(), testProcess()));
afterEach(() => setPermissionChecker(null));

describe('the alarms list (/alarms)', () => {
  it('lists the alarms, the firing ones first, with state, rule, value and last change', async () => {
    fakeApi({
      'GET /api/alarms': ok([alarm(), alarm({ id: 'a2', name: 'Overdue tasks', metric_key: 'overdue_tasks', labels: {}, comparator: '>=', threshold: 3, for_minutes: 0, state: 'firing', value: 4, last_change_at: '2026-11-27T07:30:00.000Z' })]),
    });
    renderRoute(AlarmsScreen, '/alarms');
    const table = await screen.findByRole('table', { name: 'Alarms' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Overdue tasksFiringoverdue_tasks (all) >= 3 at once4');
    expect(rows[0]).toHaveTextContent('2026-11-27 07:30');
    expect(rows[1]).toHaveTextContent('Critical SAST findingsOKopen_findings (source=sast, severity=critical) > 0 for 10 minutes');
    expect(within(rows[0]!).getByRole('link', { name: 'Overdue tasks' })).toHaveAttribute('href', '/alarms/a2');
  });

  it('creates an alarm on a chosen series, previews it, shows the API refusal at its field, and opens the new alarm', async () => {
    const { calls } = fakeApi({
      'GET /api/alarms': ok([]),
      'GET /api/metrics': ok(METRICS),
      'GET /api/users/assignees': ok([{ id: 'u-ada', login_id: 'ada', name: 'Ada Author' }]),
      'GET /api/workgroups': ok([{ id: 'w1', name: 'Security team' }]),
      'POST /api/alarms/preview': ok({ days: 30, from: '2026-10-28T00:00:00.000Z', to: '2026-11-27T08:00:00.000Z', fired: 2, intervals: [{ from: '2026-11-01T10:00:00.000Z', to: '2026-11-02T09:00:00.000Z' }, { from: '2026-11-20T10:00:00.000Z', to: null }], summary: 'would have fired 2 times in the last 30 days' }),
      'POST /api/alarms': [
        { status: 400, problem: { detail: "'threshold' must be a number.", errors: [{ field: 'threshold', message: "'threshold' must be a number." }] } },
        ok(alarm({ id: 'a9', name: 'Critical SAST' })),
      ],
      'GET /api/alarms/a9': ok(alarm({ id: 'a9', name: 'Critical SAST' })),
      'GET /api/alarms/a9/history': ok({ items: [], total: 0, offset: 0, limit: 100 }),
    });
    const { user } = renderRoute(AlarmsScreen, '/alarms');
    expect(await screen.findByText('No alarms yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New alarm' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alarm' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Critical SAST');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Metric' })).toHaveTextContent('Open findings'));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Metric' }), 'open_findings');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Series' }), JSON.stringify({ source: 'sast', severity: 'critical' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Security team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview the last 30 days' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Would have fired 2 times in the last 30 days.');
    expect(within(dialog).getByRole('list', { name: 'Would have fired' })).toHaveTextContent('2026-11-20 10:00 → still firing');

    await user.click(within(dialog).getByRole('button', { name: 'Create alarm' }));
    expect(await within(dialog).findByText("'threshold' must be a number.")).toBeInTheDocument();
    const posted = calls.filter((call) => call.method === 'POST' && call.path === '/api/alarms');
    expect(posted[0]?.body).toEqual({
      name: 'Critical SAST',
      metric_key: 'open_findings',
      labels: { source: 'sast', severity: 'critical' },
      comparator: '>',
      threshold: 0,
      for_minutes: 0,
      severity: 'high',
      user_ids: [],
      workgroup_ids: ['w1'],
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create alarm' }));
    await waitFor(() => expect(history.location.pathname).toBe('/alarms/a9'));
  });

  it('offers no New alarm without the permission to create one', async () => {
    setPermissionChecker((permission) => permission !== 'create=>Alarm');
    fakeApi({ 'GET /api/alarms': ok([]) });
    renderRoute(AlarmsScreen, '/alarms');
    expect(await screen.findByText('No alarms yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New alarm' })).toBeNull();
  });
});

describe('one alarm (/alarms/:id)', () => {
  it('shows the firing alarm and its history; Acknowledge needs a note and is sent', async () => {
    const firing = alarm({ state: 'firing', value: 3, condition_since: '2026-11-27T07:00:00.000Z', last_change_at: '2026-11-27T07:10:00.000Z' });
    const { calls } = fakeApi({
      'GET /api/alarms/a1': [ok(firing), ok({ ...firing, state: 'acknowledged' })],
      'GET /api/alarms/a1/history': ok({
        items: [
          { id: 'e2', from: 'pending', to: 'firing', value: 3, at: '2026-11-27T07:10:00.000Z', note: null, by: null },
          { id: 'e1', from: 'ok', to: 'pending', value: 3, at: '2026-11-27T07:00:00.000Z', note: null, by: null },
        ],
        total: 2,
        offset: 0,
        limit: 100,
      }),
      'POST /api/alarms/a1/acknowledge': ok({ ...firing, state: 'acknowledged' }),
    });
    const { user } = renderRoute(AlarmScreen, '/alarms/:id', '/alarms/a1');
    expect(await screen.findByRole('heading', { name: 'Alarm Critical SAST findings' })).toBeInTheDocument();
    expect(screen.getByText('Firing')).toBeInTheDocument();
    const events = await within(screen.getByRole('region', { name: 'History' })).findAllByRole('listitem');
    expect(events.map((event) => event.textContent)).toEqual(['2026-11-27 07:10: Pending → Firing at 3', '2026-11-27 07:00: OK → Pending at 3']);

    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge Critical SAST findings' });
    expect(within(dialog).getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Note/ }), 'Fix in review.');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ note: 'Fix in review.' });
    expect(await screen.findByText('Acknowledged')).toBeInTheDocument();
  });

  it('deletes after a confirmation, back to the list', async () => {
    const { calls } = fakeApi({
      'GET /api/alarms/a1': ok(alarm()),
      'GET /api/alarms/a1/history': ok({ items: [], total: 0, offset: 0, limit: 100 }),
      'DELETE /api/alarms/a1': { status: 204 },
      'GET /api/alarms': ok([]),
    });
    const { user } = renderRoute(AlarmScreen, '/alarms/:id', '/alarms/a1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Critical SAST findings?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(history.location.pathname).toBe('/alarms'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/alarms/a1')).toBe(true);
  });
});
