// The app's CycloneDX attestation: asked for, then downloaded under the server's file name; a
// failure said beside the button; offered to who may view the app and requirements only.
import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderRoute } from '@portal/shared/testing';
import { signInEachTest } from '../../testing/sessions';
import { AttestationButton } from './AttestationButton';

signInEachTest();

let click: jest.SpyInstance;
beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:portal/1');
  URL.revokeObjectURL = jest.fn();
  click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => click.mockRestore());

const file = { status: 200, body: '{"bomFormat":"CycloneDX"}', contentType: 'application/vnd.cyclonedx+json', headers: { 'content-disposition': 'attachment; filename="attestation-shop.cdx.json"' } };

it('asks, then downloads the attestation and says under which name', async () => {
  const { calls } = fakeApi({ 'GET /api/apps/shop/compliance/attestation': file });
  const { user } = renderRoute(() => <AttestationButton graph="core" appKey="shop" />, '/applications/:app_key', '/applications/shop');
  await user.click(screen.getByRole('button', { name: 'Download CycloneDX attestation' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Download CycloneDX attestation' });
  expect(dialog).toHaveTextContent('A CycloneDX 1.6 attestation of shop');
  expect(calls).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Download' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Saved attestation-shop.cdx.json.');
  expect(click).toHaveBeenCalledTimes(1);
  expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/apps/shop/compliance/attestation', query: { graph: 'core' } });
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

it('says why it failed, and a Cancel downloads nothing', async () => {
  const { calls } = fakeApi({ 'GET /api/apps/shop/compliance/attestation': { status: 404, problem: { detail: 'Invalid app key' } } });
  const { user } = renderRoute(() => <AttestationButton graph="core" appKey="shop" />, '/applications/:app_key', '/applications/shop');
  await user.click(screen.getByRole('button', { name: 'Download CycloneDX attestation' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(calls).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Download CycloneDX attestation' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Download' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid app key');
  expect(click).not.toHaveBeenCalled();
});

it('is offered only to who may view the application and its requirements', () => {
  setPermissionChecker((permission) => permission !== 'view=>Requirement');
  fakeApi({});
  renderRoute(() => <AttestationButton graph="core" appKey="shop" />, '/applications/:app_key', '/applications/shop');
  expect(screen.queryByRole('button', { name: 'Download CycloneDX attestation' })).not.toBeInTheDocument();
});
