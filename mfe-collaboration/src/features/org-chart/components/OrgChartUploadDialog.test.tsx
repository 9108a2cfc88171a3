import { screen, waitFor, within } from '@testing-library/react';
import type { OrgChartChangeReport, OrgChartPreview } from '@portal/shared/collaboration';
import { installFakeUploads, renderScreen, signInWith, testProcess, testSession } from '@portal/shared/testing';
import { OrgChartUploadDialog } from './OrgChartUploadDialog';

const uploads = installFakeUploads();

const PREVIEW: OrgChartPreview = {
  file_name: 'people.csv',
  format: 'csv',
  columns: ['Employee ID', 'Full Name', 'Job Title', 'Boss', 'Mail', 'Team'],
  rows: [
    { line: 2, cells: ['E1', 'Olga Chief', 'CEO', '', 'olga@example.com', 'Board'] },
    { line: 3, cells: ['E2', 'Ada Lead', 'CTO', 'E9', 'ada@example.com', 'Engineering'] },
  ],
  row_count: 2,
  mapping: { id: 0, name: 1, title: 2, manager_id: null, email: 4, department: 5 },
};
const REPORT: OrgChartChangeReport = {
  people: 2,
  added: [{ id: 'E2', name: 'Ada Lead' }],
  moved: [{ id: 'E3', name: 'Rita Dev', from: 'E1', to: 'E2' }],
  removed: [{ id: 'E4', name: 'Sam Sales' }],
  updated: [{ id: 'E1', name: 'Olga Chief', fields: ['title', 'manager_id'] }],
  unchanged: 0,
};
const REJECTION = {
  type: 'about:blank',
  title: 'Unprocessable Content',
  status: 422,
  detail: 'The chart was not imported: 1 error in the file. Nothing changed.',
  rows: [{ line: 3, field: 'manager_id', message: "The manager 'E9' is not in the file." }],
};

const csvFile = (name = 'people.csv') => new File(['Employee ID,Full Name\nE1,Olga\n'], name, { type: 'text/csv' });
const names: Record<string, string> = { E1: 'Olga Chief', E2: 'Ada Lead' };

function open() {
  signInWith(testSession(), testProcess());
  const onClose = jest.fn();
  const view = renderScreen(<OrgChartUploadDialog graph="core" open onClose={onClose} nameOf={(id) => (id === null ? 'the top' : (names[id] ?? id))} />);
  return { ...view, onClose };
}

describe('OrgChartUploadDialog', () => {
  it('previews a file, maps its columns, shows the row errors with their lines, then imports the fixed file and reports the changes', async () => {
    const { user, onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Upload the organization chart' });
    await user.upload(within(dialog).getByLabelText('Org chart file'), csvFile());
    const [preview] = uploads.requests;
    expect(`${preview.url.pathname}${preview.url.search}`).toBe('/api/org-chart/preview?graph=core');
    expect((preview.body as FormData).get('file')).toBeInstanceOf(File);
    expect(within(dialog).getByText('Reading people.csv…')).toBeInTheDocument();
    preview.answer({ body: PREVIEW });

    // The proposed mapping, changed by the user: the boss column is the manager id.
    const manager = await within(dialog).findByLabelText('Manager id');
    expect(within(dialog).getByLabelText('Id *')).toHaveValue('0');
    expect(manager).toHaveValue('');
    await user.selectOptions(manager, 'Boss');
    const table = within(dialog).getByRole('table', { name: 'First rows of the file' });
    expect(within(table).getByRole('columnheader', { name: 'Boss → Manager id' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('3E2Ada LeadCTOE9ada@example.comEngineering');

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const refused = uploads.requests[1];
    expect(`${refused.url.pathname}${refused.url.search}`).toBe('/api/org-chart?graph=core');
    expect(JSON.parse((refused.body as FormData).get('mapping') as string)).toEqual({ id: 0, name: 1, title: 2, manager_id: 3, email: 4, department: 5 });
    refused.answer({ status: 422, body: REJECTION, contentType: 'application/problem+json' });
    const errors = await within(dialog).findByRole('table', { name: 'Errors by line' });
    expect(within(errors).getAllByRole('row')[1]).toHaveTextContent("3manager idThe manager 'E9' is not in the file.");
    expect(within(dialog).getByText(/1 error in the file\. Nothing changed\./)).toBeInTheDocument();

    // The fixed file chosen again: read again, imported with the mapping kept by the user.
    await user.upload(within(dialog).getByLabelText('Org chart file'), csvFile('people-fixed.csv'));
    uploads.requests[2].answer({ body: { ...PREVIEW, file_name: 'people-fixed.csv' } });
    await within(dialog).findByText(/people-fixed\.csv: 2 rows/);
    expect(within(dialog).getByLabelText('Manager id')).toHaveValue('3');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(JSON.parse((uploads.requests[3].body as FormData).get('mapping') as string)).toMatchObject({ manager_id: 3 });
    uploads.requests[3].answer({ body: REPORT });
    const report = await within(dialog).findByRole('status', { name: 'What the import changed' });
    expect(report).toHaveTextContent('The chart now holds 2 people: 1 added, 1 moved, 1 removed, 1 updated, 0 unchanged.');
    expect(within(report).getByRole('region', { name: 'Moved' })).toHaveTextContent('Rita Dev: from Olga Chief to Ada Lead');
    expect(within(report).getByRole('region', { name: 'Updated' })).toHaveTextContent('Olga Chief: title, manager id');
    expect(within(report).getByRole('region', { name: 'Removed' })).toHaveTextContent('Sam Sales (E4)');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says why a file was not accepted, and imports nothing without id and name mapped', async () => {
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Upload the organization chart' });
    await user.upload(within(dialog).getByLabelText('Org chart file'), csvFile('photo.csv'));
    uploads.requests[0].answer({ status: 415, problem: { detail: 'The file must be a CSV file (UTF-8 text) or an XLSX workbook.' } });
    expect(await within(dialog).findByText('The file must be a CSV file (UTF-8 text) or an XLSX workbook.')).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Org chart file'), csvFile());
    uploads.requests[1].answer({ body: { ...PREVIEW, mapping: { ...PREVIEW.mapping, name: null } } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled());
    await user.selectOptions(within(dialog).getByLabelText('Name *'), 'Full Name');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('refuses a file over 5 MB before sending it', async () => {
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Upload the organization chart' });
    const huge = csvFile('huge.csv');
    Object.defineProperty(huge, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Org chart file'), huge);
    expect(await within(dialog).findByText('The file is larger than 5 MB.')).toBeInTheDocument();
    expect(uploads.requests).toHaveLength(0);
  });
});
