import { act, screen, waitFor } from '@testing-library/react';
import { createRemoteLifecycles, history, type RemoteMountProps } from '@portal/shared';
import { mountParcel, type ParcelConfig } from './parcel';

// The remote renders its own React root, as in the browser: not under the test's act().
const flag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('mountParcel', () => {
  describe('with a real remote', () => {
    let before: boolean | undefined;
    beforeEach(() => {
      act(() => history.replace('/collaboration/tasks'));
      before = flag.IS_REACT_ACT_ENVIRONMENT;
      flag.IS_REACT_ACT_ENVIRONMENT = false;
    });
    afterEach(() => {
      flag.IS_REACT_ACT_ENVIRONMENT = before;
    });

    it('mounts and unmounts the single-spa-react lifecycles of createRemoteLifecycles', async () => {
      const app = createRemoteLifecycles({ remote: 'mfe-collaboration' }) as unknown as ParcelConfig<RemoteMountProps>;
      const domElement = document.body.appendChild(document.createElement('div'));
      const parcel = mountParcel<RemoteMountProps>(app, { domElement, remote: 'mfe-collaboration', onRetry: () => undefined });
      expect(parcel.getStatus()).toBe('MOUNTING');
      await parcel.mountPromise;
      expect(parcel.getStatus()).toBe('MOUNTED');
      expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
      await parcel.unmount();
      expect(parcel.getStatus()).toBe('UNMOUNTED');
      await waitFor(() => expect(domElement).toBeEmptyDOMElement());
      domElement.remove();
    });
  });

  it('runs lifecycle arrays in order, reports a failed mount, and has nothing to unmount then', async () => {
    const calls: string[] = [];
    const step = (name: string) => async () => {
      calls.push(name);
    };
    const parcel = mountParcel(
      {
        bootstrap: [step('bootstrap 1'), step('bootstrap 2')],
        mount: async () => {
          calls.push('mount');
          throw new Error('mount exploded');
        },
        unmount: step('unmount'),
      },
      { domElement: document.createElement('div') },
    );
    await expect(parcel.mountPromise).rejects.toThrow('mount exploded');
    expect(parcel.getStatus()).toBe('FAILED');
    await parcel.unmount();
    expect(calls).toEqual(['bootstrap 1', 'bootstrap 2', 'mount']);
  });

  it('gives every mounted parcel its own name', async () => {
    const names: string[] = [];
    const config: ParcelConfig<object> = {
      name: 'fake',
      bootstrap: async () => undefined,
      mount: async (props) => {
        names.push(props.name);
      },
      unmount: async () => undefined,
    };
    await mountParcel(config, { domElement: document.createElement('div') }).mountPromise;
    await mountParcel(config, { domElement: document.createElement('div') }).mountPromise;
    expect(new Set(names).size).toBe(2);
    expect(names[0]).toMatch(/^fake-/);
  });
});
