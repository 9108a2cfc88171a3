import { setPermissionChecker, type BuildVulnerabilityQuery } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { fakeApi, type FakeCall, fill, installFakeUploads, renderRoute } from '@portal/shared/testing';
import { analysis, counts, finding, findingDetail, findingsPage, vulnerability } from '../../../testing/fixtures';
import { signInEachTest } from '../../../testing/sessions';
import { FindingsPanel } from './FindingsPanel';
import { VulnerabilityDialog } from './VulnerabilityDialog';

const COUNTS = counts({ CRITICAL: 1, HIGH: 1, MEDIUM: 1, LOW: 1 });

function Findings() {
  const appKey = useParams().app_key!;
  return (
    <>
      <FindingsPanel graph="core" appKey={appKey} buildId="b2" buildNumber={2} counts={COUNTS} />
      <VulnerabilityDialog graph="core" appKey={appKey} buildId="b2" />
    </>
  );
}

const LOG4J = finding('GHSA-jfh8-c2jp-5v3q', {
  severity: 'CRITICAL',
  score: 10,
  aliases: ['CVE-2021-44228'],
  active_exploit: true,
  fixed_versions: ['2.15.0'],
  component: { bom_ref: 'log4j', name: 'log4j-core', version: '2.14.1', purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1' },
});
const LODASH = finding('GHSA-35jh-r3h4-6jhm', { aliases: ['CVE-2021-23337'], analysis: analysis({ state: 'not_affected', carried_over_from: { build_id: 'b1', number: 1 }, source: 'carried-over' }) });
const JWT = finding('GHSA-git', { severity: 'MEDIUM', score: 5.3, evaluation: 'not-evaluated', component: { bom_ref: 'jwt', name: 'jsonwebtoken', version: '8.5.1' } });
const ALL = [LOG4J, LODASH, JWT];

const PATH = '/api/apps/shop/builds/b2/vulnerabilities';
const bodies = (calls: FakeCall[]) => calls.filter((call) => call.method === 'POST' && call.path === PATH).map((call) => call.body as BuildVulnerabilityQuery);

const uploads = installFakeUploads();
signInEachTest();

describe('the findings of a build', () => {
  it('reads them from the server worst first with their analyses, and asks it again to sort and filter', async () => {
    const { calls } = fakeApi({ [`POST ${PATH}`]: (call) => ({ body: findingsPage((call.body as BuildVulnerabilityQuery).severity ? [LODASH] : ALL) }) });
    const { user } = renderRoute(Findings, '/applications/:app_key', '/applications/shop');
    const table = await screen.findByRole('table', { name: 'Findings' });
    // Worst first: the API's ascending severity rank.
    expect(bodies(calls)[0]).toEqual({ sort: 'severity', order: 'asc', offset: 0, limit: 100 });
    expect(calls[0].query).toEqual({ graph: 'core' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('GHSA-jfh8-c2jp-5v3q');
    expect(rows[0]).toHaveTextContent('Critical10.0');
    expect(rows[0]).toHaveTextContent('CVE-2021-44228');
    expect(rows[0]).toHaveTextContent('Active exploit');
    expect(rows[0]).toHaveTextContent('Not set');
    expect(rows[1]).toHaveTextContent('Not affectedcarried over from #1');
    expect(rows[2]).toHaveTextContent('Not evaluated');
    expect(screen.getByLabelText('Findings by analysis')).toHaveTextContent('Not set 2 · Not affected 1');
    expect(screen.getByRole('list', { name: 'Findings by severity' })).toHaveTextContent('Critical 1High 1Medium 1Low 1');

    await user.click(within(table).getByRole('button', { name: /^Component/ }));
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ sort: 'component', order: 'asc' }));
    await user.click(within(table).getByRole('button', { name: /^Analysis/ }));
    await waitFor(() => expect(bodies(calls).at(-1)).toMatchObject({ sort: 'state', order: 'asc' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'HIGH');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Analysis' }), 'not_affected');
    await user.click(screen.getByRole('checkbox', { name: 'Only active exploits' }));
    await fill(user, screen.getByRole('searchbox', { name: 'Filter findings' }), ' lodash ');
    await waitFor(() =>
      expect(bodies(calls).at(-1)).toEqual({ search: 'lodash', severity: ['HIGH'], state: ['not_affected'], active_exploit: true, sort: 'state', order: 'asc', offset: 0, limit: 100 }),
    );
    expect(await screen.findByText('1 finding match')).toBeInTheDocument();
  });

  it('reads only the pages in view of 5,000 findings', async () => {
    const { calls } = fakeApi({
      [`POST ${PATH}`]: (call) => {
        const { offset = 0, limit = 100 } = call.body as BuildVulnerabilityQuery;
        return { body: findingsPage(Array.from({ length: limit }, (_, index) => finding(`GHSA-${offset + index}`, { component: { bom_ref: `c${offset + index}` } })), 5000) };
      },
    });
    renderRoute(Findings, '/applications/:app_key', '/applications/shop');
    const table = await screen.findByRole('table', { name: 'Findings' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    expect(within(table).getAllByRole('row').length).toBeLessThan(60);
    const scroller = screen.getByTestId('findings-scroll');
    scroller.scrollTop = 52 * 4000;
    fireEvent.scroll(scroller);
    expect(await within(table).findByText('GHSA-4000')).toBeInTheDocument();
    expect(bodies(calls).map((body) => body.offset)).toEqual(expect.arrayContaining([0, 3900, 4000]));
    expect(bodies(calls).some((body) => body.offset === 2000)).toBe(false);
  });

  it('opens a finding with its advisory, and sets not_affected with a justification and a comment for the trail', async () => {
    const saved = findingDetail(
      { ...LOG4J, analysis: analysis({ state: 'not_affected', justification: 'code_not_reachable' }) },
      { trail: [{ id: 't1', at: '2026-11-22T10:00:00.000Z', by: 'ada', source: 'user', state: 'not_affected', justification: 'code_not_reachable', response: ['will_not_fix'], detail: null, comment: 'JNDI lookups are disabled.' }] },
    );
    const { calls, mutations } = fakeApi({
      [`POST ${PATH}`]: { body: findingsPage(ALL) },
      [`GET ${PATH}/GHSA-jfh8-c2jp-5v3q`]: [
        {
          body: findingDetail(LOG4J, {
            advisory: vulnerability('GHSA-jfh8-c2jp-5v3q', {
              aliases: ['CVE-2021-44228'],
              summary: 'Remote code injection in Log4j',
              details: '### Impact\n\nJNDI features do not protect against [attacker controlled](https://example.com/ldap) LDAP endpoints.\n\n<script>window.hacked = true</script>\n\n- `log4j2.formatMsgNoLookups`',
              severity: 'CRITICAL',
              score: 10,
              vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H',
              activeExploit: true,
              knownExploited: [{ cveId: 'CVE-2021-44228', vendorProject: 'Apache', product: 'Log4j2', vulnerabilityName: 'Apache Log4j2 Remote Code Execution Vulnerability', dateAdded: '2021-12-10', dueDate: '2021-12-24', knownRansomwareCampaignUse: 'Known' }],
              record: {
                id: 'GHSA-jfh8-c2jp-5v3q',
                modified: '2021-05-01T00:00:00.000Z',
                affected: [{ package: { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '2.0-beta9' }, { fixed: '2.15.0' }] }] }],
                references: [{ type: 'WEB', url: 'https://logging.apache.org/log4j/2.x/security.html' }],
              },
            }),
          }),
        },
        { body: saved },
      ],
      [`POST ${PATH}/GHSA-jfh8-c2jp-5v3q/vex`]: { body: saved },
    });
    const { user, snackbars } = renderRoute(Findings, '/applications/:app_key', '/applications/shop');
    const table = await screen.findByRole('table', { name: 'Findings' });
    await user.click(within(table).getAllByRole('row')[1]);
    const dialog = await screen.findByRole('dialog', { name: 'GHSA-jfh8-c2jp-5v3q' });
    expect(calls.find((call) => call.path === `${PATH}/GHSA-jfh8-c2jp-5v3q`)?.query).toEqual({ graph: 'core', component: 'log4j' });
    expect(await within(dialog).findByText('log4j-core 2.14.1')).toBeInTheDocument();
    expect(within(dialog).getByText('Fixed in 2.15.0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Remote code injection in Log4j')).toBeInTheDocument();
    // The details are the advisory's markdown, rendered and sanitized: a heading, a link, code; no script.
    expect(await within(dialog).findByRole('heading', { name: 'Impact' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'attacker controlled' })).toHaveAttribute('href', 'https://example.com/ldap');
    expect(within(dialog).getByText('log4j2.formatMsgNoLookups').tagName).toBe('CODE');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog).not.toHaveTextContent('window.hacked');
    // The severity and the description come before the analysis form.
    const order = [within(dialog).getByText('Remote code injection in Log4j'), within(dialog).getByRole('heading', { name: 'Analysis' })];
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'CVE-2021-44228' })).toHaveAttribute('href', 'https://nvd.nist.gov/vuln/detail/CVE-2021-44228');
    expect(within(dialog).getByLabelText('CVSS metrics')).toHaveTextContent('Attack VectorNetwork');
    expect(within(dialog).getByText(/base score/)).toHaveTextContent('CVSS 3.1 base score 10.0');
    expect(within(dialog).getByText(/Added 12\/10\/2021 · remediation due 12\/24\/2021 · ransomware use: Known/)).toBeInTheDocument();
    expect(within(dialog).getByText('ECOSYSTEM: introduced in 2.0-beta9, fixed in 2.15.0')).toBeInTheDocument();
    expect(within(dialog).getByText('No analysis yet.')).toBeInTheDocument();

    const form = within(dialog).getByRole('form', { name: 'VEX analysis' });
    expect(within(form).getByRole('combobox', { name: 'Justification' })).toBeDisabled();
    expect(within(form).getAllByRole('option').map((option) => option.textContent).slice(0, 5)).toEqual(['Not set', 'Resolved', 'Resolved with pedigree', 'False positive', 'Not affected']);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State' }), 'not_affected');
    await user.click(within(form).getByRole('button', { name: 'Save analysis' }));
    expect(within(form).getByText('Not affected needs a justification or a detail.')).toBeInTheDocument();
    const analyses = () => mutations().filter((call) => call.path.endsWith('/vex'));
    expect(analyses()).toHaveLength(0);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Justification' }), 'code_not_reachable');
    await user.click(within(form).getByRole('checkbox', { name: 'Will not fix' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Comment' }), 'JNDI lookups are disabled.');
    await user.click(within(form).getByRole('button', { name: 'Save analysis' }));
    await waitFor(() => expect(analyses()).toHaveLength(1));
    expect(analyses()[0]).toMatchObject({
      path: `${PATH}/GHSA-jfh8-c2jp-5v3q/vex`,
      query: { graph: 'core', component: 'log4j' },
      body: { state: 'not_affected', justification: 'code_not_reachable', response: ['will_not_fix'], comment: 'JNDI lookups are disabled.' },
    });
    const trail = await within(dialog).findByRole('list', { name: 'Analysis trail' });
    expect(trail).toHaveTextContent('ada · Analysis');
    expect(trail).toHaveTextContent('Not affected · Code not reachable · Will not fix');
    expect(trail).toHaveTextContent('JNDI lookups are disabled.');
    expect(snackbars).toContain('Analysis of GHSA-jfh8-c2jp-5v3q in log4j-core saved.');
    expect(bodies(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('exports the build’s VEX and imports one with its progress and what it changed', async () => {
    globalThis.URL.createObjectURL = jest.fn(() => 'blob:vex');
    globalThis.URL.revokeObjectURL = jest.fn();
    const { calls } = fakeApi({
      [`POST ${PATH}`]: { body: findingsPage(ALL) },
      'GET /api/apps/shop/builds/b2/vex': { body: { bomFormat: 'CycloneDX', specVersion: '1.6' }, headers: { 'content-disposition': 'attachment; filename="shop-build-2.vex.json"' } },
    });
    const { user, snackbars } = renderRoute(Findings, '/applications/:app_key', '/applications/shop');
    await screen.findByRole('table', { name: 'Findings' });
    await user.click(screen.getByRole('button', { name: 'Export VEX' }));
    await waitFor(() => expect(snackbars).toContain('VEX of build #2 saved as shop-build-2.vex.json.'));
    expect(calls.find((call) => call.path === '/api/apps/shop/builds/b2/vex')?.query).toEqual({ graph: 'core' });

    const before = bodies(calls).length;
    await user.upload(screen.getByLabelText('VEX file'), new File(['{"bomFormat":"CycloneDX"}'], 'shop-build-1.vex.json', { type: 'application/json' }));
    const [request] = uploads.requests;
    expect(`${request.url.pathname}${request.url.search}`).toBe('/api/apps/shop/builds/b2/vex?graph=core');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    request.progress(10, 40);
    expect(await screen.findByRole('progressbar', { name: 'VEX import progress' })).toHaveAttribute('aria-valuenow', '25');
    request.answer({ body: { statements: 3, applied: 2, unchanged: 0, skipped: 0, unmatched: [{ id: 'CVE-2020-1', ref: 'pkg:npm/gone@1.0.0', reason: 'no component of this build has that purl' }] } });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('shop-build-1.vex.json: 3 statements read, 2 findings changed, 0 unchanged.');
    expect(within(status).getByRole('list', { name: 'Unmatched statements' })).toHaveTextContent('CVE-2020-1 (pkg:npm/gone@1.0.0): no component of this build has that purl');
    await waitFor(() => expect(bodies(calls).length).toBeGreaterThan(before));
  });

  it('counts the statements an import skipped for want of an analysis apart from those that matched no finding', async () => {
    fakeApi({ [`POST ${PATH}`]: { body: findingsPage(ALL) } });
    const { user } = renderRoute(Findings, '/applications/:app_key', '/applications/shop');
    await screen.findByRole('table', { name: 'Findings' });
    await user.upload(screen.getByLabelText('VEX file'), new File(['{"bomFormat":"CycloneDX"}'], 'shop-build-1.vex.json', { type: 'application/json' }));
    uploads.requests[0].answer({
      body: { statements: 14, applied: 1, unchanged: 0, skipped: 12, unmatched: [{ id: 'CVE-2020-1', ref: 'pkg:npm/gone@1.0.0', reason: 'No component of the build has this bom-ref or purl.' }] },
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('shop-build-1.vex.json: 14 statements read, 1 finding changed, 0 unchanged. 12 statements without an analysis skipped.');
    expect(status).toHaveTextContent('1 statement matched no finding of this build:');
    const list = within(status).getByRole('list', { name: 'Unmatched statements' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('CVE-2020-1 (pkg:npm/gone@1.0.0): No component of the build has this bom-ref or purl.');
  });

  it('shows a READER the analyses without a way to change them, import or export', async () => {
    setPermissionChecker((permission) => permission.startsWith('view=>') || permission.startsWith('list=>'));
    fakeApi({
      [`POST ${PATH}`]: { body: findingsPage(ALL) },
      [`GET ${PATH}/GHSA-35jh-r3h4-6jhm`]: { body: findingDetail(LODASH) },
    });
    const { user } = renderRoute(Findings, '/applications/:app_key', '/applications/shop');
    const table = await screen.findByRole('table', { name: 'Findings' });
    expect(screen.queryByRole('button', { name: 'Export VEX' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import VEX' })).not.toBeInTheDocument();
    await user.click(within(table).getAllByRole('row')[2]);
    const dialog = await screen.findByRole('dialog', { name: 'GHSA-35jh-r3h4-6jhm' });
    expect(await within(dialog).findByText('The analysis was carried over from build #1.')).toBeInTheDocument();
    expect(within(dialog).getByText('You may read this analysis; changing it needs the VEX analysis permission.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'VEX analysis' })).not.toBeInTheDocument();
  });
});
