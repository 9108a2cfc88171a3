// Where advisories come from: single OSV JSON files (a record, or an array of records), folders of
// them (recursively), and the zip exports OSV publishes per ecosystem (all.zip of
// https://osv-vulnerabilities.storage.googleapis.com/<ecosystem>/all.zip), unzipped with fflate.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Database } from '../db/database';
import { inflationBudget } from '../http/inflate';
import { analyzeVulnerabilityTables, emptyAdvisoryCounts, importOsvBatch, noteProblem, type AdvisoryImportCounts } from './repository';

/** Records per transaction. */
export const BATCH_SIZE = 1000;
/**
 * Advisories added, updated or removed by one import after which the planner's statistics of the
 * vulnerability tables are refreshed: on Postgres, matching 50,000 components right after importing
 * 200,000 advisories took 7.9 s before autovacuum's ANALYZE and 5.4 s after; the embedded database
 * has no autovacuum at all. (ANALYZE of 200,000 advisories: ~1.2 s embedded.)
 */
export const ANALYZE_AFTER = 1000;
/** One advisory is a few kB; an entry this large is not one. */
export const ZIP_ENTRY_MAX_BYTES = 16 * 1024 * 1024;
/**
 * What one chunk of a zip's entries may inflate to, all entries together (sizes as declared): as
 * much as its largest entry. Real exports' chunks are bounded by BATCH_SIZE long before (a
 * thousand advisories are a few MB); a zip of large entries is read one entry at a time.
 */
export const ZIP_CHUNK_MAX_BYTES = ZIP_ENTRY_MAX_BYTES;

/** The entries in chunks of at most `entries` names and ZIP_CHUNK_MAX_BYTES declared bytes (an entry alone may fill one). */
export function zipChunks(list: ReadonlyArray<{ name: string; size: number }>, entries: number): Array<{ names: Set<string>; bytes: number }> {
  const chunks: Array<{ names: Set<string>; bytes: number }> = [];
  let current = { names: new Set<string>(), bytes: 0 };
  for (const entry of list) {
    if (current.names.size > 0 && (current.names.size >= entries || current.bytes + entry.size > ZIP_CHUNK_MAX_BYTES)) {
      chunks.push(current);
      current = { names: new Set<string>(), bytes: 0 };
    }
    current.names.add(entry.name);
    current.bytes += entry.size;
  }
  if (current.names.size > 0) chunks.push(current);
  return chunks;
}

/** Collects parsed records and imports them a batch at a time. */
export class AdvisoryImporter {
  readonly counts: AdvisoryImportCounts = emptyAdvisoryCounts();
  private pending: unknown[] = [];

  constructor(
    private readonly database: Database,
    private readonly batchSize = BATCH_SIZE,
  ) {}

  async add(record: unknown): Promise<void> {
    this.pending.push(record);
    if (this.pending.length >= this.batchSize) await this.flush();
  }

  /** A JSON text holding one record or an array of records; `source` names it in problems. */
  async addJson(textOrBytes: string | Uint8Array, source: string): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(typeof textOrBytes === 'string' ? textOrBytes : Buffer.from(textOrBytes).toString('utf8'));
    } catch (error) {
      this.counts.invalid += 1;
      noteProblem(this.counts, `${source}: not JSON (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    for (const record of Array.isArray(value) ? value : [value]) await this.add(record);
  }

  /**
   * A zip archive: every '.json' entry in it, inflated a chunk of entries at a time (an OSV export
   * holds tens of thousands); entries above ZIP_ENTRY_MAX_BYTES are refused unread. A chunk holds
   * at most BATCH_SIZE entries and ZIP_CHUNK_MAX_BYTES inflated (the sizes the archive declares,
   * which are what the reader allocates: an entry inflating past its declared size is cut there),
   * reserved in the process-wide budget of inflated uploads while it is read.
   */
  async addZip(bytes: Uint8Array, source: string): Promise<void> {
    const entries: Array<{ name: string; size: number }> = [];
    try {
      unzipSync(bytes, {
        filter: (file) => {
          if (!file.name.toLowerCase().endsWith('.json')) return false;
          if (file.originalSize > ZIP_ENTRY_MAX_BYTES) {
            this.counts.invalid += 1;
            noteProblem(this.counts, `${source}:${file.name}: larger than ${ZIP_ENTRY_MAX_BYTES} bytes, not read`);
          } else {
            entries.push({ name: file.name, size: file.originalSize });
          }
          return false;
        },
      });
    } catch (error) {
      noteProblem(this.counts, `${source}: not a readable zip (${error instanceof Error ? error.message : String(error)})`);
      this.counts.invalid += 1;
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const chunk of zipChunks(entries, this.batchSize)) {
      const release = await inflationBudget.reserve(chunk.bytes);
      try {
        let inflated: Record<string, Uint8Array>;
        try {
          inflated = unzipSync(bytes, { filter: (file) => chunk.names.has(file.name) });
        } catch (error) {
          noteProblem(this.counts, `${source}: ${error instanceof Error ? error.message : String(error)}`);
          this.counts.invalid += chunk.names.size;
          continue;
        }
        for (const name of chunk.names) {
          const entry = inflated[name];
          delete inflated[name]; // each entry goes once it is read
          if (entry) await this.addJson(entry, `${source}:${name}`);
        }
      } finally {
        release();
      }
    }
  }

  /** A file or upload by its content: a zip when it starts with the zip signature, JSON otherwise. */
  async addBytes(bytes: Uint8Array, source: string): Promise<void> {
    if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) await this.addZip(bytes, source);
    else await this.addJson(bytes, source);
  }

  /** A file (.json or .zip) or a folder (its .json and .zip files, recursively). */
  async addPath(target: string): Promise<void> {
    const info = await stat(target);
    if (info.isDirectory()) {
      const names = (await readdir(target)).sort();
      for (const name of names) {
        const child = path.join(target, name);
        const lower = name.toLowerCase();
        const childInfo = await stat(child);
        if (childInfo.isDirectory() || lower.endsWith('.json') || lower.endsWith('.zip')) await this.addPath(child);
      }
      return;
    }
    await this.addBytes(await readFile(target), target);
  }

  async flush(): Promise<AdvisoryImportCounts> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) await importOsvBatch(this.database, batch, this.counts);
    return this.counts;
  }

  /** Imports what is left; after a large import, refreshes the statistics matching plans with. */
  async finish(): Promise<AdvisoryImportCounts> {
    await this.flush();
    const { added, updated, removed } = this.counts;
    if (added + updated + removed >= ANALYZE_AFTER) await analyzeVulnerabilityTables(this.database);
    return this.counts;
  }
}

/** Imports every advisory under `paths` (files, folders, zips). */
export async function importAdvisoryPaths(database: Database, paths: readonly string[]): Promise<AdvisoryImportCounts> {
  const importer = new AdvisoryImporter(database);
  for (const target of paths) await importer.addPath(target);
  return importer.finish();
}

export function describeAdvisoryCounts(counts: AdvisoryImportCounts): string {
  return (
    `${counts.read} advisories read: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged, ` +
    `${counts.withdrawn} withdrawn (${counts.removed} removed), ${counts.invalid} invalid`
  );
}
