import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderScreen } from '../../testing/renderScreen';
import { signIn } from '../../testing/session';
import { StandardsImportButton, StandardsList } from './index';

const job = (status: 'RUNNING' | 'DONE' | 'FAILED', processed: number) => ({
  id: 'j1',
  status,
  title: 'Tiny catalog',
  processed,
  total: 4,
  created: status === 'DONE' ? 4 : 0,
  updated: 0,
  error: status === 'FAILED' ? 'The OSCAL catalog has no "groups" and no "controls".' : null,
  started_at: '2026-11-01T10:00:00Z',
  finished_at: null,
});
const catalog = JSON.stringify({ catalog: { uuid: 'u', metadata: { title: 'Tiny catalog' }, groups: [] } });

beforeEach(() => signIn());

describe('StandardsImportButton', () => {
  it('sends the catalog, follows the job with a progress bar and reports the result', async () => {
    const onImported = jest.fn();
    const { calls } = fakeApi({
      'POST /api/standards/imports': { status: 202, body: job('RUNNING', 0) },
      'GET /api/standards/imports/j1': [{ body: job('RUNNING', 2) }, { body: job('DONE', 4) }],
    });
    const { user } = renderScreen(<StandardsImportButton graph="core" onImported={onImported} />);
    await user.upload(screen.getByLabelText('OSCAL catalog file (JSON)'), new File([catalog], 'tiny.json', { type: 'application/json' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/standards/imports', query: { graph: 'core' }, body: JSON.parse(catalog) });
    expect(await screen.findByText('Imported 4 requirements: 4 created, 0 updated.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuetext', '4 of 4');
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
  });

  it('shows a failed import and refuses a file that is not JSON', async () => {
    fakeApi({
      'POST /api/standards/imports': { status: 202, body: job('RUNNING', 0) },
      'GET /api/standards/imports/j1': { body: job('FAILED', 0) },
    });
    const { user } = renderScreen(<StandardsImportButton graph="core" />);
    await user.upload(screen.getByLabelText('OSCAL catalog file (JSON)'), new File(['{"catalog":{}}'], 'bad.json'));
    expect(await screen.findByText('The import failed: The OSCAL catalog has no "groups" and no "controls".')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('OSCAL catalog file (JSON)'), new File(['not json'], 'notes.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.json is not a JSON file.');
  });
});

describe('StandardsList', () => {
  it('lists the imported standards', async () => {
    fakeApi({ 'GET /api/standards': { body: [{ id: 's1', title: 'NIST LOW', version: '5.1.1', controls: 149, imported_at: '2026-11-01T10:00:00Z' }] } });
    renderScreen(<StandardsList graph="core" />);
    expect(await screen.findByRole('row', { name: /NIST LOW/ })).toHaveTextContent(/5\.1\.1.*149/);
  });
});
