// Mounts a remote's single-spa lifecycles (its `./app` expose, made by single-spa-react through
// createRemoteLifecycles) into a DOM element: bootstrap, mount, later unmount. The host needs no
// more of single-spa than this, and single-spa itself would cost ~6.5 KB gzip of the host's
// first load (250 KB budget). single-spa-react reads `name` (a key per mounted root) and
// `domElement` from the props; both are given here.

/** A lifecycle function, or several run in order (single-spa allows both). */
export type Lifecycle<P> = ((props: P) => Promise<unknown>) | Array<(props: P) => Promise<unknown>>;

export interface ParcelConfig<P> {
  name?: string;
  bootstrap: Lifecycle<P & ParcelProps>;
  mount: Lifecycle<P & ParcelProps>;
  unmount: Lifecycle<P & ParcelProps>;
}

export interface ParcelProps {
  /** Unique per mounted parcel: single-spa-react keys its React roots by it. */
  name: string;
  domElement: HTMLElement;
}

export type ParcelStatus = 'MOUNTING' | 'MOUNTED' | 'UNMOUNTING' | 'UNMOUNTED' | 'FAILED';

export interface Parcel {
  /** Settles once bootstrap and mount have run; rejects with their error. */
  mountPromise: Promise<void>;
  getStatus(): ParcelStatus;
  /** Unmounts once mounted (waits for a mount in progress); a failed parcel has nothing to unmount. */
  unmount(): Promise<void>;
}

let mounted = 0;

async function run<P>(lifecycle: Lifecycle<P>, props: P): Promise<void> {
  for (const step of Array.isArray(lifecycle) ? lifecycle : [lifecycle]) await step(props);
}

export function mountParcel<P extends object>(config: ParcelConfig<P>, props: P & { domElement: HTMLElement }): Parcel {
  mounted += 1;
  const full = { ...props, name: `${config.name ?? 'parcel'}-${mounted}` } as P & ParcelProps;
  let status: ParcelStatus = 'MOUNTING';
  const mountPromise = run(config.bootstrap, full)
    .then(() => run(config.mount, full))
    .then(
      () => {
        status = 'MOUNTED';
      },
      (error: unknown) => {
        status = 'FAILED';
        throw error;
      },
    );
  let unmounting: Promise<void> | undefined;
  return {
    mountPromise,
    getStatus: () => status,
    unmount() {
      unmounting ??= mountPromise.then(
        async () => {
          status = 'UNMOUNTING';
          await run(config.unmount, full);
          status = 'UNMOUNTED';
        },
        () => undefined,
      );
      return unmounting;
    },
  };
}

/**
 * Loads a parcel and mounts it into a new element appended to `container`; answers the cleanup
 * (unmount once mounted, then remove the element), which also stops a load still under way from
 * mounting. What a remote outlet and a remote component (RemoteParcel) both do.
 */
export function loadAndMount<P extends object>(
  container: HTMLElement | null,
  load: () => Promise<ParcelConfig<P>>,
  props: P,
  { onMounted, onFailed, remote }: { onMounted?: () => void; onFailed: (error: unknown) => void; remote?: string },
): () => void {
  let cancelled = false;
  let parcel: Parcel | undefined;
  const domElement = document.createElement('div');
  if (remote) domElement.dataset.remote = remote;
  container?.appendChild(domElement);
  load()
    .then(async (config) => {
      if (cancelled) return;
      parcel = mountParcel<P>(config, { ...props, domElement });
      await parcel.mountPromise;
      if (!cancelled) onMounted?.();
    })
    .catch((error: unknown) => {
      if (!cancelled) onFailed(error);
    });
  return () => {
    cancelled = true;
    const mounted = parcel;
    const release = () => domElement.remove();
    if (mounted) mounted.unmount().then(release, release);
    else release();
  };
}
