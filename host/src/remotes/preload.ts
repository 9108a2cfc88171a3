// The first screen's remote starts loading with the host (issue 26 item 22): its code is fetched
// while the session, the permissions and the processes are read, instead of after them. The
// outlet then takes that load (its lifecycles, or its failure with the runtime's own reason)
// rather than asking the federation runtime a second time.
import type { RemoteMountProps, RemoteName } from '@portal/shared';
import { resolveRoute } from '@portal/shared';
import type { ParcelConfig } from './parcel';
import { loadRemoteApp } from './remoteRegistry';

type AppLoad = Promise<ParcelConfig<RemoteMountProps>>;
const preloaded = new Map<RemoteName, AppLoad>();

/** Starts loading the remote that owns `pathname`, if a remote does. */
export function preloadRouteOwner(pathname: string, load: typeof loadRemoteApp = loadRemoteApp): void {
  const owner = resolveRoute(pathname)?.route.owner;
  if (!owner || owner === 'host' || preloaded.has(owner)) return;
  const loading = load(owner, false);
  // Its failure is the outlet's to show (fallback, Try Again): never an unhandled rejection.
  loading.catch(() => undefined);
  preloaded.set(owner, loading);
}

/** The load started for `remote` before the outlet asked, once; undefined when none was. */
export function takePreloaded(remote: RemoteName): AppLoad | undefined {
  const loading = preloaded.get(remote);
  preloaded.delete(remote);
  return loading;
}
