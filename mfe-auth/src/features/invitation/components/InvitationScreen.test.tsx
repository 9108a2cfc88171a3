import { history, MESSAGES, sessionStore } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { COMMON_PASSWORD_REPLY } from '../../../testing/replies';
import { sampleSession } from '../../../testing/sessions';
import { InvitationScreen } from './InvitationScreen';
import { typeNewPassword } from '../../../testing/passwords';

const INVITATION = '/api/users/invitation/tok-1';

beforeEach(() => {
  sessionStore.clearSession();
  history.replace('/user-invitation/tok-1');
});

describe('InvitationScreen', () => {
  it('welcomes the invitee, sends the code on CONTINUE and signs in with code and password', async () => {
    const session = sampleSession('MfaSetup');
    const { calls } = fakeApi({
      [`GET ${INVITATION}`]: { body: { email: 'new@example.com' } },
      [`PATCH ${INVITATION}`]: [{ status: 204 }, { body: session }],
    });
    const { user } = renderScreen(<InvitationScreen token="tok-1" />);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(await screen.findByRole('heading', { name: 'Complete Invitation' })).toBeInTheDocument();
    expect(calls[1]).toEqual({ method: 'PATCH', path: INVITATION, query: {}, body: {} });

    await user.type(screen.getByLabelText('One-time code'), '654321');
    await typeNewPassword(user, 'N3wPassw0rd!', 'N3wPassw0rd!{Enter}');
    await waitFor(() => expect(sessionStore.getState().session).toEqual(session));
    expect(calls[2].body).toEqual({ code: '654321', new_password: 'N3wPassw0rd!' });
  });

  it('shows the refusal of a common password at the new password', async () => {
    fakeApi({
      [`GET ${INVITATION}`]: { body: { email: 'new@example.com' } },
      [`PATCH ${INVITATION}`]: [{ status: 204 }, COMMON_PASSWORD_REPLY],
    });
    const { user } = renderScreen(<InvitationScreen token="tok-1" />);
    await user.click(await screen.findByRole('button', { name: 'CONTINUE' }));
    await user.type(await screen.findByLabelText('One-time code'), '654321');
    await typeNewPassword(user, 'P@ssw0rd', 'P@ssw0rd{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.commonPassword);
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the invalid screen on 404 and CLOSE goes home', async () => {
    fakeApi({ [`GET ${INVITATION}`]: { status: 404, body: {} } });
    const { user } = renderScreen(<InvitationScreen token="tok-1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired invitation.');
    expect(screen.getByText('Please contact your administrator for a new invitation.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CLOSE' }));
    expect(history.location.pathname).toBe('/');
  });

  it('shows an error when the code cannot be sent', async () => {
    fakeApi({ [`GET ${INVITATION}`]: { body: { email: 'new@example.com' } }, [`PATCH ${INVITATION}`]: { status: 503, body: {} } });
    const { user } = renderScreen(<InvitationScreen token="tok-1" />);
    await user.click(await screen.findByRole('button', { name: 'CONTINUE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service is not available at the moment. Please try again later.');
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });
});
