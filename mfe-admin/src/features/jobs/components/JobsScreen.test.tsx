import { bus, JOB_MESSAGES, setPermissionChecker, STATUS_MESSAGES, type JobKindView, type JobsOverview } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, noContent, ok, problem, renderScreen, routeOf } from '@portal/shared/testing';
import { JOBS_REFRESH_MS } from '../api/jobs';
import { JobsScreen } from './JobsScreen';

const failure = {
  id: 'job-1',
  error: 'the OSV feed answered 503',
  attempts: 3,
  failed_at: '2026-11-27T10:00:00Z',
  payload: { feed: 'osv' },
};
const imports: JobKindView = {
  kind: 'advisory-imports',
  queued: 2,
  running: 1,
  failed: 1,
  completed_last_hour: 4,
  average_seconds: 0.25,
  max_seconds: 75,
  dead_letters: [failure],
};
const dueDates: JobKindView = { kind: 'due-dates', queued: 0, running: 0, failed: 0, completed_last_hour: 0, average_seconds: 0, max_seconds: 0, dead_letters: [] };
const overview = (...kinds: JobKindView[]): JobsOverview => ({ kinds });
const healthy = overview({ ...imports, failed: 0, dead_letters: [] }, dueDates);

const open = () => renderScreen(<JobsScreen route={routeOf('/administration/global/jobs')} />, { location: '/administration/global/jobs' });

const cellsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent));

afterEach(() => setPermissionChecker(null));

describe('JobsScreen', () => {
  it('shows each kind with its counts and durations, and the failed jobs with their error', async () => {
    fakeApi({ 'GET /api/jobs': ok(overview(imports, dueDates)) });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading background jobs…');
    const kinds = await screen.findByRole('table', { name: 'Kinds of job' });
    expect(cellsOf(kinds)).toEqual([
      ['advisory-imports', '2', '1', '1', '4', '250 ms', '1 min 15 s'],
      ['due-dates', '0', '0', '0', '0', '—', '—'],
    ]);
    const failed = screen.getByRole('table', { name: 'Failed advisory-imports jobs' });
    expect(cellsOf(failed)).toEqual([[new Date(failure.failed_at).toLocaleString(), '3', 'the OSV feed answered 503', '{"feed":"osv"}', 'RetryDiscard']]);
  });

  it('says so when no job failed', async () => {
    fakeApi({ 'GET /api/jobs': ok(healthy) });
    open();
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('retries a failed job and shows the queue read again', async () => {
    const { mutations } = fakeApi({ 'GET /api/jobs': [ok(overview(imports, dueDates)), ok(healthy)], 'POST /api/jobs/advisory-imports/failed/job-1/retry': noContent() });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: `Retry the advisory-imports job failed at ${new Date(failure.failed_at).toLocaleString()}` }));
    await waitFor(() => expect(snackbars).toEqual(['The advisory-imports job is queued again.']));
    expect(mutations()).toEqual([{ method: 'POST', path: '/api/jobs/advisory-imports/failed/job-1/retry', query: {}, body: undefined }]);
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
  });

  it('discards a failed job only once confirmed', async () => {
    const { mutations } = fakeApi({ 'GET /api/jobs': [ok(overview(imports, dueDates)), ok(healthy)], 'DELETE /api/jobs/advisory-imports/failed/job-1': noContent() });
    const { user, snackbars } = open();
    const discard = await screen.findByRole('button', { name: /^Discard the advisory-imports job/ });
    await user.click(discard);
    let dialog = await screen.findByRole('alertdialog', { name: 'Discard failed job' });
    expect(dialog).toHaveTextContent('The failed advisory-imports job will be removed and never run again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mutations()).toEqual([]);

    await user.click(discard);
    dialog = await screen.findByRole('alertdialog', { name: 'Discard failed job' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(snackbars).toEqual(['The failed advisory-imports job is discarded.']));
    expect(mutations()).toEqual([{ method: 'DELETE', path: '/api/jobs/advisory-imports/failed/job-1', query: {}, body: undefined }]);
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument();
  });

  it("shows a refused retry as the Error notice (spec 8: the catalogue's message of the status)", async () => {
    const notices: string[] = [];
    const onNotice = ({ message }: { message: string }) => notices.push(message);
    bus.on('notice:show', onNotice);
    try {
      fakeApi({
        'GET /api/jobs': ok(overview(imports)),
        'POST /api/jobs/advisory-imports/failed/job-1/retry': problem(404, JOB_MESSAGES.noDeadLetter),
      });
      const { user } = open();
      await user.click(await screen.findByRole('button', { name: /^Retry the advisory-imports job/ }));
      await waitFor(() => expect(notices).toEqual([STATUS_MESSAGES[404]]));
    } finally {
      bus.off('notice:show', onNotice);
    }
  });

  it('offers no Retry or Discard without the permission to act', async () => {
    setPermissionChecker((permission) => permission !== 'configureModules=>Organization@global');
    fakeApi({ 'GET /api/jobs': ok(overview(imports)) });
    open();
    const failed = await screen.findByRole('table', { name: 'Failed advisory-imports jobs' });
    expect(within(failed).queryByRole('button')).not.toBeInTheDocument();
    expect(within(failed).getByText('the OSV feed answered 503')).toBeInTheDocument();
  });

  it('reads the queue again every 10 seconds while open', async () => {
    fakeApi({ 'GET /api/jobs': ok(healthy) });
    const { queryClient } = open();
    await screen.findByText('No failed jobs');
    expect(queryClient.getQueryCache().find({ queryKey: ['jobs'] })?.options).toEqual(expect.objectContaining({ refetchInterval: JOBS_REFRESH_MS }));
    expect(JOBS_REFRESH_MS).toBe(10_000);
  });
});
