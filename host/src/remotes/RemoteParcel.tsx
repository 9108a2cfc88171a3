import { useEffect, useRef } from 'react';
import { showSnackbar, type RemoteName } from '@portal/shared';
import { mountParcel, type Parcel } from './parcel';
import { loadRemoteParcel } from './remoteRegistry';

export interface RemoteParcelProps<P> {
  remote: RemoteName;
  /** The expose's name without './' (e.g. 'processDemoActions'). */
  module: string;
  /** Given at mount: a parcel with other props is a new parcel (mount it under another key). */
  props: P;
  /** Said when the remote cannot be loaded (its area is then unavailable). */
  failure: string;
}

/**
 * Mounts one component a remote exposes (beside its `./app`) where the host needs the remote's
 * own work, e.g. the process menu's demo actions: the host calls no domain endpoint itself.
 */
export function RemoteParcel<P extends object>({ remote, module, props, failure }: RemoteParcelProps<P>) {
  const container = useRef<HTMLDivElement>(null);
  const initial = useRef(props);
  useEffect(() => {
    let cancelled = false;
    let parcel: Parcel | undefined;
    const domElement = document.createElement('div');
    container.current?.appendChild(domElement);
    loadRemoteParcel<P>(remote, module)
      .then(async (config) => {
        if (cancelled) return;
        parcel = mountParcel<P>(config, { ...initial.current, domElement });
        await parcel.mountPromise;
      })
      .catch((error: unknown) => {
        console.error(`${remote}/${module} could not be loaded`, error);
        if (!cancelled) showSnackbar(failure, 'error');
      });
    return () => {
      cancelled = true;
      const mounted = parcel;
      const release = () => domElement.remove();
      if (mounted) mounted.unmount().then(release, release);
      else release();
    };
  }, [remote, module, failure]);
  return <div ref={container} data-testid={`remote-parcel-${module}`} />;
}
