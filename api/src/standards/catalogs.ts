// Catalogs shipped with the API (see catalogs/README.md for their source and license). Kept
// gzip-compressed: the LOW baseline is 2.6 MB of JSON.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { sourcePath } from '../paths';

/** NIST SP 800-53 rev5 LOW baseline, resolved to an OSCAL catalog (public domain). */
export const NIST_LOW_BASELINE = sourcePath('standards', 'catalogs', 'NIST_SP-800-53_rev5_LOW-baseline-resolved-profile_catalog.json.gz');

/** The LOW baseline's JSON text. */
export async function readNistLowBaseline(): Promise<string> {
  return gunzipSync(await readFile(NIST_LOW_BASELINE)).toString('utf8');
}

/** The same, synchronously (tests). */
export function readNistLowBaselineSync(): string {
  return gunzipSync(readFileSync(NIST_LOW_BASELINE)).toString('utf8');
}
