// The POC group (spec 2.1, 2.3; issue 26 item 18, issue 25 item 3) through the real portal: the
// /poc routes exist only with the session's poc feature flag — a typed URL without it is the 404
// page, not just an unlinked screen — and each POC screen shows what it is for. The remote loader
// and `fetch` are the pieces faked; the Rabbitmq screen gets a fake realtime facade.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPortalQueryClient, history, PortalProvider, PortalRouter, sessionStore, type RealtimeFacade, type RealtimeState, type Session } from '@portal/shared';
import { fakeRemote, fakeShellApi, json, renderPortalAt } from './testing/portal';
import { loadRemoteApp } from '../remotes/remoteRegistry';
import { allow, process, processRole, READER_PERMISSIONS, sessionWith } from '../testing/sessions';
import { CENTRIFUGO_MESSAGE } from '../poc/PocScreen';
import { sandboxFor } from '../poc/grafanaDashboard';
import { RabbitmqScreen } from '../poc/RabbitmqScreen';

jest.mock('../remotes/remoteRegistry', () => ({ loadRemoteApp: jest.fn() }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;
const MAIN = process('main', 'Main');
const DASHBOARD = 'https://grafana.example.com/d/portal/security?orgId=1&kiosk';

let grafana: { url: string | null };
const fakeApi = (session: Session) =>
  fakeShellApi(session, [MAIN], (method, path) => (method === 'GET' && path === '/api/poc/grafana' ? json(200, grafana) : undefined));

/** A member with the development permission of the /poc guards (the DEMO role's), with or without the flag. */
const member = (poc: boolean) =>
  sessionWith(
    [...processRole('READER', READER_PERMISSIONS, ['main']), ...allow(['view=>DevelopmentInfo', 'perform=>Demo'], 'Role::DEMO')],
    ['main'],
    poc ? { features: { poc: true } } : {},
  );

beforeEach(() => {
  sessionStore.clearSession();
  window.localStorage.clear();
  grafana = { url: DASHBOARD };
  load.mockReset();
  load.mockImplementation(async (remote) => fakeRemote(remote));
});

describe('without the poc feature flag', () => {
  it.each(['/poc', '/poc/grafana', '/poc/notifications', '/poc/centrifugo', '/poc/nvd-cve'])('%s typed in is the 404 page, and no POC group is offered', async (path) => {
    fakeApi(member(false));
    renderPortalAt(path);
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    await within(navigation).findByRole('link', { name: 'Dashboard' });
    expect(within(navigation).queryByText('POC')).not.toBeInTheDocument();
    expect(load.mock.calls.map(([remote]) => remote)).not.toContain('mfe-applications');
  });
});

describe('with the poc feature flag', () => {
  it('offers the POC group and draws the session state machine with the current state highlighted', async () => {
    fakeApi(member(true));
    renderPortalAt('/poc');
    expect(await screen.findByRole('heading', { name: 'Proof of Concept' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['State Machine', 'Centrifugo', 'Grafana', 'CVEs', 'Rabbitmq']) {
      expect(within(navigation).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('img', { name: 'Session state machine, current state Authenticated' })).toBeInTheDocument();
    expect(screen.getByTestId('state-Authenticated')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByTestId('state-MfaSetup')).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('current-state')).toHaveTextContent('Authenticated');
    // The text alternative: every transition of spec 4.1 in words.
    expect(within(screen.getByRole('list', { name: 'Transitions' })).getByText('Error → Init: Try Again')).toBeInTheDocument();
  });

  it('embeds the configured Grafana dashboard in a sandboxed frame', async () => {
    fakeApi(member(true));
    renderPortalAt('/poc/grafana');
    const frame = await screen.findByTitle('Grafana dashboard');
    expect(frame).toHaveAttribute('src', DASHBOARD);
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('explains how to configure Grafana when no dashboard is set', async () => {
    grafana = { url: null };
    fakeApi(member(true));
    renderPortalAt('/poc/grafana');
    expect(await screen.findByText('No Grafana dashboard is configured')).toBeInTheDocument();
    expect(screen.getByText(/Set GRAFANA_DASHBOARD_URL on the API/)).toBeInTheDocument();
    expect(screen.queryByTitle('Grafana dashboard')).not.toBeInTheDocument();
  });

  it('says Centrifugo is not used, and leaves CVEs to the vulnerability database screen of mfe-applications', async () => {
    fakeApi(member(true));
    renderPortalAt('/poc/centrifugo');
    expect(await screen.findByText(CENTRIFUGO_MESSAGE)).toBeInTheDocument();
    act(() => history.push('/poc/nvd-cve'));
    expect(await screen.findByText('mfe-applications mounted')).toBeInTheDocument();
    expect(load.mock.calls.map(([remote]) => remote)).toContain('mfe-applications');
  });
});

it('never lets a dashboard on the portal\'s own origin out of the sandbox', () => {
  expect(sandboxFor('https://portal.example.com/grafana/d/x', 'https://portal.example.com')).toBe('allow-scripts');
  expect(sandboxFor('/grafana/d/x', 'https://portal.example.com')).toBe('allow-scripts');
  expect(sandboxFor(DASHBOARD, 'https://portal.example.com')).toBe('allow-scripts allow-same-origin');
});

describe('Rabbitmq', () => {
  function fakeFacade(initial: RealtimeState) {
    const listeners = new Set<(state: RealtimeState) => void>();
    const facade = {
      state: initial,
      subscribe: () => () => undefined,
      publish: jest.fn(async () => undefined),
      onStateChange(listener: (state: RealtimeState) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      move(state: RealtimeState) {
        facade.state = state;
        listeners.forEach((listener) => listener(state));
      },
    };
    return facade;
  }
  const renderScreen = (facade: RealtimeFacade) =>
    render(
      <PortalProvider queryClient={createPortalQueryClient()}>
        <PortalRouter>
          <RabbitmqScreen facade={facade} />
        </PortalRouter>
      </PortalProvider>,
    );

  it('shows the broker connection state as it changes, and sends an instant message to oneself once connected', async () => {
    act(() => sessionStore.setSession(member(true)));
    const facade = fakeFacade('Connecting');
    renderScreen(facade);
    expect(screen.getByTestId('broker-state')).toHaveTextContent('Connecting');
    await userEvent.type(screen.getByRole('textbox', { name: 'Instant message to yourself' }), '  Hello broker ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('Sending waits for the broker connection.')).toBeInTheDocument();

    act(() => facade.move('Connected'));
    expect(screen.getByTestId('broker-state')).toHaveTextContent('Connected');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(facade.publish).toHaveBeenCalledTimes(1));
    expect(facade.publish).toHaveBeenCalledWith('notifications#u-ada', expect.objectContaining({ type: 'instant-message', message: 'Hello broker', sender: 'Ada Lovelace' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Instant message to yourself' })).toHaveValue(''));
  });

  it('refuses an empty or too long message before anything is sent', async () => {
    act(() => sessionStore.setSession(member(true)));
    const facade = fakeFacade('Connected');
    renderScreen(facade);
    const box = screen.getByRole('textbox', { name: 'Instant message to yourself' });
    await userEvent.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(5000));
    expect(screen.getByText(/^At most \d+ characters\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(facade.publish).not.toHaveBeenCalled();
  });
});
