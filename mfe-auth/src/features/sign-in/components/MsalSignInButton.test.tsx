import { sessionStore } from '@portal/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderScreen } from '@portal/shared/testing';
import { sampleSession } from '../../../testing/sessions';
import { THIRD_PARTY_SIGN_IN_LABEL } from './MsalSignInButton';
import { SignInScreen } from './SignInScreen';

const AUTHORIZATION_URL = 'https://login.example.com/authorize?client_id=portal';
const FAILURE = 'Unable to process your login request. Please try again later.';
const UNAUTHENTICATED = { authenticated: false, authentication_status: '', features: { msal: true } };

let openMock: jest.Mock;

beforeEach(() => {
  sessionStore.setSession(UNAUTHENTICATED as never);
  openMock = jest.fn(() => ({ closed: false }) as Window);
  window.open = openMock as unknown as typeof window.open;
});

afterEach(() => sessionStore.clearSession());

function postFromPopup(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

/** The form's alert; no field complains: the user typed nothing and needs not. */
async function formAlert() {
  const alert = await screen.findByRole('alert');
  expect(screen.queryByText('Required.')).not.toBeInTheDocument();
  return alert;
}

async function clickMicrosoft() {
  const view = renderScreen(<SignInScreen onForgotPassword={jest.fn()} />);
  await view.user.click(screen.getByRole('button', { name: THIRD_PARTY_SIGN_IN_LABEL }));
  await waitFor(() => expect(openMock).toHaveBeenCalled());
  return view;
}

describe('Sign in with Microsoft', () => {
  it('is offered only when the session features enable it', () => {
    sessionStore.setSession({ ...UNAUTHENTICATED, features: {} } as never);
    renderScreen(<SignInScreen onForgotPassword={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: THIRD_PARTY_SIGN_IN_LABEL })).not.toBeInTheDocument();
  });

  it('opens the authorization URL in a 483×600 popup with a state of a uuid and this origin', async () => {
    const { fetchMock } = fakeApi({ 'GET /api/sessions/msal/signin': { body: { url: AUTHORIZATION_URL } } });
    expect(THIRD_PARTY_SIGN_IN_LABEL).toBe('Sign in with Microsoft');
    await clickMicrosoft();
    expect(openMock).toHaveBeenCalledWith(AUTHORIZATION_URL, 'portal-sign-in', 'width=483,height=600');
    const requested = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    const state = JSON.parse(atob(requested.searchParams.get('state') ?? ''));
    expect(state).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), origin: window.location.origin });
  });

  it('fetches the session and stores it when the popup reports success', async () => {
    const session = sampleSession('Authenticated');
    const { calls } = fakeApi({
      'GET /api/sessions/msal/signin': { body: { url: AUTHORIZATION_URL } },
      'GET /api/sessions': { body: session },
    });
    await clickMicrosoft();
    // A message of another origin, or of another kind, is not the popup's.
    postFromPopup({ type: 'portal:msal', ok: true }, 'https://evil.example.com');
    postFromPopup({ type: 'something-else', ok: true });
    expect(calls.map((call) => call.path)).toEqual(['/api/sessions/msal/signin']);

    postFromPopup({ type: 'portal:msal', ok: true });
    await waitFor(() => expect(sessionStore.getState().session).toEqual(session));
    expect(calls.map((call) => call.path)).toEqual(['/api/sessions/msal/signin', '/api/sessions']);
  });

  it("shows the popup's failure message in the form and stays signed out", async () => {
    const { calls } = fakeApi({ 'GET /api/sessions/msal/signin': { body: { url: AUTHORIZATION_URL } } });
    await clickMicrosoft();
    postFromPopup({ type: 'portal:msal', ok: false, message: FAILURE });
    expect(await formAlert()).toHaveTextContent(FAILURE);
    expect(sessionStore.getState().session).toEqual(UNAUTHENTICATED);
    expect(calls).toHaveLength(1);
  });

  it('shows the sign-in failure message when the API cannot give the URL or the popup is blocked', async () => {
    fakeApi({ 'GET /api/sessions/msal/signin': { status: 502, body: {} } });
    const { user } = renderScreen(<SignInScreen onForgotPassword={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: THIRD_PARTY_SIGN_IN_LABEL }));
    expect(await formAlert()).toHaveTextContent(FAILURE);
    expect(openMock).not.toHaveBeenCalled();

    fakeApi({ 'GET /api/sessions/msal/signin': { body: { url: AUTHORIZATION_URL } } });
    openMock.mockReturnValue(null);
    await user.click(screen.getByRole('button', { name: THIRD_PARTY_SIGN_IN_LABEL }));
    await waitFor(() => expect(openMock).toHaveBeenCalled());
    expect(await formAlert()).toHaveTextContent(FAILURE);
  });
});
