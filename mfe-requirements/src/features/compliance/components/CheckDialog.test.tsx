import { COMPLIANCE_MESSAGES as M } from '@portal/shared/compliance';
import { screen, waitFor, within } from '@testing-library/react';
import { check, compliance } from '../../../testing/compliance';
import { fakeApi } from '../../../testing/fakeApi';
import { fill, renderScreen } from '../../../testing/renderScreen';
import { signInEachTestAt } from '../../../testing/session';
import { checkInput, DEFAULT_VALUES, namesOf, valuesOf } from './checkForm';
import { ComplianceSection } from './ComplianceSection';

const REQUIREMENT = { id: 'r1', code: 'REQ-1', title: 'Keep SBOMs current' };
const PATH = '/api/requirements/r1/compliance';
const TASK = '0b5c3f0e-2a41-4c55-9d3e-0f6a7c1d2e3f';

signInEachTestAt('/requirements?id=r1');

/** The message is the field's error (aria-invalid, aria-errormessage). */
const fieldError = (field: HTMLElement, message: string) => waitFor(() => expect(field).toHaveAccessibleErrorMessage(message));

async function openDialog(user: ReturnType<typeof renderScreen>['user'], button = 'Add check') {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

const render = () => renderScreen(<ComplianceSection graph="core" requirement={REQUIREMENT} readOnly={false} />);

describe('the check dialog', () => {
  it('adds an SBOM freshness check over applications with the body the API takes', async () => {
    const { mutations } = fakeApi({
      [`GET ${PATH}`]: [{ body: compliance([]) }, { body: compliance([check('c1', 'passing')]) }],
      'POST /api/requirements/r1/checks': { status: 201, body: check('c1', 'passing') },
    });
    const { user, snackbars } = render();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleName('Add a check to REQ-1 Keep SBOMs current');
    expect(within(dialog).getByRole('combobox', { name: 'Kind' })).toHaveValue('sbom-fresh');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Scope' }), 'applications');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Application keys' }), 'shop, web,shop');
    await fill(user, within(dialog).getByRole('spinbutton', { name: /Newest SBOM at most/ }), '14');
    await user.click(within(dialog).getByRole('button', { name: 'Add check' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/requirements/r1/checks',
        query: { graph: 'core' },
        body: { kind: 'sbom-fresh', scope: { kind: 'applications', keys: ['shop', 'web'], portfolios: [], tags: [] }, params: { max_age_days: 14 } },
      }),
    ]);
    expect(await screen.findByRole('listitem', { name: 'SBOM freshness: passing' })).toBeInTheDocument();
    expect(snackbars).toContain('A check was added to REQ-1 Keep SBOMs current.');
  });

  it('checks each field as the API does, with its message at the field, and sends nothing until they are right', async () => {
    const { mutations } = fakeApi({ [`GET ${PATH}`]: { body: compliance([]) } });
    const { user } = render();
    const dialog = await openDialog(user);
    const submit = within(dialog).getByRole('button', { name: 'Add check' });

    await fill(user, within(dialog).getByRole('spinbutton', { name: /Newest SBOM at most/ }), '0');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Scope' }), 'applications');
    await user.click(submit);
    await fieldError(within(dialog).getByRole('spinbutton', { name: /Newest SBOM at most/ }), M.days(1, 3650));
    await fieldError(within(dialog).getByRole('textbox', { name: 'Application keys' }), M.applicationsEmpty);

    // Another kind: its own fields and bounds.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'open-findings');
    expect(within(dialog).queryByRole('spinbutton', { name: /Newest SBOM/ })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Scope' }), 'cloud-accounts');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Cloud accounts' }), '123456789012');
    for (const source of ['SBOM', 'SAST', 'IaC', 'Cloud']) await user.click(within(dialog).getByRole('checkbox', { name: source }));
    await fill(user, within(dialog).getByRole('spinbutton', { name: 'Older than (days)' }), '3651');
    await user.click(submit);
    await fieldError(within(dialog).getByRole('textbox', { name: 'Cloud accounts' }), M.account);
    await fieldError(within(dialog).getByRole('spinbutton', { name: 'Older than (days)' }), M.days(0, 3650));
    expect(within(dialog).getByRole('group', { name: 'Finding sources' }).parentElement).toHaveTextContent(M.sources);

    // A check whose scope is the process only: no scope to choose.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'cloud-control');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Scope' }), 'process');
    await user.click(submit);
    await fieldError(within(dialog).getByRole('textbox', { name: /Controls/ }), M.controls);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'evidence-file');
    expect(within(dialog).queryByRole('combobox', { name: 'Scope' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Scope: the whole process.');
    expect(mutations()).toEqual([]);
  });

  it("shows the API's 400 at the field it names, and keeps the dialog open", async () => {
    const { mutations } = fakeApi({
      [`GET ${PATH}`]: { body: compliance([]) },
      'GET /api/compliance/recurring-tasks': { body: [{ id: TASK, title: 'Rotate keys', recurrence: 'FREQ=MONTHLY', next_due: '2030-07-31' }] },
      'POST /api/requirements/r1/checks': { status: 400, problem: { detail: M.task, errors: [{ field: 'params.task_id', message: M.task }] } },
    });
    const { user } = render();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'recurring-task');
    await user.click(await within(dialog).findByRole('button', { name: 'Choose Rotate keys' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add check' }));
    // The picked task (deleted meanwhile, say) is refused at the picker.
    expect(await within(dialog).findByText(M.task)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(mutations()).toEqual([expect.objectContaining({ body: { kind: 'recurring-task', scope: { kind: 'process' }, params: { task_id: TASK, grace_days: 0 } } })]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a refusal that names no field above the buttons', async () => {
    fakeApi({
      [`GET ${PATH}`]: { body: compliance([]) },
      'POST /api/requirements/r1/checks': { status: 409, problem: { detail: M.tooManyChecks } },
    });
    const { user } = render();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add check' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.tooManyChecks);
  });

  it('edits a check with its values filled in, and replaces it', async () => {
    const open = check('c1', 'failing', { kind: 'open-findings', scope: { kind: 'repositories', names: ['api', 'web'] }, params: { sources: ['sast'], severity: 'critical', older_than_days: 7 } });
    const { mutations } = fakeApi({
      [`GET ${PATH}`]: { body: compliance([open]) },
      'PUT /api/requirements/r1/checks/c1': { body: open },
    });
    const { user } = render();
    const dialog = await openDialog(user, 'Edit check: Open findings by age');
    expect(dialog).toHaveAccessibleName('Edit check of REQ-1 Keep SBOMs current');
    expect(within(dialog).getByRole('combobox', { name: 'Kind' })).toHaveValue('open-findings');
    expect(within(dialog).getByRole('combobox', { name: 'Scope' })).toHaveValue('repositories');
    expect(within(dialog).getByRole('textbox', { name: /Repositories/ })).toHaveValue('api, web');
    expect(within(dialog).getByRole('checkbox', { name: 'SAST' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'SBOM' })).not.toBeChecked();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'At or above severity' }), 'high');
    await user.click(within(dialog).getByRole('button', { name: 'Save check' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/requirements/r1/checks/c1',
        body: { kind: 'open-findings', scope: { kind: 'repositories', names: ['api', 'web'] }, params: { sources: ['sast'], severity: 'high', older_than_days: 7 } },
      }),
    ]);
  });
});

