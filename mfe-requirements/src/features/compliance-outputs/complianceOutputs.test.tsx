// The compliance templates and exports on the standards list: applying the NIST templates after a
// confirmation that lists them, with what was added and skipped; the OSCAL download of a standard
// and of the process; hidden from who may not.
import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { StandardsList } from '../standards';
import { OscalExportButton } from './index';

const standard = { id: 's1', title: 'NIST LOW', version: '5.1.1', controls: 149, imported_at: '2026-11-01T10:00:00Z' };
const templates = [
  { control_id: 'ra-5', label: 'RA-5', title: 'Vulnerability Monitoring and Scanning', rationale: '…', checks: [{ kind: 'open-findings' }, { kind: 'active-exploit' }] },
  { control_id: 'cm-8', label: 'CM-8', title: 'System Component Inventory', rationale: '…', checks: [{ kind: 'sbom-fresh' }] },
];
const applied = {
  standard_id: 's1',
  added: [
    { control_id: 'ra-5', requirement_id: 'r1', code: 'RA-5', check_id: 'c1', kind: 'open-findings', description: '…' },
    { control_id: 'ra-5', requirement_id: 'r1', code: 'RA-5', check_id: 'c2', kind: 'active-exploit', description: '…' },
    { control_id: 'cm-8', requirement_id: 'r2', code: 'CM-8', check_id: 'c3', kind: 'sbom-fresh', description: '…' },
  ],
  skipped: [
    { control_id: 'sa-11', requirement_id: null, code: null, kind: 'open-findings', reason: 'not-in-catalog' },
    { control_id: 'sr-4', requirement_id: null, code: null, kind: 'sbom-provenance', reason: 'not-in-catalog' },
    { control_id: 'cm-6', requirement_id: 'r3', code: 'CM-6', kind: 'open-findings', reason: 'already-applied' },
  ],
};

let click: jest.SpyInstance;
beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:portal/1');
  URL.revokeObjectURL = jest.fn();
  click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  click.mockRestore();
  setPermissionChecker(null);
});

it('applies the NIST templates to a standard after a confirmation listing them, and says what was added and skipped', async () => {
  signIn();
  const { calls } = fakeApi({
    'GET /api/standards': { body: [standard] },
    'GET /api/compliance/templates': { body: templates },
    'POST /api/compliance/templates/apply': { body: applied },
  });
  const { user } = renderScreen(<StandardsList graph="core" />);
  await user.click(await screen.findByRole('button', { name: 'Apply NIST templates to NIST LOW' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Apply NIST SP 800-53 templates' });
  expect(await within(dialog).findByRole('list', { name: 'Templates' })).toHaveTextContent(/RA-5 Vulnerability Monitoring and Scanning: 2 checks.*CM-8 System Component Inventory: 1 check/);
  expect(calls.some((call) => call.path === '/api/compliance/templates/apply')).toBe(false);
  await user.click(within(dialog).getByRole('button', { name: 'Apply templates' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Added 3 checks to RA-5, CM-8. Skipped 3: SA-11, SR-4 (not in the catalog); CM-6 (already there).');
  expect(calls.find((call) => call.path === '/api/compliance/templates/apply')).toMatchObject({ method: 'POST', query: { graph: 'core' }, body: { standard_id: 's1' } });
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

it('cancels without applying, and shows a refusal', async () => {
  signIn();
  const { calls } = fakeApi({
    'GET /api/standards': { body: [standard] },
    'GET /api/compliance/templates': { body: templates },
    'POST /api/compliance/templates/apply': { status: 400, problem: { detail: 'Must be the id of a standard imported into this process.' } },
  });
  const { user } = renderScreen(<StandardsList graph="core" />);
  await user.click(await screen.findByRole('button', { name: 'Apply NIST templates to NIST LOW' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(calls.some((call) => call.path === '/api/compliance/templates/apply')).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Apply NIST templates to NIST LOW' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Apply templates' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Must be the id of a standard imported into this process.');
});

it("downloads a standard's OSCAL assessment results, and the process's", async () => {
  signIn();
  const file = { status: 200, body: '{}', contentType: 'application/json', headers: { 'content-disposition': 'attachment; filename="assessment-results-core.json"' } };
  const { calls } = fakeApi({ 'GET /api/standards': { body: [standard] }, 'GET /api/compliance/export/oscal': [file, file, { status: 404, problem: { detail: 'Not Found' } }] });
  const { user } = renderScreen(
    <>
      <OscalExportButton graph="core" />
      <StandardsList graph="core" />
    </>,
  );
  await user.click(await screen.findByRole('button', { name: 'Export OSCAL assessment results of NIST LOW' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
  expect(calls.find((call) => call.path === '/api/compliance/export/oscal')?.query).toEqual({ graph: 'core', standard: 's1' });
  await user.click(screen.getByRole('button', { name: 'Export OSCAL assessment results' }));
  await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
  expect(calls.filter((call) => call.path === '/api/compliance/export/oscal')[1].query).toEqual({ graph: 'core' });
  await user.click(screen.getByRole('button', { name: 'Export OSCAL assessment results' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Not Found');
});

it('offers nothing to who may not', async () => {
  signIn();
  setPermissionChecker((permission) => permission === 'list=>SecurityStandard');
  fakeApi({ 'GET /api/standards': { body: [standard] } });
  renderScreen(
    <>
      <OscalExportButton graph="core" />
      <StandardsList graph="core" />
    </>,
  );
  expect(await screen.findByRole('row', { name: /NIST LOW/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Apply NIST templates|Export OSCAL/ })).not.toBeInTheDocument();
});
