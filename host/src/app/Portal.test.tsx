import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@portal/shared';
import { testSession } from '@portal/shared/testing';
import { loadRemoteApp } from '../remotes/remoteRegistry';
import { json, renderPortal } from './testing/portal';

// The remote loader is the one piece faked: this is about which state the portal shows.
jest.mock('../remotes/remoteRegistry', () => ({ loadRemoteApp: jest.fn() }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

beforeEach(() => {
  sessionStore.clearSession();
  load.mockReset();
  load.mockResolvedValue({
    name: 'fake',
    bootstrap: async () => undefined,
    mount: async (props: unknown) => {
      const { domElement, remote } = props as { domElement: HTMLElement; remote: string };
      domElement.innerHTML = `<p>${remote} mounted</p>`;
    },
    unmount: async () => undefined,
  });
});

describe('the portal in each state of the session', () => {
  it('shows the Connection Error when the session cannot be fetched, and Try Again recovers', async () => {
    const fetchMock = jest
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, { authenticated: false, authentication_status: '' }));
    global.fetch = fetchMock as typeof fetch;
    renderPortal();
    expect(await screen.findByText('Connection Error. Please try again later.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('mfe-auth mounted')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('hands an unauthenticated visitor to mfe-auth, without the shell', async () => {
    global.fetch = jest.fn().mockResolvedValue(json(200, { authenticated: false, authentication_status: '' })) as typeof fetch;
    renderPortal();
    expect(await screen.findByText('mfe-auth mounted')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mfe-auth', false);
  });

  it('shows the shell once the session is authenticated, and the sign-in again when it is cleared', async () => {
    global.fetch = jest.fn().mockResolvedValue(
      json(200, { ...testSession({ roles: ['AUTHOR'] }), access_control: null }),
    ) as typeof fetch;
    renderPortal();
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByTestId('signed-in-user')).toHaveTextContent('Ada Author');
    // A 401 anywhere clears the session store: the portal falls back to sign-in.
    act(() => sessionStore.clearSession());
    expect(await screen.findByText('mfe-auth mounted')).toBeInTheDocument();
  });
});
