import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The portal the e2e suite starts, exactly as `npm start` starts it, on its own port and data. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const REPO_ROOT = resolve(__dirname, '..', '..');
export const E2E_DIR = join(tmpdir(), `portal-e2e-${E2E_PORT}`);
/** The runtime manifest the e2e portal serves as /remotes.json (tests repoint remotes in it). */
export const REMOTES_JSON = join(E2E_DIR, 'remotes.json');

export const DEFAULT_REMOTES: Record<string, string> = Object.fromEntries(
  ['mfe-auth', 'mfe-requirements', 'mfe-collaboration', 'mfe-applications', 'mfe-operations', 'mfe-admin'].map(
    (remote) => [remote, `/remotes/${remote}/mf-manifest.json`],
  ),
);
