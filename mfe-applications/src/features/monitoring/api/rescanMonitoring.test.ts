// A rescan runs as jobs (issue 27): an answer of a run going on (202) is followed until the run is
// done; one still going on when following ends is answered as it stands, and says so.
import type { MonitoringRun } from '@portal/shared';
import { fakeApi } from '@portal/shared/testing';
import { signIn } from '../../../testing/sessions';
import { rescanSummary } from '../components/MonitoringActions';
import { rescanMonitoring } from './rescanMonitoring';

beforeEach(() => signIn());

const run = (status: MonitoringRun['status'], more: Partial<MonitoringRun> = {}): MonitoringRun => ({
  id: 'r1',
  status,
  error: null,
  pending: status === 'DONE' ? 0 : 40,
  applications: 60,
  builds: 20,
  new_vulnerabilities: 3,
  new_active_exploits: 0,
  events: [],
  ...more,
});

describe('rescanMonitoring', () => {
  it('follows a run going on until it is done', async () => {
    const { calls } = fakeApi({
      'POST /api/apps/monitoring/rescan': { status: 202, body: run('QUEUED', { applications: 0, builds: 0 }) },
      'GET /api/apps/monitoring/runs/r1': [{ body: run('RUNNING') }, { body: run('DONE', { builds: 60, new_vulnerabilities: 7 }) }],
    });
    const result = await rescanMonitoring('core', undefined, { pollMs: 1, followMs: 60_000 });
    expect(result).toMatchObject({ status: 'DONE', builds: 60, new_vulnerabilities: 7 });
    expect(calls.map((call) => `${call.method} ${call.path} ${call.query.graph}`)).toEqual([
      'POST /api/apps/monitoring/rescan core',
      'GET /api/apps/monitoring/runs/r1 core',
      'GET /api/apps/monitoring/runs/r1 core',
    ]);
    expect(rescanSummary(result)).toBe('60 monitored applications rescanned: 7 new vulnerabilities.');
  });

  it('answers a run done at once without following it', async () => {
    const { calls } = fakeApi({ 'POST /api/apps/monitoring/rescan': { body: run('DONE', { applications: 1, builds: 1, new_vulnerabilities: 0 }) } });
    const result = await rescanMonitoring('core', 'shop', { pollMs: 1, followMs: 60_000 });
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ app_key: 'shop' });
    expect(rescanSummary(result)).toBe('1 monitored application rescanned: nothing new.');
  });

  it('answers a run still going on when following ends, as it stands', async () => {
    fakeApi({
      'POST /api/apps/monitoring/rescan': { status: 202, body: run('RUNNING') },
      'GET /api/apps/monitoring/runs/r1': { body: run('RUNNING') },
    });
    const result = await rescanMonitoring('core', undefined, { pollMs: 1, followMs: 0 });
    expect(result.status).toBe('RUNNING');
    expect(rescanSummary(result)).toBe('The rescan goes on in the background (40 builds left): its events show here as they are found.');
  });

  it('stops following a run that failed, and says why', async () => {
    const error = 'A batch of builds could not be rescanned (batch 2 of the run): connection reset';
    const { calls } = fakeApi({
      'POST /api/apps/monitoring/rescan': { status: 202, body: run('RUNNING') },
      'GET /api/apps/monitoring/runs/r1': [{ body: run('FAILED', { pending: 20, new_vulnerabilities: 2, error }) }, { body: run('DONE') }],
    });
    const result = await rescanMonitoring('core', undefined, { pollMs: 1, followMs: 60_000 });
    expect(result).toMatchObject({ status: 'FAILED', error });
    expect(calls).toHaveLength(2);
    expect(rescanSummary(result)).toBe(`The rescan failed (2 events raised before): ${error}. A Global Admin can retry it under Background Jobs.`);
  });
});
