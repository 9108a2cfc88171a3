import { useEffect, useRef } from 'react';
import { showSnackbar, type RemoteName } from '@portal/shared';
import { loadAndMount } from './parcel';
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
  useEffect(
    () =>
      loadAndMount<P>(container.current, () => loadRemoteParcel<P>(remote, module), initial.current, {
        onFailed: (error) => {
          console.error(`${remote}/${module} could not be loaded`, error);
          showSnackbar(failure, 'error');
        },
      }),
    [remote, module, failure],
  );
  return <div ref={container} data-testid={`remote-parcel-${module}`} />;
}
