import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { federationName, readStaticFile, REMOTES, type RemoteMountProps, type RemoteName } from '@portal/shared';
import { EARLY_REMOTES_URL, takeEarly } from '../early/requests';
import type { ParcelConfig } from './parcel';

/** `/remotes.json`: remote name -> URL of its mf-manifest.json (relative to the host's origin). */
export type RemoteManifest = Partial<Record<RemoteName, string>>;

const MANIFEST_URL = EARLY_REMOTES_URL;

/** The first read takes the answer the entry chunk asked for early, when it came back well. */
async function fetchManifest(): Promise<RemoteManifest> {
  return (await takeEarly<RemoteManifest>(MANIFEST_URL)) ?? (JSON.parse(await readStaticFile(MANIFEST_URL, { cache: 'no-store' })) as RemoteManifest);
}

let manifest: Promise<RemoteManifest> | undefined;
const registered = new Set<RemoteName>();

/**
 * Reads /remotes.json (once, or again when `retry`) and registers with the federation runtime
 * every listed remote not registered yet. `retry` names a remote whose load failed: it is
 * registered again with `force`, which re-reads its entry and drops the failed load from the
 * runtime's cache (Try Again).
 */
export function registerRemotesFromManifest(retry?: RemoteName): Promise<RemoteManifest> {
  if (!manifest || retry) {
    manifest = fetchManifest();
    manifest.catch(() => {
      manifest = undefined;
    });
  }
  return manifest.then((listed) => {
    const entry = (remote: RemoteName) => ({
      name: federationName(remote),
      entry: new URL(listed[remote]!, window.location.href).href,
    });
    const fresh = REMOTES.filter((remote) => listed[remote] && !registered.has(remote) && remote !== retry);
    if (fresh.length > 0) registerRemotes(fresh.map(entry));
    fresh.forEach((remote) => registered.add(remote));
    if (retry && listed[retry]) {
      registerRemotes([entry(retry)], { force: registered.has(retry) });
      registered.add(retry);
    }
    return listed;
  });
}

/** Loads a remote's `./app` expose: its single-spa lifecycles. */
export function loadRemoteApp(remote: RemoteName, retry: boolean): Promise<ParcelConfig<RemoteMountProps>> {
  return loadRemoteParcel<RemoteMountProps>(remote, 'app', retry);
}

/** Loads the single-spa lifecycles a remote exposes as `./<module>` (its app, or one component). */
export async function loadRemoteParcel<P>(remote: RemoteName, module: string, retry = false): Promise<ParcelConfig<P>> {
  const listed = await registerRemotesFromManifest(retry ? remote : undefined);
  if (!listed[remote]) throw new Error(`${remote} is not listed in ${MANIFEST_URL}`);
  const exposed = await loadRemote<ParcelConfig<P>>(`${federationName(remote)}/${module}`);
  if (!exposed || typeof exposed.mount !== 'function') throw new Error(`${remote} does not expose single-spa lifecycles as ./${module}`);
  return { name: `${remote}-${module}`.replace(/-app$/, ''), bootstrap: exposed.bootstrap, mount: exposed.mount, unmount: exposed.unmount };
}
