import { history, RemoteRoot, sessionStore } from '@portal/shared';
import { describeRemoteRoutes, fakeApi } from '@portal/shared/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleSession } from '../testing/sessions';
import { invitationToken } from './AuthApp';
import { definition } from './definition';

// Signed in, mfe-auth serves its routes like every remote.
describe('signed in', () => {
  beforeAll(() => sessionStore.setSession(sampleSession('Authenticated')));
  afterAll(() => sessionStore.clearSession());
  describeRemoteRoutes(definition);

  it('shows the active-session notice with Logout on an invitation path', async () => {
    history.replace('/user-invitation/tok-9');
    render(<RemoteRoot {...definition} />);
    expect(await screen.findByText('You are already signed in. Log out to accept this invitation.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('not signed in', () => {
  beforeEach(() => {
    sessionStore.clearSession();
    fakeApi({ 'GET /api/users/invitation/tok-9': { body: { email: 'new@example.com' } } });
  });

  it.each(['/', '/dashboard', '/settings/user-profile'])('shows Sign In on %s', (path) => {
    history.replace(path);
    render(<RemoteRoot {...definition} />);
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it.each(['/user-invitation/tok-9', '/user-invitation/acme/tok-9'])('shows the invitation on %s', async (path) => {
    history.replace(path);
    render(<RemoteRoot {...definition} />);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('shows the 2-Step Verification or the setup wizard as the session asks', () => {
    history.replace('/');
    sessionStore.setSession(sampleSession('MfaVerification'));
    const { unmount } = render(<RemoteRoot {...definition} />);
    expect(screen.getByRole('heading', { name: '2-Step Verification' })).toBeInTheDocument();
    unmount();
    fakeApi({});
    sessionStore.setSession(sampleSession('MfaSetup'));
    render(<RemoteRoot {...definition} />);
    expect(screen.getByRole('heading', { name: 'Setup authenticator app' })).toBeInTheDocument();
  });

  it('moves from Sign In to Reset Password Request and back', async () => {
    history.replace('/');
    const user = userEvent.setup();
    render(<RemoteRoot {...definition} />);
    await user.click(screen.getByRole('link', { name: 'Forgot password' }));
    expect(await screen.findByRole('heading', { name: 'Reset Password Request' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('invitationToken', () => {
  it('reads the token of 3- and 4-segment invitation paths only', () => {
    expect(invitationToken('/user-invitation/abc')).toBe('abc');
    expect(invitationToken('/user-invitation/acme/abc')).toBe('abc');
    expect(invitationToken('/user-invitation')).toBeNull();
    expect(invitationToken('/user-invitation/a/b/c')).toBeNull();
    expect(invitationToken('/dashboard')).toBeNull();
  });
});
