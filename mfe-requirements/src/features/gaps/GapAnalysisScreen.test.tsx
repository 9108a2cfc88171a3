import { bus, setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { fill, renderScreen, routeOf } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { GapAnalysisScreen } from './GapAnalysisScreen';
import { heatCells, scoreBand } from './riskGrid';
import { REQ } from '../../testing/fixtures';

const route = routeOf('/gap-analysis');
const ann = { id: 'u1', login_id: 'ann', name: 'Ann Author' };
const gap = (id: string, status: 'OPEN' | 'CLOSED' = 'OPEN', assignee: typeof ann | null = ann) => ({
  id,
  assignee,
  requirement: REQ(1, 'Encrypt backups'),
  description: 'Backups are plain',
  remediation_plan: 'Enable encryption',
  target_date: '2026-12-31',
  status,
  task_id: 't1',
  created_by: null,
  created_at: '2026-11-01T10:00:00Z',
  closed_at: null,
});
const snackbars: string[] = [];
const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);

beforeEach(() => {
  signIn();
  snackbars.length = 0;
  bus.on('snackbar:show', onSnackbar);
});
afterEach(() => {
  bus.off('snackbar:show', onSnackbar);
  setPermissionChecker(null);
});

describe('GapAnalysisScreen', () => {
  it('lists the open gaps and filters by status and text', async () => {
    const { calls } = fakeApi({ 'GET /api/assessments/gaps': { body: [gap('g1')] } });
    const { user } = renderScreen(<GapAnalysisScreen route={route} />);
    expect(await screen.findByRole('row', { name: /REQ-1 Encrypt backups/ })).toHaveTextContent(/Backups are plain.*Enable encryption.*12\/31\/2026.*Ann Author \(ann\).*Open/);
    expect(screen.getByRole('columnheader', { name: 'Assignee' })).toBeInTheDocument();
    expect(calls[0].query).toEqual({ graph: 'core', status: 'OPEN' });
    await user.selectOptions(screen.getByLabelText('Gap status'), 'CLOSED');
    await fill(user, screen.getByRole('searchbox', { name: 'Search gaps' }), 'backup');
    await waitFor(() => expect(calls.at(-1)!.query).toEqual({ graph: 'core', status: 'CLOSED', search: 'backup' }));
  });

  it('says when a gap has nobody to close it', async () => {
    fakeApi({ 'GET /api/assessments/gaps': { body: [gap('g1', 'OPEN', null)] } });
    renderScreen(<GapAnalysisScreen route={route} />);
    expect(await screen.findByRole('row', { name: /REQ-1 Encrypt backups/ })).toHaveTextContent(/12\/31\/2026Nobody/);
  });

  it('identifies a gap on a chosen requirement', async () => {
    const { mutations } = fakeApi({
      'GET /api/assessments/gaps': { body: [] },
      'GET /api/requirements': { body: { items: [{ ...REQ(1, 'Encrypt backups') }], total: 1 } },
      'GET /api/users/assignees': { body: [{ id: 'u2', login_id: 'rev', name: 'Rita Reviewer' }] },
      'POST /api/requirements/r1/gaps': { status: 201, body: gap('g2') },
    });
    const { user } = renderScreen(<GapAnalysisScreen route={route} />);
    expect(await screen.findByText('No gaps')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Identify gap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Identify gap' });
    await user.click(within(dialog).getByRole('button', { name: 'Identify gap' }));
    expect(within(dialog).getByText('Choose the requirement.')).toBeInTheDocument();
    await fill(user, within(dialog).getByRole('searchbox', { name: 'Requirement' }), 'backup');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose REQ-1 Encrypt backups' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Backups are plain');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Remediation plan' }), 'Enable encryption');
    await fill(user, within(dialog).getByLabelText('Target date'), '2026-12-31');
    await user.selectOptions(await within(dialog).findByLabelText('Assignee (optional)'), 'u2');
    await user.click(within(dialog).getByRole('button', { name: 'Identify gap' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0]).toMatchObject({
      path: '/api/requirements/r1/gaps',
      query: { graph: 'core' },
      body: { description: 'Backups are plain', remediation_plan: 'Enable encryption', target_date: '2026-12-31', assignee_id: 'u2' },
    });
    await waitFor(() => expect(snackbars).toEqual(['Gap identified on REQ-1.']));
  });

  it('closes a gap after confirmation', async () => {
    const { mutations } = fakeApi({
      'GET /api/assessments/gaps': [{ body: [gap('g1')] }, { body: [] }],
      'POST /api/assessments/gaps/g1/close': { body: gap('g1', 'CLOSED') },
    });
    const { user } = renderScreen(<GapAnalysisScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Close gap on REQ-1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Close gap' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(mutations().map((call) => call.path)).toEqual(['/api/assessments/gaps/g1/close']));
    expect(await screen.findByText('No gaps')).toBeInTheDocument();
  });

  it('hides the actions without the permissions and shows a failed read', async () => {
    setPermissionChecker(() => false);
    fakeApi({ 'GET /api/assessments/gaps': { status: 500, problem: { detail: 'Unable to process your request. Please try again later.' } } });
    renderScreen(<GapAnalysisScreen route={route} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to process your request.');
    expect(screen.queryByRole('button', { name: 'Identify gap' })).not.toBeInTheDocument();
  });

  it('adds a risk with its score and draws the heat grid of open risks', async () => {
    const risk = { id: 'k1', requirement: REQ(1), likelihood: 4, impact: 5, score: 20, description: 'Leak', status: 'OPEN', task_id: 't', created_at: '2026-11-01T10:00:00Z' };
    const { mutations } = fakeApi({
      'GET /api/assessments/gaps': { body: [] },
      'GET /api/assessments/risks': { body: [risk, { ...risk, id: 'k2', status: 'RESOLVED' }] },
      'GET /api/requirements': { body: { items: [REQ(1)], total: 1 } },
      'POST /api/requirements/r1/risks': { status: 201, body: risk },
    });
    const { user } = renderScreen(<GapAnalysisScreen route={route} />);
    await user.click(screen.getByRole('tab', { name: 'Risks' }));
    expect(await screen.findByRole('img', { name: 'Risk heat grid: 1 open risk' })).toBeInTheDocument();
    expect(screen.getByTestId('heat-4-5')).toHaveTextContent('1');
    // Its text alternative: the counts by impact (rows, 5 first) and likelihood (columns).
    await user.click(screen.getByRole('button', { name: 'Show table of open risks by impact and likelihood' }));
    const counts = screen.getByRole('table', { name: 'Open risks by impact and likelihood' });
    expect(within(counts).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ImpactLikelihood 1Likelihood 2Likelihood 3Likelihood 4Likelihood 5',
      'Impact 500010',
      'Impact 400000',
      'Impact 300000',
      'Impact 200000',
      'Impact 100000',
    ]);
    await user.click(screen.getByRole('button', { name: 'Add risk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add risk' });
    await fill(user, within(dialog).getByRole('searchbox', { name: 'Requirement' }), 'req');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose REQ-1 Requirement 1' }));
    await user.selectOptions(within(dialog).getByLabelText('Likelihood'), '4');
    await user.selectOptions(within(dialog).getByLabelText('Impact'), '5');
    expect(within(dialog).getByRole('status', { name: 'Risk score' })).toHaveTextContent('Score 20 (Critical)');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Leak');
    await user.click(within(dialog).getByRole('button', { name: 'Add risk' }));
    await waitFor(() => expect(mutations()[0]).toMatchObject({ path: '/api/requirements/r1/risks', body: { likelihood: 4, impact: 5, description: 'Leak' } }));
  });

  it('adds a conflict between two requirements', async () => {
    const { mutations } = fakeApi({
      'GET /api/assessments/gaps': { body: [] },
      'GET /api/conflicts': { body: [] },
      'GET /api/requirements': { body: { items: [REQ(1), REQ(2)], total: 2 } },
      'POST /api/conflicts': { status: 201, body: {} },
    });
    const { user } = renderScreen(<GapAnalysisScreen route={route} />);
    await user.click(screen.getByRole('tab', { name: 'Conflicts' }));
    expect(await screen.findByText('No conflicts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add conflict' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add conflict' });
    await fill(user, within(dialog).getByRole('searchbox', { name: 'First requirement' }), 'req');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose REQ-1 Requirement 1' }));
    await fill(user, within(dialog).getByRole('searchbox', { name: 'Second requirement' }), 'req');
    expect(await within(dialog).findByRole('button', { name: 'Choose REQ-2 Requirement 2' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Choose REQ-1 Requirement 1' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Choose REQ-2 Requirement 2' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Opposite retention');
    await user.click(within(dialog).getByRole('button', { name: 'Add conflict' }));
    await waitFor(() => expect(mutations()[0]).toMatchObject({ path: '/api/conflicts', body: { requirement_a_id: 'r1', requirement_b_id: 'r2', description: 'Opposite retention' } }));
  });
});

describe('the risk grid', () => {
  it('counts open risks per cell and bands scores', () => {
    const cells = heatCells([
      { likelihood: 1, impact: 1, status: 'OPEN' },
      { likelihood: 1, impact: 1, status: 'OPEN' },
      { likelihood: 5, impact: 5, status: 'RESOLVED' },
    ]);
    expect(cells).toHaveLength(25);
    expect(cells.find((cell) => cell.likelihood === 1 && cell.impact === 1)!.count).toBe(2);
    expect(cells.find((cell) => cell.likelihood === 5 && cell.impact === 5)!.count).toBe(0);
    expect([4, 5, 10, 17].map(scoreBand)).toEqual(['Low', 'Medium', 'High', 'Critical']);
  });
});
