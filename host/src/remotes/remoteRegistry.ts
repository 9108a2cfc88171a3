import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { federationName, REMOTES, type RemoteMountProps, type RemoteName } from '@portal/shared';
import type { ParcelConfigObject } from 'single-spa';

/** `/remotes.json`: remote name -> URL of its mf-manifest.json (relative to the host's origin). */
export type RemoteManifest = Partial<Record<RemoteName, string>>;

const MANIFEST_URL = '/remotes.json';

async function fetchManifest(): Promise<RemoteManifest> {
  const response = await fetch(MANIFEST_URL, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not read ${MANIFEST_URL} (${response.status})`);
  return (await response.json()) as RemoteManifest;
}

let registration: Promise<RemoteManifest> | undefined;

/**
 * Reads /remotes.json and registers every remote with the federation runtime. `force` re-reads
 * the file and replaces a remote's registration, which also drops a failed load from the
 * runtime's cache (Try Again).
 */
export function registerRemotesFromManifest(force = false, only?: RemoteName): Promise<RemoteManifest> {
  if (registration && !force) return registration;
  registration = fetchManifest().then((manifest) => {
    const names = only ? [only] : REMOTES.filter((remote) => manifest[remote]);
    registerRemotes(
      names
        .filter((remote) => manifest[remote])
        .map((remote) => ({
          name: federationName(remote),
          entry: new URL(manifest[remote]!, window.location.href).href,
        })),
      { force },
    );
    return manifest;
  });
  registration.catch(() => {
    registration = undefined;
  });
  return registration;
}

/** Loads a remote's `./app` expose: its single-spa lifecycles. */
export async function loadRemoteApp(remote: RemoteName, retry: boolean): Promise<ParcelConfigObject<RemoteMountProps>> {
  const manifest = await registerRemotesFromManifest(retry, retry ? remote : undefined);
  if (!manifest[remote]) throw new Error(`${remote} is not listed in ${MANIFEST_URL}`);
  const app = await loadRemote<ParcelConfigObject<RemoteMountProps>>(`${federationName(remote)}/app`);
  if (!app || typeof app.mount !== 'function') throw new Error(`${remote} does not expose single-spa lifecycles`);
  return { name: remote, bootstrap: app.bootstrap, mount: app.mount, unmount: app.unmount };
}
