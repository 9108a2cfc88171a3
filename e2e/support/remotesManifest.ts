import { writeFileSync } from 'node:fs';
import { DEFAULT_REMOTES, REMOTES_JSON } from './portal';

/** Points remotes at other entries in the portal's /remotes.json; returns a restore function. */
export function repointRemotes(changes: Record<string, string>): () => void {
  writeFileSync(REMOTES_JSON, JSON.stringify({ ...DEFAULT_REMOTES, ...changes }, null, 2));
  return () => writeFileSync(REMOTES_JSON, JSON.stringify(DEFAULT_REMOTES, null, 2));
}
