import { history, PortalProvider, sessionStore, type RouteDefinition, type Session } from '@portal/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InitializationScreen } from './InitializationScreen';

const route = { path: '/administration/global/initialization', title: 'Initialization', owner: 'mfe-admin' } as RouteDefinition;
const initiator = { session_id: 's1', authentication_status: 'Authenticated', user: { id: 'i', login_id: '_initiator', name: 'Initiator' } } as Session;
type Call = { method: string; path: string; body: unknown };

function fakeApi(answers: Record<string, number>): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = new URL(input, 'http://localhost').pathname;
    calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const status = answers[`${method} ${path}`] ?? 404;
    return { ok: status < 300, status, headers: new Headers({ 'content-type': 'application/json' }), text: async () => (status === 204 ? '' : '{}') };
  }) as unknown as typeof fetch;
  return calls;
}

function renderScreen() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <PortalProvider queryClient={queryClient}>
      <InitializationScreen route={route} />
    </PortalProvider>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'Organization name': 'Acme Corp',
    Name: 'Grace Admin',
    'Login ID': 'grace_admin',
    Email: 'grace@example.com',
    Password: 'Adm1nPassw0rd!',
    'Repeat password': 'Adm1nPassw0rd!',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
}

beforeEach(() => {
  sessionStore.setSession(initiator);
  history.replace('/administration/global/initialization');
});

describe('InitializationScreen', () => {
  it('checks the fields with the portal rules before sending', async () => {
    const calls = fakeApi({});
    const user = renderScreen();
    await fill(user, { 'Login ID': 'Grace!', Email: 'grace', Password: 'short', 'Repeat password': 'other', 'Organization name': '' });
    await user.click(screen.getByRole('button', { name: 'INITIALIZE' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Required.',
      'At least 3 characters, lowercase, numeric and _ only.',
      'Invalid email format.',
      'At least 8 characters and must have uppercase, lowercase, number and special character (@$!%*?&).',
      'The passwords must be the same.',
    ]);
    expect(calls).toHaveLength(0);
  });

  it('creates the organization and its Global Admin, then ends the Initiator session', async () => {
    const calls = fakeApi({ 'POST /api/administration/initialization': 201, 'DELETE /api/sessions': 204 });
    const user = renderScreen();
    await fill(user);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('The portal is initialized. Sign in as grace_admin.');
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/administration/initialization',
      body: {
        organization: { name: 'Acme Corp' },
        admin: { name: 'Grace Admin', login_id: 'grace_admin', email: 'grace@example.com', password: 'Adm1nPassw0rd!' },
      },
    });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(sessionStore.getState().session).toBeNull());
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/api/sessions' });
    expect(history.location.pathname).toBe('/');
  });

  it('shows the failure in the form', async () => {
    fakeApi({ 'POST /api/administration/initialization': 409 });
    const user = renderScreen();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'INITIALIZE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Data appears to be out-of-date. Please refresh your page and try again.');
  });
});
