// Tests only: the real scanner outputs of the project's shared data (shared/data/ops), copied
// unchanged into testdata/ops with their README, which names each file's source and license.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FindingFormat, FindingImport } from '@portal/shared/server';
import { importFindings } from './index';

export const OPS_DATA = path.join(__dirname, 'testdata', 'ops');

export const readOps = (file: string): Buffer => readFileSync(path.join(OPS_DATA, file));

/** Every file of the data set whose content the detector reads as `format`. */
export function opsFilesOf(format: FindingFormat): string[] {
  return readdirSync(OPS_DATA)
    .filter((file) => file !== 'README.md')
    .filter((file) => importFindings(readOps(file)).format === format)
    .sort();
}

/** Counts of a key over a list: { HIGH: 5, LOW: 8 }. */
export function countBy<T>(items: T[], key: (item: T) => string | null): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const value = key(item) ?? '(null)';
    counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

/** Two parses of the same bytes give the same fingerprints, in the same order. */
export function fingerprintsAreStable(file: string): boolean {
  const once: FindingImport = importFindings(readOps(file));
  const twice: FindingImport = importFindings(Buffer.from(readOps(file)));
  return JSON.stringify(once.findings.map((f) => f.fingerprint)) === JSON.stringify(twice.findings.map((f) => f.fingerprint));
}
