import { MESSAGES, sessionStore, TOO_MANY_SIGN_INS_MESSAGE } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { COMMON_PASSWORD_REPLY } from '../../../testing/replies';
import { sampleSession } from '../../../testing/sessions';
import { SignInScreen } from './SignInScreen';
import { typeNewPassword } from '../../../testing/passwords';

const GOOD_PASSWORD = 'N3wPassw0rd!';

beforeEach(() => sessionStore.clearSession());

async function signIn(username = 'alice@example.com', password = 'OldPassw0rd!') {
  const view = renderScreen(<SignInScreen onForgotPassword={jest.fn()} />);
  await view.user.type(screen.getByLabelText('Username'), username);
  await view.user.type(screen.getByLabelText('Password'), `${password}{Enter}`);
  return view;
}

describe('SignInScreen', () => {
  it('requires username and password before calling the API', async () => {
    const { fetchMock } = fakeApi({});
    const { user } = renderScreen(<SignInScreen onForgotPassword={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Required.', 'Required.']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in on Enter and puts the answered session in the store', async () => {
    const session = sampleSession('MfaVerification');
    const { calls } = fakeApi({ 'POST /api/sessions': { body: session } });
    await signIn();
    await waitFor(() => expect(sessionStore.getState().session).toEqual(session));
    expect(calls[0].body).toEqual({ username: 'alice@example.com', password: 'OldPassw0rd!' });
  });

  it('shows the invalid-credentials message in the form on 401', async () => {
    fakeApi({ 'POST /api/sessions': { status: 401, body: {} } });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. Please try again.');
    expect(sessionStore.getState().session).toBeNull();
  });

  it('shows the generic login failure on other errors', async () => {
    fakeApi({ 'POST /api/sessions': { status: 500, body: {} } });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to process your login request. Please try again later.');
  });

  it('switches to the expired-password screen on 403 and changes the password there', async () => {
    const session = sampleSession('MfaVerification');
    const { calls, fetchMock } = fakeApi({
      'POST /api/sessions': { status: 403, body: {} },
      'PATCH /api/users/alice%40example.com/password/changeExpired': { body: session },
    });
    const { user } = await signIn();
    expect(await screen.findByRole('heading', { name: 'Password Expired' })).toBeInTheDocument();

    await typeNewPassword(user, 'OldPassw0rd!', 'OtherPassw0rd!');
    await user.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    expect(screen.getByText('New password cannot be the same as current password.')).toBeInTheDocument();
    expect(screen.getByText('The passwords must be the same.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), GOOD_PASSWORD);
    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), `${GOOD_PASSWORD}{Enter}`);
    await waitFor(() => expect(sessionStore.getState().session).toEqual(session));
    expect(calls[1]).toEqual({
      method: 'PATCH',
      path: '/api/users/alice@example.com/password/changeExpired',
      query: {},
      body: { password: 'OldPassw0rd!', new_password: GOOD_PASSWORD },
    });
  });

  it('shows our message on 429: too many failed sign-ins', async () => {
    fakeApi({ 'POST /api/sessions': { status: 429, body: {} } });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_SIGN_INS_MESSAGE);
  });

  it('shows the refusal of a common password at the new password of the expired-password screen', async () => {
    fakeApi({
      'POST /api/sessions': { status: 403, body: {} },
      'PATCH /api/users/alice%40example.com/password/changeExpired': COMMON_PASSWORD_REPLY,
    });
    const { user } = await signIn();
    await user.type(await screen.findByLabelText('New password'), 'Passw0rd!');
    await user.type(screen.getByLabelText('Repeat new password'), 'Passw0rd!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.commonPassword);
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables Sign in while the request is pending', async () => {
    let release: () => void = () => undefined;
    globalThis.fetch = jest.fn(() => new Promise((resolve) => (release = () => resolve({ ok: false, status: 401, headers: new Headers(), text: async () => '' })))) as unknown as typeof fetch;
    await signIn();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    release();
    await screen.findByText('Invalid credentials. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('calls onForgotPassword from the Forgot password link', async () => {
    fakeApi({});
    const onForgotPassword = jest.fn();
    const { user } = renderScreen(<SignInScreen onForgotPassword={onForgotPassword} />);
    await user.click(screen.getByRole('link', { name: 'Forgot password' }));
    expect(onForgotPassword).toHaveBeenCalled();
  });

  it('opens the Login help loaded from the help file', async () => {
    fakeApi({ 'GET /help/login.md': { body: '# Login\nUse your e-mail address.', contentType: 'text/markdown' } });
    const { user } = renderScreen(<SignInScreen onForgotPassword={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Use your e-mail address\./)).toHaveTextContent('# Login');
  });

  it('falls back to the built-in help when the help file cannot be loaded', async () => {
    fakeApi({});
    const { user } = renderScreen(<SignInScreen onForgotPassword={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByText(/Sign in with your username/)).toBeInTheDocument();
  });
});
