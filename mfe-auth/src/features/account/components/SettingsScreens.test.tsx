import { bus, history, MESSAGES, sessionStore, setPermissionChecker, type RouteDefinition } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { COMMON_PASSWORD_REPLY } from '../../../testing/replies';
import { sampleSession } from '../../../testing/sessions';
import { ChangePasswordScreen } from './ChangePasswordScreen';
import { TwoFactorScreen } from './TwoFactorScreen';
import { UserProfileScreen } from './UserProfileScreen';
import { typeNewPassword } from '../../../testing/passwords';

const route = (path: string, title: string): RouteDefinition => ({ path, title, owner: 'mfe-auth' }) as RouteDefinition;
const snackbars: string[] = [];
const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);

beforeEach(() => {
  sessionStore.setSession(sampleSession('Authenticated'));
  snackbars.length = 0;
  bus.on('snackbar:show', onSnackbar);
});
afterEach(() => bus.off('snackbar:show', onSnackbar));

describe('ChangePasswordScreen', () => {
  const screenRoute = route('/settings/change-password', 'Change Password');

  it('checks the new password, changes it and tells the user', async () => {
    const { calls } = fakeApi({ 'PATCH /api/users/alice%40example.com/changePassword': { status: 204 } });
    const { user } = renderScreen(<ChangePasswordScreen route={screenRoute} />);
    await user.type(screen.getByLabelText('Current password'), 'OldPassw0rd!');
    await typeNewPassword(user, 'OldPassw0rd!', 'Other1Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    expect(screen.getByText('New password cannot be the same as current password.')).toBeInTheDocument();
    expect(screen.getByText('The passwords must be the same.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Other1Passw0rd!{Enter}');
    await waitFor(() => expect(snackbars).toEqual(['Your password has been changed.']));
    expect(calls[0].body).toEqual({ password: 'OldPassw0rd!', new_password: 'Other1Passw0rd!' });
  });

  it('shows invalid credentials when the current password is wrong, keeping the session', async () => {
    fakeApi({ 'PATCH /api/users/alice%40example.com/changePassword': { status: 401, body: {} } });
    const { user } = renderScreen(<ChangePasswordScreen route={screenRoute} />);
    await user.type(screen.getByLabelText('Current password'), 'Wr0ngPassw0rd!');
    await typeNewPassword(user, 'Other1Passw0rd!', 'Other1Passw0rd!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. Please try again.');
    expect(sessionStore.getState().session).not.toBeNull();
  });
});

describe('ChangePasswordScreen and a password only the server refuses', () => {
  const screenRoute = route('/settings/change-password', 'Change Password');

  it('shows the message at the new password until it is changed, and no form-wide error', async () => {
    fakeApi({ 'PATCH /api/users/alice%40example.com/changePassword': [COMMON_PASSWORD_REPLY, { status: 204 }] });
    const { user } = renderScreen(<ChangePasswordScreen route={screenRoute} />);
    await user.type(screen.getByLabelText('Current password'), 'OldPassw0rd!');
    await typeNewPassword(user, 'P@ssw0rd', 'P@ssw0rd{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.commonPassword);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Data is not valid.')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'x');
    expect(screen.queryByText(MESSAGES.commonPassword)).not.toBeInTheDocument();
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
  });
});

const PREFERENCES = 'GET /api/users/alice%40example.com/notification-preferences';
const SAVE_PREFERENCES = 'PUT /api/users/alice%40example.com/notification-preferences';
const EVENTS = ['Requirement: Submit for Review', 'Task: Assign', 'Task: Past Due'];

describe('UserProfileScreen', () => {
  it('shows name, login id and organization from the session', () => {
    fakeApi({ [PREFERENCES]: { body: { muted: [], mail_digest: false, events: EVENTS } } });
    renderScreen(<UserProfileScreen route={route('/settings/user-profile', 'Account Profile')} />);
    expect(screen.getByRole('heading', { name: 'Account Profile' })).toBeInTheDocument();
    expect(screen.getByText('Alice Example')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('Acme Corp')).toBeInTheDocument();
  });
});

describe('UserProfileScreen → Notifications', () => {
  const profile = route('/settings/user-profile', 'Account Profile');

  it('shows a Mute switch per kind of event and the mail choice, as saved', async () => {
    fakeApi({ [PREFERENCES]: { body: { muted: ['Task: Assign'], mail_digest: true, events: EVENTS } } });
    renderScreen(<UserProfileScreen route={profile} />);
    const section = await screen.findByRole('form', { name: 'Notification preferences' });
    expect(within(section).getAllByRole('switch').map((input) => [input.getAttribute('aria-label') ?? input.closest('label')?.textContent, (input as HTMLInputElement).checked])).toEqual([
      ['Mute Requirement: Submit for Review', false],
      ['Mute Task: Assign', true],
      ['Mute Task: Past Due', false],
    ]);
    expect(within(section).getByLabelText('Mail')).toHaveValue('digest');
    expect(within(section).getByRole('button', { name: 'Save notifications' })).toBeDisabled();
  });

  it('saves the muted kinds and the daily digest, and tells the user', async () => {
    const { calls } = fakeApi({
      [PREFERENCES]: { body: { muted: [], mail_digest: false, events: EVENTS } },
      [SAVE_PREFERENCES]: { body: { muted: ['Task: Past Due'], mail_digest: true, events: EVENTS } },
    });
    const { user } = renderScreen(<UserProfileScreen route={profile} />);
    await user.click(await screen.findByRole('switch', { name: 'Mute Task: Past Due' }));
    await user.selectOptions(screen.getByLabelText('Mail'), 'Daily digest');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    await waitFor(() => expect(snackbars).toEqual(['Notification preferences saved.']));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ muted: ['Task: Past Due'], mail_digest: true });
    expect(screen.getByRole('switch', { name: 'Mute Task: Past Due' })).toBeChecked();
  });

  it("shows the server's refusal in the form and keeps the choices", async () => {
    fakeApi({
      [PREFERENCES]: { body: { muted: [], mail_digest: false, events: EVENTS } },
      [SAVE_PREFERENCES]: { status: 400, problem: { detail: "'Task: Assign' is not an event kind you can mute." } },
    });
    const { user } = renderScreen(<UserProfileScreen route={profile} />);
    await user.click(await screen.findByRole('switch', { name: 'Mute Task: Assign' }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("'Task: Assign' is not an event kind you can mute.");
    expect(screen.getByRole('switch', { name: 'Mute Task: Assign' })).toBeChecked();
    expect(snackbars).toEqual([]);
  });
});

describe('TwoFactorScreen', () => {
  const screenRoute = route('/settings/two-factor-authentication', 'Two-Factor Authentication');
  // The host registers the evaluator's checker; here one that grants the demo permission or not.
  afterEach(() => setPermissionChecker(null));

  it('offers Disable MFA only to users with the demo permission', () => {
    setPermissionChecker((permission) => permission !== 'perform=>Demo');
    renderScreen(<TwoFactorScreen route={screenRoute} />);
    expect(screen.getByRole('status')).toHaveTextContent('Two-factor authentication is on.');
    expect(screen.queryByRole('button', { name: 'Disable MFA' })).not.toBeInTheDocument();
  });

  it('asks before disabling two-factor, then the session must set it up again', async () => {
    setPermissionChecker((permission) => permission === 'perform=>Demo');
    history.replace('/settings/two-factor-authentication');
    const { calls } = fakeApi({ 'DELETE /api/sessions/mfa': { status: 204 }, 'GET /api/sessions': { body: sampleSession('MfaSetup') } });
    const { user } = renderScreen(<TwoFactorScreen route={screenRoute} />);
    expect(screen.getByRole('status')).toHaveTextContent('Two-factor authentication is on.');
    await user.click(screen.getByRole('button', { name: 'Disable MFA' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to disable two-factor authentication?');
    expect(dialog).toHaveTextContent('adds an additional layer of security to your account and is highly recommended');

    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable MFA' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(sessionStore.getState().session?.authentication_status).toBe('MfaSetup'));
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/api/sessions/mfa' });
    expect(history.location.pathname).toBe('/');
  });
});
