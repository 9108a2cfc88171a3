import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { check, compliance } from '../../../testing/compliance';
import { fakeApi } from '../../../testing/fakeApi';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { signInEachTestAt } from '../../../testing/session';
import { ComplianceSection } from './ComplianceSection';

const REQUIREMENT = { id: 'r1', code: 'REQ-1', title: 'Patch known vulnerabilities' };
const PATH = '/api/requirements/r1/compliance';

const failing = check('c1', 'failing', {
  kind: 'open-findings',
  scope: { kind: 'process' },
  params: { sources: ['sbom', 'sast'], severity: 'high', older_than_days: 30 },
  description: 'No open SBOM or SAST finding at or above high first seen more than 30 days ago in the whole process',
  result: {
    status: 'failing',
    summary: '4 open findings at or above high are older than 30 days.',
    reasons: [
      { kind: 'finding', id: 'f1', label: 'SQL injection in login.ts', link: '/security/sast?finding=f1' },
      { kind: 'vulnerability', id: 'GHSA-35jh', label: 'GHSA-35jh in lodash 4.17.15 (shop #3)', link: '/applications/shop?tab=builds&build=b3&view=findings' },
      { kind: 'resource', id: 'arn:aws:s3:::logs', label: 'S3 bucket arn:aws:s3:::logs is public', link: null },
    ],
    reason_total: 6,
    hidden_reasons: 1,
    evaluated_at: '2026-11-01T10:00:00.000Z',
    since: '2026-10-30T10:00:00.000Z',
  },
});
const passing = check('c2', 'passing');
const unknown = check('c3', 'not_evaluated', {
  kind: 'evidence-file',
  scope: { kind: 'process' },
  params: { folder: 'audits', tag: null },
  description: 'A linked document in audits within its review-by date',
  result: { status: 'not_evaluated', summary: 'Not evaluated yet.', reasons: [], reason_total: 0, hidden_reasons: 0, evaluated_at: null, since: '2026-11-01T10:00:00.000Z' },
});
const HISTORY = [
  { at: '2026-11-01T10:00:00.000Z', check_id: null, kind: null, from: 'passing' as const, to: 'failing' as const, summary: '1 of 3 checks fail.' },
  { at: '2026-11-01T10:00:00.000Z', check_id: 'c1', kind: 'open-findings' as const, from: 'passing' as const, to: 'failing' as const, summary: '4 open findings at or above high are older than 30 days.' },
];

signInEachTestAt('/requirements?id=r1');

const render = (readOnly = false) => renderScreen(<ComplianceSection graph="core" requirement={REQUIREMENT} readOnly={readOnly} />);

