import { history, sessionStore, setPermissionChecker } from '@portal/shared';
import { fakeApi, renderScreen, routeOf } from '@portal/shared/testing';
import type { Backup, BackupList, RecoverySettingsView } from '@portal/shared/recovery';
import { screen, waitFor, within } from '@testing-library/react';
import { adminForEachTest } from '../../../testing/sessions';
import { ProcessSettingsScreen } from './ProcessSettingsScreen';

const route = routeOf('/projects/settings');
const demo = { id: 'p1', code_name: 'DEMO', name: 'Demo Requirements', type: 'REQUIREMENTS', dashboard_type: 'LIVE' } as const;
const settings: RecoverySettingsView = {
  schedule: '0 2 * * *',
  retention_count: 7,
  retention_days: 30,
  target: 'folder',
  folder: null,
  s3_bucket: null,
  s3_prefix: null,
  encrypted: false,
  rpo_minutes: 1440,
  encryption_available: true,
  s3_available: false,
  next_run_at: '2030-06-02T02:00:00.000Z',
  updated_at: '2030-06-01T08:00:00.000Z',
};
const good: Backup = {
  id: 'b1',
  trigger: 'scheduled',
  status: 'succeeded',
  target: 'folder',
  format_version: 1,
  encrypted: true,
  size: 3 * 1024 * 1024,
  sha256: 'ab'.repeat(32),
  counts: { requirements: 12 },
  error: null,
  started_at: '2030-06-01T02:00:00.000Z',
  finished_at: '2030-06-01T02:00:03.000Z',
  duration_ms: 2500,
  progress: null,
  verified_at: null,
  verify_result: null,
};
const list: BackupList = { items: [good], recovery_point: { newest_good_at: good.finished_at, age_minutes: 360, objective_minutes: 1440, exceeded: false } };
const reads = {
  'GET /api/projects': { body: [demo] },
  'GET /api/projects/DEMO/moduleConfiguration': { body: { code: true, requirement: true, num_of_projects: 5, num_of_users: -1, num_of_apps: 20 } },
  'GET /api/projects/notificationSettings': { body: { settings: {} } },
  'GET /api/recovery/settings': { body: settings },
  'GET /api/recovery/backups': { body: list },
};

const snackbars = adminForEachTest();
beforeEach(() => {
  sessionStore.setProcess({ id: demo.id, code_name: demo.code_name });
  history.replace('/projects/settings');
});

const section = () => screen.getByRole('region', { name: 'Disaster recovery' });