describe('the check form', () => {
  it('reads lists by commas and lines, each name once', () => {
    expect(namesOf(' a, b\nc,, a ')).toEqual(['a', 'b', 'c']);
  });

  it("makes each kind's body from its own fields only, in the contract's order", () => {
    const values = { ...DEFAULT_VALUES, kind: 'license-category' as const, categories: ['unknown' as const, 'strong-copyleft' as const], environments: ['prod' as const, 'dev' as const] };
    expect(checkInput(values)).toEqual({
      input: { kind: 'license-category', scope: { kind: 'process' }, params: { categories: ['strong-copyleft', 'unknown'], environments: ['dev', 'prod'] } },
      errors: {},
    });
    expect(checkInput({ ...DEFAULT_VALUES, kind: 'evidence-file', folder: ' audits ', tag: '' }).input.params).toEqual({ folder: 'audits', tag: null });
    expect(checkInput({ ...DEFAULT_VALUES, kind: 'cloud-control', scopeKind: 'cloud-accounts', accounts: 'aws:1111, azure:sub-1', controls: 'S3.1, iam_root_mfa' }).input).toEqual({
      kind: 'cloud-control',
      scope: { kind: 'cloud-accounts', accounts: ['aws:1111', 'azure:sub-1'] },
      params: { controls: ['S3.1', 'iam_root_mfa'] },
    });
    expect(checkInput({ ...DEFAULT_VALUES, kind: 'sbom-fresh', scopeKind: 'repositories', names: 'api' }).errors).toEqual({ 'scope.kind': M.scopeNotTaken('sbom-fresh') });
  });

  it('fills a check back into the values', () => {
    const values = valuesOf(check('c1', 'passing', { kind: 'recurring-task', scope: { kind: 'process' }, params: { task_id: TASK, grace_days: 3 } }));
    expect(values).toMatchObject({ kind: 'recurring-task', scopeKind: 'process', taskId: TASK, graceDays: '3' });
    const provenance = valuesOf(check('c2', 'failing', { kind: 'sbom-provenance', scope: { kind: 'process' }, params: { require: ['pipeline'], min_identified_percent: 95 } }));
    expect(provenance).toMatchObject({ kind: 'sbom-provenance', provenance: ['pipeline'], minIdentifiedPercent: '95' });
  });

  it("makes an SBOM provenance check's body, refusing a share out of bounds or a check that requires nothing", () => {
    const values = { ...DEFAULT_VALUES, kind: 'sbom-provenance' as const, provenance: ['pipeline' as const, 'supplier' as const], minIdentifiedPercent: '90' };
    expect(checkInput(values)).toEqual({ input: { kind: 'sbom-provenance', scope: { kind: 'process' }, params: { require: ['supplier', 'pipeline'], min_identified_percent: 90 } }, errors: {} });
    expect(checkInput({ ...values, minIdentifiedPercent: '101' }).errors).toEqual({ 'params.min_identified_percent': M.percent });
    expect(checkInput({ ...values, provenance: [], minIdentifiedPercent: '0' }).errors).toEqual({ 'params.require': M.provenanceEmpty });
  });
});

describe('an SBOM provenance check', () => {
  it('is added with the attributes chosen and the share of identified components', async () => {
    const { mutations } = fakeApi({
      [`GET ${PATH}`]: [{ body: compliance([]) }, { body: compliance([]) }],
      'POST /api/requirements/r1/checks': { status: 201, body: check('c1', 'failing', { kind: 'sbom-provenance', scope: { kind: 'process' }, params: { require: ['supplier', 'pipeline'], min_identified_percent: 95 } }) },
    });
    const { user } = render();
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'sbom-provenance');
    const attributes = within(dialog).getByRole('group', { name: 'The SBOM records' });
    for (const name of ['Author', 'Timestamp', 'Uploaded by a CI/CD pipeline']) await user.click(within(attributes).getByRole('checkbox', { name }));
    await fill(user, within(dialog).getByRole('spinbutton', { name: /Components identified by a package URL/ }), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Add check' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mutations()[0]).toMatchObject({ body: { kind: 'sbom-provenance', scope: { kind: 'process' }, params: { require: ['supplier', 'pipeline'], min_identified_percent: 95 } } });
  });
});
