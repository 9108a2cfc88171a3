import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setPermissionChecker } from '@portal/shared';
import { fakeApi, installFakeUploads, ok, renderRoute, signInWith, testProcess, testSession, type FakeCall } from '@portal/shared/testing';
import { finding, findingCounts, findingDetail, findingsPage } from '../../../testing/fixtures';
import { IacScreen, SastScreen } from './FindingsScreens';

const uploads = installFakeUploads();
const SAST = '/security/sast';
const IAC = '/security/iac';

const second = finding({
  id: 'f2',
  tool: { name: 'Gitleaks', version: '7.5.0' },
  category: 'secret',
  rule: { id: 'AWS Access Key', name: null, help: null, cwe: ['CWE-798'], tags: [] },
  severity: 'medium',
  toolSeverity: 'warning',
  title: 'AWS Access Key',
  location: { kind: 'code', file: 'config/dev.env', region: { startLine: 3, startColumn: null, endLine: null, endColumn: null }, snippet: null },
  state: 'false_positive',
  scope: 'app:shop',
});

beforeEach(() => signInWith(testSession(), testProcess()));

const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/security/findings');

describe('the code findings list (/security/sast)', () => {
  it('lists code and secret findings with severity, title, rule, location, scope, tool and state, filters and searches them, and reads more pages', async () => {
    const { calls } = fakeApi({
      'GET /api/apps': ok([{ id: 'a1', app_key: 'shop', name: 'Shop' }]),
      'GET /api/security/findings': (call) =>
        call.query.cursor === 'c2'
          ? ok(findingsPage([finding({ id: 'f3', title: 'Hard-coded credentials', severity: 'low' })], { total: 3 }))
          : ok(findingsPage([finding(), second], { total: 3, next_cursor: 'c2' })),
      'GET /api/security/findings/counts': ok(findingCounts(3)),
    });
    const { user } = renderRoute(SastScreen, SAST);
    const table = await screen.findByRole('table', { name: 'Code findings' });
    // Most severe first: the API ranks critical first in ascending order.
    // The page is not held up by counting: its counts are their own request, of the same filter.
    expect(listCalls(calls)[0]?.query).toEqual({ graph: 'core', category: 'sast,secret', sort: 'severity', order: 'asc', limit: '50', counts: 'false' });
    await waitFor(() => expect(calls.find((call) => call.path === '/api/security/findings/counts')?.query).toEqual({ graph: 'core', category: 'sast,secret' }));
    expect(screen.getByLabelText('Order', { selector: 'select' })).toHaveDisplayValue('Most severe first');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('High');
    expect(within(rows[1]!).getByRole('button', { name: 'Cross-site scripting vulnerability due to user-provided value.' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('js/xss');
    expect(rows[1]).toHaveTextContent('src/app.js:12');
    expect(rows[1]).toHaveTextContent('shop-web (repository)');
    expect(rows[1]).toHaveTextContent('CodeQL');
    expect(rows[2]).toHaveTextContent('Medium');
    expect(rows[2]).toHaveTextContent('shop (application)');
    expect(rows[2]).toHaveTextContent('False positive');
    expect(await screen.findByText('3 findings')).toBeInTheDocument();

    // "Load more" reads the next page with the cursor and appends it.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(listCalls(calls).at(-1)?.query).toMatchObject({ cursor: 'c2', category: 'sast,secret' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    // Filters: the API filters, a new list is read from its first page.
    await user.selectOptions(screen.getByLabelText('Severity', { selector: 'select' }), 'high');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toMatchObject({ severity: 'high', category: 'sast,secret' }));
    expect(listCalls(calls).at(-1)?.query.cursor).toBeUndefined();
    await user.selectOptions(screen.getByLabelText('Category', { selector: 'select' }), 'secret');
    await user.selectOptions(screen.getByLabelText('State', { selector: 'select' }), 'open');
    await user.selectOptions(within(screen.getByRole('search', { name: 'Filter code findings' })).getByLabelText('Application', { selector: 'select' }), 'shop');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toMatchObject({ category: 'secret', severity: 'high', state: 'open', scope: 'app:shop' }));
    const countsCalls = () => calls.filter((call) => call.path === '/api/security/findings/counts');
    await waitFor(() => expect(countsCalls().at(-1)?.query).toEqual({ graph: 'core', category: 'secret', severity: 'high', state: 'open', scope: 'app:shop' }));
    const counted = countsCalls().length;
    await user.selectOptions(screen.getByLabelText('Sort by', { selector: 'select' }), 'last_seen');
    // A date sort opens newest first.
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toMatchObject({ sort: 'last_seen', order: 'desc' }));
    expect(screen.getByLabelText('Order', { selector: 'select' })).toHaveDisplayValue('Newest first');
    await user.selectOptions(screen.getByLabelText('Order', { selector: 'select' }), 'asc');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toMatchObject({ sort: 'last_seen', order: 'asc' }));
    // Another order of the same filter: its counts are not read again (200,000 findings cost a count).
    expect(countsCalls()).toHaveLength(counted);

    // The search is debounced: one call for the whole word.
    const before = listCalls(calls).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'innerHTML');
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toMatchObject({ q: 'innerHTML' }));
    expect(listCalls(calls).length - before).toBe(1);
  });

  it("opens filtered by a notification's link (?scope=&severity=)", async () => {
    const { calls } = fakeApi({ 'GET /api/apps': ok([{ id: 'a1', app_key: 'shop', name: 'Shop' }]), 'GET /api/security/findings': ok(findingsPage([finding()])) });
    renderRoute(SastScreen, SAST, `${SAST}?scope=app:shop&severity=critical`);
    await screen.findByRole('table', { name: 'Code findings' });
    expect(listCalls(calls)[0]?.query).toMatchObject({ scope: 'app:shop', severity: 'critical', category: 'sast,secret' });
    expect(screen.getByLabelText('Severity', { selector: 'select' })).toHaveValue('critical');
  });

  it("shows each finding's due date, marks an open one past it, and filters the past-due ones (a link's ?overdue=true)", async () => {
    const late = finding({ id: 'l1', title: 'Late finding', dueDate: '2020-01-01', state: 'open' });
    const decided = finding({ id: 'd1', title: 'Decided finding', dueDate: '2020-01-01', state: 'false_positive' });
    const { calls } = fakeApi({ 'GET /api/apps': ok([]), 'GET /api/security/findings': ok(findingsPage([late, decided, second])) });
    const { user } = renderRoute(SastScreen, SAST, `${SAST}?overdue=true`);
    const table = await screen.findByRole('table', { name: 'Code findings' });
    expect(listCalls(calls)[0]?.query).toMatchObject({ overdue: 'true' });
    expect(screen.getByRole('switch', { name: 'Past due only' })).toBeChecked();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2020-01-01 (overdue)');
    // A decided finding is not late; one without a due date says so.
    expect(rows[2]).toHaveTextContent('2020-01-01');
    expect(rows[2]).not.toHaveTextContent('(overdue)');
    expect(rows[3]).toHaveTextContent('—');
    await user.click(screen.getByRole('switch', { name: 'Past due only' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.overdue).toBeUndefined());
  });

  it('says when there are no findings yet, and when none matches the filters', async () => {
    fakeApi({ 'GET /api/apps': ok([]), 'GET /api/security/findings': ok(findingsPage([])) });
    const { user } = renderRoute(SastScreen, SAST);
    expect(await screen.findByText('No findings yet')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Severity', { selector: 'select' }), 'critical');
    expect(await screen.findByText('No finding matches the filters.')).toBeInTheDocument();
  });

  it('shows the API failure of the list in place', async () => {
    fakeApi({ 'GET /api/apps': ok([]), 'GET /api/security/findings': { status: 400, problem: { detail: "'q' must be at most 200 characters." } } });
    renderRoute(SastScreen, SAST);
    expect(await screen.findByRole('alert')).toHaveTextContent("'q' must be at most 200 characters.");
  });

  it('triages the selected findings in one decision; a risk acceptance refused by the API shows its message at the expiry date', async () => {
    const { calls } = fakeApi({
      'GET /api/apps': ok([]),
      'GET /api/security/findings': ok(findingsPage([finding(), second])),
      'POST /api/security/findings/triage': [
        { status: 400, problem: { detail: 'A risk acceptance needs a reason and an expiry date.', errors: [{ field: 'expires_at', message: 'A risk acceptance needs a reason and an expiry date.' }] } },
        ok({ ids: ['f1', 'f2'], state: 'risk_accepted' }),
      ],
    });
    const { user } = renderRoute(SastScreen, SAST);
    await screen.findByRole('table', { name: 'Code findings' });
    expect(screen.getByRole('button', { name: 'Triage selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Cross-site scripting vulnerability due to user-provided value.' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select AWS Access Key' }));
    expect(screen.getByText(/2 selected/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Triage selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Triage 2 findings' });
    await user.selectOptions(within(dialog).getByLabelText('State', { selector: 'select' }), 'risk_accepted');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Internal tool only');
    await user.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(within(dialog).getByText('A risk acceptance needs a reason and an expiry date.')).toBeInTheDocument());
    expect(within(dialog).getByLabelText(/^Expires on/)).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(dialog).getByLabelText(/^Expires on/), { target: { value: '2027-03-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({ ids: ['f1', 'f2'], state: 'risk_accepted', reason: 'Internal tool only', expires_at: '2027-03-31' });
    // The lists read again, the selection is cleared.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    expect(screen.queryByText(/\d selected/)).toBeNull();
  });

  it('uploads a scanner file into a repository with its progress, shows the API refusal as it is, then what an import changed', async () => {
    fakeApi({ 'GET /api/apps': ok([{ id: 'a1', app_key: 'shop', name: 'Shop' }]), 'GET /api/security/findings': ok(findingsPage([])) });
    const { user } = renderRoute(SastScreen, SAST);
    const panel = await screen.findByRole('region', { name: 'Upload scanner results' });
    expect(within(panel).getByRole('button', { name: 'Choose a file' })).toBeDisabled();
    await user.selectOptions(within(panel).getByLabelText('Findings of', { selector: 'select' }), 'repository');
    await user.type(within(panel).getByRole('textbox', { name: 'Repository' }), 'shop-api');
    const input = within(panel).getByLabelText('Scanner results');

    await user.upload(input, new File(['{"runs": 1}'], 'broken.sarif', { type: 'application/json' }));
    await waitFor(() => expect(uploads.requests).toHaveLength(1));
    expect(uploads.requests[0]!.url.searchParams.get('repository')).toBe('shop-api');
    expect(uploads.requests[0]!.url.searchParams.get('graph')).toBe('core');
    act(() => uploads.requests[0]!.progress(5, 10));
    expect(within(panel).getByRole('progressbar', { name: 'Upload progress of broken.sarif' })).toBeInTheDocument();
    act(() => uploads.requests[0]!.answer({ status: 400, problem: { detail: 'SARIF 2.1.0 expected: runs is not an array' } }));
    const refusal = await within(panel).findByRole('alert');
    expect(refusal).toHaveTextContent('broken.sarif was not imported');
    expect(refusal).toHaveTextContent('SARIF 2.1.0 expected: runs is not an array');

    await user.upload(input, new File(['{}'], 'eslint.sarif', { type: 'application/json' }));
    await waitFor(() => expect(uploads.requests).toHaveLength(2));
    act(() => uploads.requests[1]!.answer({ status: 200, body: { importId: 'i2', format: 'sarif', scope: 'repo:shop-api', findings: 9, new: 0, seen: 9, fixed: 1, reopened: 0 } }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('eslint.sarif imported into shop-api (repository): 9 findings, 0 new, 9 seen again, 1 fixed, 0 reopened.');
  });

  it('cancels an upload', async () => {
    fakeApi({ 'GET /api/apps': ok([{ id: 'a1', app_key: 'shop', name: 'Shop' }]), 'GET /api/security/findings': ok(findingsPage([])) });
    const { user } = renderRoute(SastScreen, SAST);
    const panel = await screen.findByRole('region', { name: 'Upload scanner results' });
    await within(panel).findByRole('option', { name: 'Shop (shop)' });
    await user.selectOptions(within(panel).getByLabelText('Application', { selector: 'select' }), 'shop');
    await user.upload(within(panel).getByLabelText('Scanner results'), new File(['{}'], 'big.sarif'));
    await waitFor(() => expect(uploads.requests).toHaveLength(1));
    expect(uploads.requests[0]!.url.searchParams.get('application')).toBe('shop');
    await user.click(within(panel).getByRole('button', { name: 'Cancel upload' }));
    expect(uploads.requests[0]!.aborted).toBe(true);
    expect(await within(panel).findByText('big.sarif: upload cancelled.')).toBeInTheDocument();
  });

  it('exports the current filter as CSV', async () => {
    globalThis.URL.createObjectURL = jest.fn(() => 'blob:findings');
    globalThis.URL.revokeObjectURL = jest.fn();
    // jsdom does not navigate: the saved file is the browser's business.
    const save = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = fakeApi({
      'GET /api/apps': ok([]),
      'GET /api/security/findings': ok(findingsPage([finding()])),
      'GET /api/security/findings/export.csv': { body: 'id,severity\nf1,high\n', contentType: 'text/csv', headers: { 'content-disposition': 'attachment; filename="findings.csv"' } },
    });
    const { user } = renderRoute(SastScreen, SAST);
    await screen.findByRole('table', { name: 'Code findings' });
    await user.selectOptions(screen.getByLabelText('Severity', { selector: 'select' }), 'high');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/security/findings/export.csv')).toBe(true));
    expect(calls.find((call) => call.path === '/api/security/findings/export.csv')?.query).toEqual({ graph: 'core', category: 'sast,secret', severity: 'high', sort: 'severity', order: 'asc' });
    await waitFor(() => expect(save).toHaveBeenCalled());
    save.mockRestore();
  });

  it("opens a finding beside the list (?finding=): rule, severities, state, file with the region highlighted in the snippet, the rule's help rendered and sanitized, CWE, tags and history; a triage action decides on it", async () => {
    const help = '## Recommendation\n\nEscape the value with **textContent**.\n\n<script>alert(1)</script>\n\n[more](javascript:alert(1))';
    const { calls } = fakeApi({
      'GET /api/apps': ok([]),
      'GET /api/security/findings': ok(findingsPage([finding()])),
      'GET /api/security/findings/f1': ok(
        findingDetail({
          rule: { id: 'js/xss', name: 'Client-side cross-site scripting', help, cwe: ['CWE-79', 'CWE-116'], tags: ['security', 'external/cwe/cwe-079'] },
          history: [
            { kind: 'fixed', from_state: 'open', to_state: 'fixed', at: '2026-11-22T10:00:00.000Z', import_id: 'i2', user_id: null, reason: null },
            { kind: 'reopened', from_state: 'fixed', to_state: 'open', at: '2026-11-24T10:00:00.000Z', import_id: 'i3', user_id: null, reason: null },
          ],
        }),
      ),
      'PUT /api/security/findings/f1/state': ok({ ids: ['f1'], state: 'false_positive' }),
    });
    const { user } = renderRoute(SastScreen, SAST, `${SAST}?finding=f1`);
    const panel = await screen.findByRole('complementary', { name: 'Finding' });
    await within(panel).findByRole('heading', { name: 'Cross-site scripting vulnerability due to user-provided value.' });
    expect(panel).toHaveTextContent('js/xss — Client-side cross-site scripting');
    expect(panel).toHaveTextContent('High (CodeQL: error)');
    expect(panel).toHaveTextContent('StateOpen');
    expect(panel).toHaveTextContent('src/app.js, lines 12–13');
    expect(panel).toHaveTextContent('CWE-79, CWE-116');
    expect(panel).toHaveTextContent('security, external/cwe/cwe-079');
    const snippet = within(panel).getByRole('figure', { name: 'Snippet' });
    expect(within(snippet).getAllByTestId('snippet-region').map((line) => line.textContent)).toEqual(['el.innerHTML =', '  location.hash;']);
    expect(snippet).toHaveTextContent('12el.innerHTML =13 location.hash;');

    const helpRegion = within(panel).getByRole('region', { name: 'Rule help' });
    expect(await within(helpRegion).findByRole('heading', { name: 'Recommendation' })).toBeInTheDocument();
    expect(within(helpRegion).getByText('textContent').tagName).toBe('STRONG');
    expect(helpRegion.querySelector('script')).toBeNull();
    expect(within(helpRegion).getByText('more').getAttribute('href') ?? '').not.toMatch(/javascript/i);

    const history = within(panel).getByRole('region', { name: 'History' });
    expect(within(history).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2026-11-22: Marked fixed by a re-import (no longer reported)',
      '2026-11-24: Reopened by a re-import (reported again)',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'False positive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Triage the finding' });
    expect(within(dialog).getByLabelText('State', { selector: 'select' })).toHaveValue('false_positive');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Sanitized upstream');
    await user.click(within(dialog).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ state: 'false_positive', reason: 'Sanitized upstream' });

    await user.click(within(panel).getByRole('button', { name: 'Close the finding' }));
    expect(screen.queryByRole('complementary', { name: 'Finding' })).toBeNull();
  });
});

describe('related findings', () => {
  it("lists other tools' findings on the same weakness and line, and opens one in the panel", async () => {
    fakeApi({
      'GET /api/apps': ok([]),
      'GET /api/security/findings': ok(findingsPage([finding(), second])),
      'GET /api/security/findings/f1': ok(
        findingDetail({ related: [{ id: 'f2', tool: 'Semgrep', ruleId: 'javascript.express.xss', severity: 'medium', state: 'confirmed', title: 'XSS', cwe: ['CWE-79'] }] }),
      ),
      'GET /api/security/findings/f2': ok(findingDetail({ ...second, related: [] })),
    });
    const { user } = renderRoute(SastScreen, SAST, `${SAST}?finding=f1`);
    const panel = await screen.findByRole('complementary', { name: 'Finding' });
    const related = await within(panel).findByRole('region', { name: 'Related findings' });
    expect(within(related).getByRole('listitem')).toHaveTextContent('Semgrep: javascript.express.xss Medium · Confirmed · CWE-79');
    await user.click(within(related).getByRole('button', { name: 'Semgrep: javascript.express.xss' }));
    const next = await screen.findByRole('complementary', { name: 'Finding' });
    await within(next).findByRole('heading', { name: second.title });
    expect(within(next).queryByRole('region', { name: 'Related findings' })).toBeNull();
  });
});

describe('linked requirements', () => {
  const RQ12 = { id: 'r-12', code: 'RQ-12', title: 'Password length' };
  const RQ3 = { id: 'r-3', code: 'RQ-3', title: 'Input is encoded' };

  it("shows the requirements a finding concerns as links, and links another through the picker's search", async () => {
    const { calls } = fakeApi({
      'GET /api/apps': ok([]),
      'GET /api/security/findings': ok(findingsPage([finding()])),
      'GET /api/security/findings/f1': [ok(findingDetail({ requirements: ['r-12'], linkedRequirements: [RQ12] })), ok(findingDetail({ requirements: ['r-12', 'r-3'], linkedRequirements: [RQ12, RQ3] }))],
      'GET /api/requirements': (call) => ok({ items: call.query.search === 'encod' ? [RQ3] : [RQ12, RQ3], total: 2 }),
      'PUT /api/security/findings/f1/requirements': ok({ requirements: [RQ12, RQ3] }),
    });
    const { user } = renderRoute(SastScreen, SAST, `${SAST}?finding=f1`);
    const panel = await screen.findByRole('complementary', { name: 'Finding' });
    const section = await within(panel).findByRole('region', { name: 'Requirements' });
    expect(within(section).getByRole('link', { name: 'RQ-12 Password length' })).toHaveAttribute('href', '/requirements?id=r-12');

    await user.click(within(section).getByRole('button', { name: 'Link requirements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link requirements' });
    expect(within(dialog).getByRole('checkbox', { name: 'RQ-12 Password length' })).toBeChecked();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find requirements' }), 'encod');
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/requirements').at(-1)?.query).toMatchObject({ search: 'encod', deleted: 'exclude' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'RQ-3 Input is encoded' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save links' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link requirements' })).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ requirement_ids: ['r-12', 'r-3'] });
    expect(await within(section).findByRole('link', { name: 'RQ-3 Input is encoded' })).toBeInTheDocument();
  });

  it('offers no linking without the triage permission', async () => {
    setPermissionChecker((permission) => permission !== 'analyze=>Application');
    fakeApi({ 'GET /api/apps': ok([]), 'GET /api/security/findings': ok(findingsPage([finding()])), 'GET /api/security/findings/f1': ok(findingDetail()) });
    renderRoute(SastScreen, SAST, `${SAST}?finding=f1`);
    const section = await within(await screen.findByRole('complementary', { name: 'Finding' })).findByRole('region', { name: 'Requirements' });
    expect(section).toHaveTextContent('Linked to no requirement.');
    expect(within(section).queryByRole('button', { name: 'Link requirements' })).toBeNull();
    setPermissionChecker(null);
  });
});

describe('the IaC findings list (/security/iac)', () => {
  it('lists IaC and container findings; a cloud finding shows its resource, account and region', async () => {
    const cloud = finding({
      id: 'c1',
      tool: { name: 'Checkov', version: '3.2.0' },
      category: 'iac',
      rule: { id: 'CKV_AWS_20', name: 'S3 Bucket has an ACL defined which allows public READ access.', help: null, cwe: [], tags: [] },
      severity: 'medium',
      toolSeverity: null,
      title: 'S3 Bucket has an ACL defined which allows public READ access.',
      location: { kind: 'cloud', provider: 'aws', resourceId: 'arn:aws:s3:::public-assets', resourceType: 'AwsS3Bucket', account: '123456789012', region: 'eu-west-1', service: 's3' },
    });
    const { calls } = fakeApi({ 'GET /api/apps': ok([]), 'GET /api/security/findings': ok(findingsPage([cloud])), 'GET /api/security/findings/c1': ok(findingDetail(cloud)) });
    const { user } = renderRoute(IacScreen, IAC);
    const table = await screen.findByRole('table', { name: 'IaC and container findings' });
    expect(listCalls(calls)[0]?.query).toMatchObject({ category: 'iac,container' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('arn:aws:s3:::public-assets');
    await user.click(within(table).getByRole('button', { name: 'S3 Bucket has an ACL defined which allows public READ access.' }));
    const panel = await screen.findByRole('complementary', { name: 'Finding' });
    await within(panel).findByRole('heading', { name: 'S3 Bucket has an ACL defined which allows public READ access.' });
    expect(panel).toHaveTextContent('Resourcearn:aws:s3:::public-assets');
    expect(panel).toHaveTextContent('Account123456789012');
    expect(panel).toHaveTextContent('Regioneu-west-1');
    expect(panel).toHaveTextContent('Services3');
    expect(within(panel).queryByRole('figure', { name: 'Snippet' })).toBeNull();
  });
});
