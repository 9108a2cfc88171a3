// The first screen's remote starts loading with the host (issue 26 item 22): its code is fetched
// while the session, the permissions and the processes are read, instead of after them. The
// outlet mounts it later through the same federation runtime, which loads each remote once.
import { resolveRoute } from '@portal/shared';
import { loadRemoteApp } from './remoteRegistry';

/** Starts loading the remote that owns `pathname`, if a remote does; a failure is left to the outlet (its fallback and Try Again). */
export function preloadRouteOwner(pathname: string, load: typeof loadRemoteApp = loadRemoteApp): void {
  const owner = resolveRoute(pathname)?.route.owner;
  if (!owner || owner === 'host') return;
  load(owner, false).catch(() => undefined);
}