describe('Process Settings → Disaster recovery', () => {
  it('shows the recovery point, the history with size, duration, checksum and result, and the settings', async () => {
    const { calls } = fakeApi(reads);
    renderScreen(<ProcessSettingsScreen route={route} />);
    const point = await within(await screen.findByRole('region', { name: 'Disaster recovery' })).findByRole('status', { name: 'Recovery point' });
    expect(point).toHaveTextContent('The newest good backup is 6 hours old (objective 24 hours).');
    const table = within(section()).getByRole('table', { name: 'Backups' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Scheduled');
    expect(row).toHaveTextContent('Succeeded');
    expect(row).toHaveTextContent('3.0 MB');
    expect(row).toHaveTextContent('2.5 s');
    expect(row).toHaveTextContent('abababababab…');
    expect(await within(section()).findByLabelText(/^Schedule/)).toHaveValue('0 2 * * *');
    expect(within(section()).getByLabelText(/^Recovery point objective/)).toHaveValue('1440');
    expect(calls.find((call) => call.path === '/api/recovery/backups')?.query).toEqual({ graph: 'demo' });
  });

  it('says when the objective is exceeded and there is no good backup', async () => {
    fakeApi({ ...reads, 'GET /api/recovery/backups': { body: { items: [], recovery_point: { newest_good_at: null, age_minutes: null, objective_minutes: 60, exceeded: true } } } });
    renderScreen(<ProcessSettingsScreen route={route} />);
    expect(await screen.findByRole('status', { name: 'Recovery point' })).toHaveTextContent('No good backup yet (objective 1 hour).');
    expect(within(section()).getByText('No backups yet.')).toBeInTheDocument();
  });

  it('saves the settings, and shows the API’s refusal by the field', async () => {
    const { mutations } = fakeApi({
      ...reads,
      'PUT /api/recovery/settings': { status: 400, problem: { detail: 'Must be a cron expression of five fields.', errors: [{ field: 'schedule', message: 'Must be a cron expression of five fields.' }] } },
    });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    const schedule = await within(await screen.findByRole('region', { name: 'Disaster recovery' })).findByLabelText(/^Schedule/);
    await user.clear(schedule);
    await user.type(schedule, 'every night');
    await user.click(within(section()).getByRole('checkbox', { name: /Encrypt backups/ }));
    await user.click(within(section()).getByRole('button', { name: 'Save backup settings' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect((await within(section()).findAllByText(/Must be a cron expression/)).length).toBeGreaterThan(0);
    expect(mutations()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/recovery/settings',
        // null fields are dropped by the client: absent means the default, as null does.
        body: { schedule: 'every night', retention_count: 7, retention_days: 30, target: 'folder', encrypted: true, rpo_minutes: 1440 },
      }),
    ]);
  });

  it('backs up now and shows the running backup’s progress', async () => {
    const running: Backup = { ...good, id: 'b2', trigger: 'manual', status: 'running', size: null, sha256: null, duration_ms: null, finished_at: null, progress: 40, started_at: '2030-06-01T08:00:00.000Z' };
    const { mutations } = fakeApi({ ...reads, 'POST /api/recovery/backups': { status: 202, body: running } });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    await user.click(await within(await screen.findByRole('region', { name: 'Disaster recovery' })).findByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(snackbars).toEqual(['Backup started.']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/recovery/backups', query: { graph: 'demo' } })]);
  });

  it('shows a running backup’s progress in the history', async () => {
    const running: Backup = { ...good, id: 'b2', trigger: 'manual', status: 'running', size: null, sha256: null, duration_ms: null, finished_at: null, progress: 40 };
    fakeApi({ ...reads, 'GET /api/recovery/backups': { body: { ...list, items: [running, good] } } });
    renderScreen(<ProcessSettingsScreen route={route} />);
    expect(await within(await screen.findByRole('region', { name: 'Disaster recovery' })).findByText('Running… 40%')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Back up now' })).toBeDisabled();
  });

  const restored = { status: 201, body: { process: { id: 'p9', code_name: 'demo-copy', name: 'Copy' }, counts: {} } };
  const openRestore = async (user: ReturnType<typeof renderScreen>['user']) => {
    await user.click(await within(await screen.findByRole('region', { name: 'Disaster recovery' })).findByRole('button', { name: /^Restore the backup of/ }));
    return screen.findByRole('alertdialog', { name: 'Restore into a new process' });
  };

  it("restores an organization admin's backup into a new process of her organization, without an organization picker", async () => {
    setPermissionChecker((check) => check !== 'create=>Organization@global');
    const { mutations } = fakeApi({ ...reads, 'POST /api/recovery/backups/b1/restore': restored });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    const dialog = await openRestore(user);
    expect(within(dialog).queryByRole('combobox', { name: /^Organization/ })).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Code name of the new process/), 'demo-copy');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Copy');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(snackbars).toEqual(['Restored into the new process demo-copy.']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/recovery/backups/b1/restore', body: { code_name: 'demo-copy', name: 'Copy' } })]);
  });

  it('lets a Global Admin pick the organization the new process goes to', async () => {
    const organizations = [
      { id: 'o1', name: 'Acme Corp' },
      { id: 'o2', name: 'Globex' },
    ];
    const { mutations } = fakeApi({ ...reads, 'GET /api/organizations': { body: organizations }, 'POST /api/recovery/backups/b1/restore': restored });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    const dialog = await openRestore(user);
    const picker = await within(dialog).findByRole('combobox', { name: /^Organization/ });
    // Their own organization first.
    expect(picker).toHaveValue('o1');
    await user.selectOptions(picker, 'o2');
    await user.type(within(dialog).getByLabelText(/^Code name of the new process/), 'demo-copy');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(snackbars).toEqual(['Restored into the new process demo-copy.']));
    expect(mutations()).toEqual([expect.objectContaining({ path: '/api/recovery/backups/b1/restore', body: { code_name: 'demo-copy', organization_id: 'o2' } })]);
  });

  it("shows the API's 404 for another organization in the dialog and keeps it open", async () => {
    fakeApi({
      ...reads,
      'GET /api/organizations': { body: [{ id: 'o1', name: 'Acme Corp' }, { id: 'o2', name: 'Globex' }] },
      'POST /api/recovery/backups/b1/restore': { status: 404, body: { type: 'about:blank', title: 'Not Found', status: 404, detail: 'There is no such organization, or you may not create processes in it.' } },
    });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    const dialog = await openRestore(user);
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Organization/ }), 'o2');
    await user.type(within(dialog).getByLabelText(/^Code name of the new process/), 'demo-copy');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText('The requested resource does not exist.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeEnabled();
    expect(snackbars).toEqual([]);
  });

  it('verifies a backup and deletes one after the confirmation', async () => {
    const { mutations } = fakeApi({
      ...reads,
      'POST /api/recovery/backups/b1/verify': { body: { ok: true, result: 'ok', verified_at: '2030-06-01T09:00:00.000Z' } },
      'DELETE /api/recovery/backups/b1': { status: 204 },
    });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    await user.click(await within(await screen.findByRole('region', { name: 'Disaster recovery' })).findByRole('button', { name: /^Verify the backup of/ }));
    await waitFor(() => expect(snackbars).toEqual(['The backup is intact.']));
    await user.click(within(section()).getByRole('button', { name: /^Delete the backup of/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete backup' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type 'delete' to confirm"), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(snackbars).toEqual(['The backup is intact.', 'Backup deleted.']));
    expect(mutations().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/recovery/backups/b1/verify', 'DELETE /api/recovery/backups/b1']);
  });

  it('is not shown to a member without view=>DisasterRecovery, and a viewer has no actions', async () => {
    setPermissionChecker((check) => check !== 'view=>DisasterRecovery');
    fakeApi(reads);
    renderScreen(<ProcessSettingsScreen route={route} />);
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Disaster recovery' })).toBeNull();
  });

  it('gives a viewer the history and the recovery point without actions', async () => {
    setPermissionChecker((check) => check === 'view=>DisasterRecovery' || check === 'view=>Process');
    fakeApi(reads);
    renderScreen(<ProcessSettingsScreen route={route} />);
    expect(await within(await screen.findByRole('region', { name: 'Disaster recovery' })).findByRole('status', { name: 'Recovery point' })).toBeInTheDocument();
    expect(within(section()).queryByRole('button', { name: 'Back up now' })).toBeNull();
    expect(within(section()).queryByRole('button', { name: /^Restore the backup/ })).toBeNull();
    expect(within(section()).queryByRole('button', { name: /^Delete the backup/ })).toBeNull();
    expect(within(section()).queryByRole('button', { name: 'Save backup settings' })).toBeNull();
  });
});