describe('the evidence panel', () => {
  it('shows the status, each check in words with its own status and summary, its reasons as links, and the history', async () => {
    fakeApi({ [`GET ${PATH}`]: { body: compliance([failing, passing, unknown], HISTORY) } });
    render();
    const section = await screen.findByRole('region', { name: 'Compliance' });
    const checks = await within(section).findByRole('list', { name: 'Checks' });
    expect(within(section).getAllByRole('img', { name: 'Compliance: failing' })[0]).toHaveTextContent('Failing');

    const items = within(checks).getAllByRole('listitem', { name: /: / });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Open findings by age: failing', 'SBOM freshness: passing', 'Evidence file: not evaluated']);
    const [first, second, third] = items;
    expect(first).toHaveTextContent('No open SBOM or SAST finding at or above high first seen more than 30 days ago in the whole process');
    expect(first).toHaveTextContent('Scope: The whole process');
    expect(first).toHaveTextContent('4 open findings at or above high are older than 30 days.');
    expect(within(first).getByRole('img', { name: 'Compliance: failing' })).toBeInTheDocument();
    expect(within(second).getByRole('img', { name: 'Compliance: passing' })).toHaveTextContent('Passing');
    expect(second).toHaveTextContent('Scope: Applications shop');
    expect(within(third).getByRole('img', { name: 'Compliance: not evaluated' })).toHaveTextContent('Not evaluated');
    expect(third).toHaveTextContent('Not evaluated yet');

    // Each reason is a link to what it names (a finding, a build's findings); one without a page is text.
    const reasons = within(first).getByRole('list', { name: 'Reasons: Open findings by age' });
    expect(within(reasons).getByRole('link', { name: 'SQL injection in login.ts' })).toHaveAttribute('href', '/security/sast?finding=f1');
    expect(within(reasons).getByRole('link', { name: 'GHSA-35jh in lodash 4.17.15 (shop #3)' })).toHaveAttribute('href', '/applications/shop?tab=builds&build=b3&view=findings');
    expect(within(reasons).getAllByRole('link')).toHaveLength(2);
    expect(reasons).toHaveTextContent('ResourceS3 bucket arn:aws:s3:::logs is public');
    expect(first).toHaveTextContent('2 more not listed. 1 you may not see is left out.');

    const history = within(section).getByRole('list', { name: 'Compliance history' });
    expect(within(history).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Requirement passing → failing.*1 of 3 checks fail\.$/),
      expect.stringMatching(/^Open findings by age passing → failing/),
    ]);
  });

  it('says when a requirement has no checks, and offers Add check to who may update it', async () => {
    fakeApi({ [`GET ${PATH}`]: { body: compliance([]) } });
    render();
    const section = await screen.findByRole('region', { name: 'Compliance' });
    expect(await within(section).findByText('No automated checks: add one to compute its status from the evidence.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add check' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Evaluate now' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
  });

  it('hides every change from who may not update the requirement, and on a read-only page', async () => {
    fakeApi({ [`GET ${PATH}`]: { body: compliance([failing, passing]) } });
    setPermissionChecker((permission) => permission.startsWith('list=>') || permission.startsWith('view=>'));
    const reader = render();
    const section = await screen.findByRole('region', { name: 'Compliance' });
    await within(section).findByRole('list', { name: 'Checks' });
    expect(within(section).getByRole('link', { name: 'SQL injection in login.ts' })).toBeInTheDocument();
    expect(within(section).queryAllByRole('button')).toEqual([]);
    reader.unmount();

    setPermissionChecker(null);
    render(true);
    await screen.findByRole('list', { name: 'Checks' });
    expect(screen.queryByRole('button', { name: /Evaluate now|Add check|Edit check|Delete check/ })).not.toBeInTheDocument();
  });

  it('evaluates now and shows the answer', async () => {
    const { mutations } = fakeApi({
      [`GET ${PATH}`]: [{ body: compliance([failing]) }, { body: compliance([{ ...failing, result: { ...failing.result, status: 'passing', summary: 'No open finding.', reasons: [], reason_total: 0, hidden_reasons: 0 } }]) }],
      [`POST ${PATH}/evaluate`]: { body: compliance([{ ...failing, result: { ...failing.result, status: 'passing', summary: 'No open finding.', reasons: [], reason_total: 0, hidden_reasons: 0 } }]) },
      'GET /api/compliance/statuses': { body: [] },
    });
    const { user, snackbars } = render();
    const section = await screen.findByRole('region', { name: 'Compliance' });
    await user.click(await within(section).findByRole('button', { name: 'Evaluate now' }));
    expect(await within(section).findByRole('listitem', { name: 'Open findings by age: passing' })).toHaveTextContent('No open finding.');
    expect(mutations()).toEqual([expect.objectContaining({ method: 'POST', path: `${PATH}/evaluate`, query: { graph: 'core' } })]);
    expect(snackbars).toContain('REQ-1 evaluated: passing.');
  });

  it('deletes a check only after the typed confirmation', async () => {
    const { mutations } = fakeApi({
      [`GET ${PATH}`]: [{ body: compliance([failing, passing]) }, { body: compliance([passing]) }],
      'DELETE /api/requirements/r1/checks/c1': { status: 204 },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Delete check: Open findings by age' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the Open findings by age check of REQ-1?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await fill(user, within(dialog).getByRole('textbox'), 'delete');
    await user.click(confirm);
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /: / }).map((item) => item.getAttribute('aria-label'))).toEqual(['SBOM freshness: passing']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/requirements/r1/checks/c1' })]);
  });
});
