import { setPermissionChecker } from '@portal/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, installFakeUploads, renderRoute } from '@portal/shared/testing';
import { APP_KEYS } from '../../../lib/queryKeys';
import { build, jsonFile } from '../../../testing/fixtures';
import { signInEachTest } from '../../../testing/sessions';
import { SbomUpload } from './SbomUpload';

const Upload = () => <SbomUpload graph="core" appKey="shop" buildPath={(id) => `?build=${id}`} />;
const sbom = (name = 'bom.json', size?: number) => jsonFile(name, '{"bomFormat":"CycloneDX"}', size);

const uploads = installFakeUploads();
signInEachTest();

describe('SBOM upload', () => {
  it('is reached with the keyboard through its button alone, not once more on the hidden file field', async () => {
    fakeApi({});
    const { user } = renderRoute(Upload, '/applications/:app_key', '/applications/shop');
    const button = screen.getByRole('button', { name: 'Upload SBOM' });
    await user.tab();
    expect(button).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('SBOM file')).not.toHaveFocus();
    expect(screen.getByLabelText('SBOM file')).toHaveAttribute('tabindex', '-1');
  });

  it('sends a picked file with its progress, then follows the build until it is processed', async () => {
    const { calls } = fakeApi({
      'GET /api/apps/shop/builds/b3': [{ body: { ...build(3, { status: 'PROCESSING' }), app_key: 'shop' } }, { body: { ...build(3, { component_count: 840, vulnerability_count: 37 }), app_key: 'shop' } }],
    });
    const { user, queryClient } = renderRoute(Upload, '/applications/:app_key', '/applications/shop');
    await user.upload(screen.getByLabelText('SBOM file'), sbom('juice-shop.json'));
    expect(uploads.requests).toHaveLength(1);
    const [request] = uploads.requests;
    expect(request.method).toBe('POST');
    expect(`${request.url.pathname}${request.url.search}`).toBe('/api/apps/shop/builds?graph=core');
    expect(request.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect((request.body as FormData).get('bom')).toBeInstanceOf(File);
    expect(screen.getByText('Uploading juice-shop.json')).toBeInTheDocument();

    request.progress(371_000, 742_000);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(bar).toHaveAttribute('aria-valuetext', '362.3 KB of 724.6 KB');
    expect(screen.getByRole('button', { name: 'Upload SBOM' })).toBeDisabled();

    request.answer({ status: 202, body: build(3, { status: 'PENDING', component_count: 0 }) });
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Build #3 from juice-shop.json')).toBeInTheDocument();
    expect(await within(status).findByRole('progressbar', { name: 'Processing progress' })).toBeInTheDocument();
    // The panel does not poll: the build is read again when its DONE event marks it stale (the
    // remote's live rules do that: app/LiveApplications.test.tsx).
    const reads = () => calls.filter((call) => call.path === '/api/apps/shop/builds/b3').length;
    await waitFor(() => expect(reads()).toBe(1));
    await act(() => queryClient.invalidateQueries({ queryKey: APP_KEYS.build('core', 'shop', 'b3') }));
    expect(await within(status).findByText('840 components, 37 vulnerabilities.')).toBeInTheDocument();
    expect(reads()).toBe(2);
    expect(within(status).getByRole('link', { name: 'Open build #3' })).toHaveAttribute('href', '/applications/shop?build=b3');
    expect(within(status).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('takes a dropped file, and says why an upload was refused with the paths of what is wrong', async () => {
    fakeApi({});
    renderRoute(Upload, '/applications/:app_key', '/applications/shop');
    fireEvent.drop(screen.getByTestId('file-drop'), { dataTransfer: { files: [sbom('broken.json')] } });
    expect(uploads.requests).toHaveLength(1);
    uploads.requests[0].answer({
      status: 400,
      problem: {
        detail: 'The CycloneDX document is not valid.',
        errors: [
          { field: 'components[3].name', message: 'is required' },
          { field: 'specVersion', message: 'must be one of 1.2, 1.3, 1.4, 1.5, 1.6' },
        ],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('broken.json was not accepted');
    expect(alert).toHaveTextContent('The CycloneDX document is not valid.');
    const problems = within(alert).getByRole('list', { name: 'Problems found' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['components[3].name is required', 'specVersion must be one of 1.2, 1.3, 1.4, 1.5, 1.6']);
  });

  it('refuses a file over 64 MiB before sending it, and shows the 413 of the server', async () => {
    fakeApi({});
    const { user } = renderRoute(Upload, '/applications/:app_key', '/applications/shop');
    await user.upload(screen.getByLabelText('SBOM file'), sbom('huge.json', 65 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent('The SBOM is larger than the 64 MiB accepted.');
    expect(uploads.requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.upload(screen.getByLabelText('SBOM file'), sbom('big.json.gz'));
    uploads.requests[0].answer({ status: 413, problem: { detail: 'The inflated SBOM is larger than the 256 MiB accepted.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('big.json.gz was not accepted');
    expect(screen.getByRole('alert')).toHaveTextContent('The inflated SBOM is larger than the 256 MiB accepted.');
  });

  it('shows why a build failed on the server, and cancels an upload on request', async () => {
    fakeApi({ 'GET /api/apps/shop/builds/b4': { body: { ...build(4, { status: 'FAILED', error: 'The SBOM was not processed within 15 minutes.' }), app_key: 'shop' } } });
    const { user } = renderRoute(Upload, '/applications/:app_key', '/applications/shop');
    await user.upload(screen.getByLabelText('SBOM file'), sbom('slow.json'));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(screen.queryByText('Uploading slow.json')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('SBOM file'), sbom('slow.json'));
    uploads.requests[1].answer({ status: 202, body: build(4, { status: 'PENDING' }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Build #4 failed');
    expect(alert).toHaveTextContent('The SBOM was not processed within 15 minutes.');
  });

  it('refuses an upload client side (403, no request) without the ingest permission', async () => {
    setPermissionChecker((permission) => permission !== 'ingest=>SBOM');
    fakeApi({});
    const { user } = renderRoute(Upload, '/applications/:app_key', '/applications/shop');
    await user.upload(screen.getByLabelText('SBOM file'), sbom());
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have the privileges for the request.');
    expect(uploads.requests).toHaveLength(0);
  });
});
