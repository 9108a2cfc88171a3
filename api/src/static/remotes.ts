import { readFile } from 'node:fs/promises';
import { REMOTES } from '@portal/shared/server';

/** Remote name → the URL of its `mf-manifest.json`, as the host reads it from `/remotes.json`. */
export type RemoteManifests = Record<string, string>;

export function remotePrefix(remote: string): string {
  return `/remotes/${remote}/`;
}

/** In the one-URL default every remote is served by the API itself. */
export function defaultRemoteManifests(): RemoteManifests {
  return Object.fromEntries(REMOTES.map((remote) => [remote, `${remotePrefix(remote)}mf-manifest.json`]));
}

function parseManifests(text: string, file: string): RemoteManifests {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} must hold an object of remote name to manifest URL.`);
  }
  const entries = Object.entries(parsed);
  for (const [name, url] of entries) {
    if (typeof url !== 'string') throw new Error(`${file}: the URL of '${name}' must be a string.`);
  }
  return Object.fromEntries(entries);
}

/**
 * The default manifests, with the entries of the override file on top: a deployment points one
 * remote at another origin by listing only that remote. The file is read on every call so that
 * an edit takes effect without a restart.
 */
export async function loadRemoteManifests(overrideFile?: string): Promise<RemoteManifests> {
  const manifests = defaultRemoteManifests();
  if (!overrideFile) return manifests;
  return { ...manifests, ...parseManifests(await readFile(overrideFile, 'utf8'), overrideFile) };
}
