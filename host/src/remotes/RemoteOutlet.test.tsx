import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalProvider, type RemoteMountProps } from '@portal/shared';
import type { ParcelConfig } from './parcel';
import { loadRemoteApp } from './remoteRegistry';
import { RemoteOutlet } from './RemoteOutlet';

// The loader is the one piece faked here: these tests are about what the outlet does with it.
jest.mock('./remoteRegistry', () => ({ loadRemoteApp: jest.fn() }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

function lifecycles(mount: (props: RemoteMountProps & { domElement: HTMLElement }) => Promise<void>): ParcelConfig<RemoteMountProps> {
  return {
    name: 'fake',
    bootstrap: async () => undefined,
    mount: mount as never,
    unmount: async (props: unknown) => {
      (props as { domElement: HTMLElement }).domElement.innerHTML = '';
    },
  };
}

const working = lifecycles(async ({ domElement }) => {
  domElement.innerHTML = '<h1>Tasks</h1>';
});

const renderOutlet = () =>
  render(
    <PortalProvider>
      <RemoteOutlet remote="mfe-collaboration" />
    </PortalProvider>,
  );

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('RemoteOutlet', () => {
  it('shows a loading state, then the mounted remote', async () => {
    load.mockResolvedValue(working);
    renderOutlet();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Collaboration');
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mfe-collaboration', false);
  });

  it('falls back when the remote cannot be loaded, and Try Again loads it once it is back', async () => {
    load.mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json')).mockResolvedValueOnce(working);
    renderOutlet();
    const fallback = await screen.findByTestId('remote-unavailable');
    expect(fallback).toHaveTextContent('Collaboration is not available right now');
    expect(fallback).toHaveTextContent('Connection Error. Please try again later.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('mfe-collaboration', true);
  });

  it('falls back when the remote throws on mount', async () => {
    load.mockResolvedValue(
      lifecycles(async () => {
        throw new Error('mount exploded');
      }),
    );
    renderOutlet();
    expect(await screen.findByTestId('remote-unavailable')).toHaveTextContent('mount exploded');
  });
});
