import { history, MESSAGES, sessionStore } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { COMMON_PASSWORD_REPLY } from '../../../testing/replies';
import { sampleSession } from '../../../testing/sessions';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';
import { typeNewPassword } from '../../../testing/passwords';

const FORGET = 'PATCH /api/users/bob%40example.com/password/forget';
const RESET = 'PATCH /api/users/bob%40example.com/password/otp-reset';

beforeEach(() => {
  sessionStore.clearSession();
  history.replace('/');
});

async function requestCode() {
  const view = renderScreen(<ForgotPasswordScreen onCancel={jest.fn()} />);
  await view.user.type(screen.getByLabelText('Username'), 'bob@example.com{Enter}');
  await screen.findByRole('heading', { name: 'Reset Password' });
  return view;
}

describe('ForgotPasswordScreen', () => {
  it('asks for the username, required', async () => {
    const { fetchMock } = fakeApi({});
    const { user } = renderScreen(<ForgotPasswordScreen onCancel={jest.fn()} />);
    expect(screen.getByRole('heading', { name: 'Reset Password Request' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Required.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the login id people sign in with, not only an e-mail address', async () => {
    const { calls } = fakeApi({ 'PATCH /api/users/bob/password/forget': { status: 204 } });
    const { user } = renderScreen(<ForgotPasswordScreen onCancel={jest.fn()} />);
    expect(screen.getByLabelText('Username')).toHaveAttribute('type', 'text');
    await user.type(screen.getByLabelText('Username'), 'bob{Enter}');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/api/users/bob/password/forget');
  });

  it('goes back with CANCEL', async () => {
    fakeApi({});
    const onCancel = jest.fn();
    const { user } = renderScreen(<ForgotPasswordScreen onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('shows the session-expired message when the request fails', async () => {
    fakeApi({ [FORGET]: { status: 500, body: {} } });
    const { user } = renderScreen(<ForgotPasswordScreen onCancel={jest.fn()} />);
    await user.type(screen.getByLabelText('Username'), 'bob@example.com{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Session expired. Please refresh your page and try again.');
  });

  it('resets the password with the code, signs in and heads for /dashboard', async () => {
    const session = sampleSession('MfaVerification');
    const { calls } = fakeApi({ [FORGET]: { status: 204 }, [RESET]: { body: session } });
    const { user } = await requestCode();
    expect(calls[0].body).toEqual({ username: 'bob@example.com' });

    await user.type(screen.getByLabelText('Code'), '12345');
    await typeNewPassword(user, 'N3wPassw0rd!', 'N3wPassw0rd?');
    await user.click(screen.getByRole('button', { name: 'RESET PASSWORD' }));
    expect(screen.getByText('Must have at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords must be the same.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code'), '6');
    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), 'N3wPassw0rd!{Enter}');
    await waitFor(() => expect(sessionStore.getState().session).toEqual(session));
    expect(calls[1].body).toEqual({ code: '123456', new_password: 'N3wPassw0rd!' });
    expect(history.location.pathname).toBe('/dashboard');
  });

  it('shows the refusal of a common password at the new password', async () => {
    fakeApi({ [FORGET]: { status: 204 }, [RESET]: COMMON_PASSWORD_REPLY });
    const { user } = await requestCode();
    await user.type(screen.getByLabelText('Code'), '123456');
    await typeNewPassword(user, 'Passw0rd!', 'Passw0rd!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.commonPassword);
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the invalid-code message on 401', async () => {
    fakeApi({ [FORGET]: { status: 204 }, [RESET]: { status: 401, body: {} } });
    const { user } = await requestCode();
    await user.type(screen.getByLabelText('Code'), '123456');
    await typeNewPassword(user, 'N3wPassw0rd!', 'N3wPassw0rd!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid one time code. Please try again.');
    expect(sessionStore.getState().session).toBeNull();
  });
});
