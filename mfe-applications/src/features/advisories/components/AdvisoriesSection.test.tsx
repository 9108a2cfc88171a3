import { setPermissionChecker } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, installFakeUploads, renderRoute } from '@portal/shared/testing';
import { jsonFile } from '../../../testing/fixtures';
import { signInEachTest } from '../../../testing/sessions';
import { AdvisoriesSection } from './AdvisoriesSection';

const counts = (partial: Record<string, number | string[]> = {}) => ({ read: 0, added: 0, updated: 0, unchanged: 0, withdrawn: 0, removed: 0, invalid: 0, problems: [], ...partial });
const json = (name: string, size = 2000) => jsonFile(name, '{}', size);

const uploads = installFakeUploads();
signInEachTest();

describe('advisory import', () => {
  it('imports several OSV files a few at a time with progress, then adds up what the database made of them', async () => {
    fakeApi({});
    renderRoute(AdvisoriesSection, '/administration/global/vulnerabilities');
    // A dropped folder's files: OSV's folders also hold a README.
    const files = [json('GHSA-1.json'), json('GHSA-2.json'), json('GHSA-3.json'), json('npm.zip', 6000), new File(['x'], 'README.md')];
    fireEvent.drop(screen.getByRole('group', { name: 'Advisory files: drop zone' }), { dataTransfer: { files } });
    await waitFor(() => expect(uploads.requests).toHaveLength(3));
    for (const request of uploads.requests) {
      expect(request.url.pathname).toBe('/api/vulnerabilities/imports');
      expect(request.url.search).toBe('');
      expect((request.body as FormData).get('file')).toBeInstanceOf(File);
    }
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Importing 0 of 4 files…');
    expect(status).toHaveTextContent('1 file of the selection left out (not .json or .zip).');
    uploads.requests[0].progress(2000, 2000);
    uploads.requests[1].progress(1000, 2000);
    await waitFor(() => expect(within(status).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25'));

    uploads.requests[0].answer({ body: counts({ read: 1, added: 1 }) });
    await waitFor(() => expect(uploads.requests).toHaveLength(4));
    uploads.requests[1].answer({ body: counts({ read: 1, unchanged: 1 }) });
    uploads.requests[2].answer({ status: 400, problem: { detail: 'GHSA-3.json: not JSON (Unexpected token)' } });
    uploads.requests[3].answer({ body: counts({ read: 120, added: 100, updated: 15, withdrawn: 5, invalid: 1, problems: ['npm.zip:GHSA-x.json: no id'] }) });

    expect(await within(status).findByText('Imported 4 files.')).toBeInTheDocument();
    const result = within(status).getByLabelText('Import result');
    expect(result).toHaveTextContent('Read122');
    expect(result).toHaveTextContent('Added101');
    expect(result).toHaveTextContent('Updated15');
    expect(result).toHaveTextContent('Unchanged1');
    expect(result).toHaveTextContent('Withdrawn (skipped)5');
    expect(within(status).getByRole('list', { name: 'Import problems' })).toHaveTextContent('GHSA-3.json: not JSON (Unexpected token)npm.zip:GHSA-x.json: no id');
  });

  it('is not offered to a user who may not import advisories, an organization admin included', () => {
    // Everything but the import: an organization admin holds access=>Administration, not this.
    setPermissionChecker((permission) => permission !== 'import=>Vulnerability@global');
    fakeApi({});
    renderRoute(AdvisoriesSection, '/administration/global/vulnerabilities');
    expect(screen.queryByRole('heading', { name: 'Advisories' })).not.toBeInTheDocument();
    expect(screen.getByTestId('read-only-database')).toHaveTextContent(/^Read-only:/);
  });

  it("imports CISA's KEV catalog with progress, then shows its counts; a refused file shows the API's reason", async () => {
    fakeApi({});
    renderRoute(AdvisoriesSection, '/administration/global/vulnerabilities');
    expect(screen.getByRole('heading', { name: 'Known exploited vulnerabilities' })).toBeInTheDocument();
    const zone = screen.getByRole('group', { name: 'KEV catalog file: drop zone' });
    fireEvent.drop(zone, { dataTransfer: { files: [json('known_exploited_vulnerabilities.json', 4000)] } });
    await waitFor(() => expect(uploads.requests).toHaveLength(1));
    expect(uploads.requests[0].url.pathname).toBe('/api/vulnerabilities/kev');
    expect((uploads.requests[0].body as FormData).get('file')).toBeInstanceOf(File);
    const status = screen.getByRole('status', { name: 'KEV import' });
    expect(status).toHaveTextContent('Importing known_exploited_vulnerabilities.json…');
    uploads.requests[0].progress(1000, 4000);
    await waitFor(() => expect(within(status).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25'));
    uploads.requests[0].answer({ body: { catalogVersion: '2026.11.22', read: 1250, added: 1240, updated: 10, invalid: 0 } });
    expect(await within(status).findByText('Imported known_exploited_vulnerabilities.json (catalog version 2026.11.22).')).toBeInTheDocument();
    const result = within(status).getByLabelText('KEV import result');
    expect(result).toHaveTextContent('Read1,250');
    expect(result).toHaveTextContent('Added1,240');
    expect(result).toHaveTextContent('Updated10');

    fireEvent.drop(zone, { dataTransfer: { files: [json('osv.json')] } });
    await waitFor(() => expect(uploads.requests).toHaveLength(2));
    uploads.requests[1].answer({ status: 400, problem: { detail: "Not a KEV catalog: a KEV catalog is a JSON object with a 'vulnerabilities' array." } });
    expect(await within(status).findByRole('alert')).toHaveTextContent("Not a KEV catalog: a KEV catalog is a JSON object with a 'vulnerabilities' array.");
    expect(status).toHaveTextContent('osv.json was not imported.');
  });
});
