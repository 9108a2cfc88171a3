import { history, sessionStore } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { sampleSession } from '../../../testing/sessions';
import { MfaSetupWizard } from './MfaSetupWizard';

const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const CODES = ['aaaa-1111', 'bbbb-2222', 'cccc-3333', 'dddd-4444'];
const createObjectURL = jest.fn((blob: Blob) => (blob ? 'blob:codes' : ''));
const revokeObjectURL = jest.fn();
let clickSpy: jest.SpyInstance;

beforeEach(() => {
  sessionStore.setSession(sampleSession('MfaSetup'));
  history.replace('/');
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  clickSpy = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => clickSpy.mockRestore());

// jsdom's Blob has no text(); FileReader reads it as a browser would.
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function api(setup: { status?: number; body?: unknown } = { body: { recovery_codes: CODES } }) {
  return fakeApi({
    'POST /api/sessions/mfa': { body: { qrcode: QR, secret: 'JBSWY3DPEHPK3PXP' } },
    'POST /api/sessions/mfa/setup/123456': setup,
    'GET /api/sessions': { body: sampleSession('Authenticated') },
  });
}

async function throughFirstStep() {
  const view = renderScreen(<MfaSetupWizard />);
  expect(await screen.findByRole('img', { name: 'QR code for the authenticator app' })).toHaveAttribute('src', QR);
  expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
  // Next waits for a code (spec 2.3's wizard: disabled until the step's field is filled).
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  await view.user.type(screen.getByLabelText('Verification code'), '   ');
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  await view.user.clear(screen.getByLabelText('Verification code'));
  await view.user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
  return view;
}

describe('MfaSetupWizard', () => {
  it('shows the QR code and secret, then the recovery codes two per row', async () => {
    api();
    expect(screen.queryByRole('heading', { name: 'Recovery codes' })).toBeNull();
    await throughFirstStep();
    expect(await screen.findByRole('heading', { name: 'Recovery codes' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(list).toHaveStyle({ gridTemplateColumns: 'repeat(2, 1fr)' });
  });

  it('shows the verification failure on 409 and stays on the first step', async () => {
    api({ status: 409, body: {} });
    await throughFirstStep();
    expect(await screen.findByRole('alert')).toHaveTextContent('Two-factor code verification failed. Please try again.');
    expect(screen.getByRole('heading', { name: 'Setup authenticator app' })).toBeInTheDocument();
  });

  it('requires the download before going on, then finishes at /dashboard with the refreshed session', async () => {
    api();
    const { user } = await throughFirstStep();
    await screen.findByRole('heading', { name: 'Recovery codes' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Download the recovery codes before going on.');
    expect(screen.getByRole('heading', { name: 'Recovery codes' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download' }));
    const blob = createObjectURL.mock.calls[0][0];
    expect(await readText(blob)).toBe(`${CODES.join('\n')}\n`);
    const link = clickSpy.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('recovery-codes.txt');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Complete' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(sessionStore.getState().session?.authentication_status).toBe('Authenticated'));
    expect(history.location.pathname).toBe('/dashboard');
  });
});
