import { history, sessionStore, TOO_MANY_CODES_MESSAGE } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { sampleSession } from '../../../testing/sessions';
import { MfaVerificationScreen } from './MfaVerificationScreen';

beforeEach(() => sessionStore.setSession(sampleSession('MfaVerification')));

describe('MfaVerificationScreen', () => {
  it('confirms the code and stores the authenticated session', async () => {
    const session = sampleSession('Authenticated');
    const { calls } = fakeApi({ 'POST /api/sessions/mfa/verify/123456': { body: session } });
    const { user } = renderScreen(<MfaVerificationScreen />);
    expect(screen.getByRole('heading', { name: '2-Step Verification' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    await waitFor(() => expect(sessionStore.getState().session).toEqual(session));
    expect(calls).toHaveLength(1);
  });

  it("shows 'Invalid code.' on 401 and keeps the session", async () => {
    fakeApi({ 'POST /api/sessions/mfa/verify/000000': { status: 401, body: {} } });
    const { user } = renderScreen(<MfaVerificationScreen />);
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code.');
    expect(sessionStore.getState().session?.authentication_status).toBe('MfaVerification');
  });

  it('shows our message on 429: too many wrong codes for the account, the right one included', async () => {
    fakeApi({ 'POST /api/sessions/mfa/verify/123456': { status: 429, contentType: 'application/problem+json', body: { status: 429 } } });
    const { user } = renderScreen(<MfaVerificationScreen />);
    await user.type(screen.getByLabelText('Verification code'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_CODES_MESSAGE);
    expect(sessionStore.getState().session?.authentication_status).toBe('MfaVerification');
  });

  it('has the help icon of the sign-in screens: the Login help in a notice', async () => {
    fakeApi({ 'GET /help/login.md': { body: '# Login\nThe code comes from your authenticator app.', contentType: 'text/markdown' } });
    const { user } = renderScreen(<MfaVerificationScreen />);
    // The logout icon stays beside it.
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login help' });
    expect(await within(dialog).findByText(/The code comes from your authenticator app\./)).toBeInTheDocument();
  });

  it('requires a code', async () => {
    const { fetchMock } = fakeApi({});
    const { user } = renderScreen(<MfaVerificationScreen />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Required.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs out with the logout icon', async () => {
    history.replace('/dashboard');
    const { calls } = fakeApi({ 'DELETE /api/sessions': { status: 204 } });
    const { user } = renderScreen(<MfaVerificationScreen />);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(sessionStore.getState().session).toBeNull());
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/api/sessions' });
    expect(history.location.pathname).toBe('/');
  });
});
