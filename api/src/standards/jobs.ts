// Standard imports as background jobs: the job row is committed first (the 202 answers it), the
// import runs in one transaction afterwards and its progress is kept in memory while it runs
// (the transaction's own writes are invisible until it commits); the row holds the outcome.
import type { StandardImportStatus, StandardImportView } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { importCatalog, type ImportTarget } from './import';
import { CatalogError, type ParsedCatalog } from './oscal';
import { failImportJob, findImportJob, finishImportJob, insertImportJob, type ImportRow } from './repository';
import type { ChangeTracker } from '../http/read-cache';

export type { StandardImportStatus, StandardImportView };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function view(row: ImportRow, live?: number): StandardImportView {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    processed: row.status === 'RUNNING' && live !== undefined ? live : row.processed,
    total: row.total,
    created: row.created,
    updated: row.updated,
    error: row.error,
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
  };
}

export interface ImportLog {
  error(object: object, message: string): void;
}

export interface ImportRunner {
  /** Records the job and starts it in the background; resolves to the job as it starts. */
  start(target: ImportTarget, parsed: ParsedCatalog): Promise<StandardImportView>;
  /** The same, resolving once the import is done (command line, demo, benchmark). */
  run(target: ImportTarget, parsed: ParsedCatalog): Promise<StandardImportView>;
  /** The job of that process, or undefined. */
  find(db: Queryable, processId: string, id: string): Promise<StandardImportView | undefined>;
  /** Resolves when no import is running (the app waits for it before it closes). */
  idle(): Promise<void>;
}

/** `committed` is called after an import committed (the app wakes the outbox relay with it). */
/**
 * `committed` runs once an import has committed (the outbox relay is told then); `changes` hears
 * that an import writes requirements in the background, so read caches step aside meanwhile.
 */
export function createImportRunner(
  database: Database,
  log?: ImportLog,
  committed: () => void = () => undefined,
  changes?: Pick<ChangeTracker, 'begin' | 'end'>,
): ImportRunner {
  const live = new Map<string, number>();
  const pending = new Set<Promise<void>>();

  async function record(target: ImportTarget, parsed: ParsedCatalog): Promise<ImportRow> {
    const row = await insertImportJob(database, target, parsed.title, parsed.nodes.length);
    return row;
  }

  async function execute(id: string, target: ImportTarget, parsed: ParsedCatalog): Promise<void> {
    live.set(id, 0);
    changes?.begin();
    let changing = true;
    const ended = () => {
      if (changing) changes?.end();
      changing = false;
    };
    try {
      await database.transaction(async (tx) => {
        const outcome = await importCatalog(tx, { ...target, importId: id }, parsed, (processed) => live.set(id, processed));
        await finishImportJob(tx, id, outcome);
      });
      ended();
      committed();
    } catch (error) {
      const message = error instanceof CatalogError ? error.message : 'The import failed; nothing was changed.';
      if (!(error instanceof CatalogError)) log?.error({ err: error, importId: id }, 'standard import failed');
      await failImportJob(database, id, message.slice(0, 2000));
    } finally {
      ended();
      live.delete(id);
    }
  }

  const runner: ImportRunner = {
    async start(target, parsed) {
      const row = await record(target, parsed);
      live.set(row.id, 0);
      const job = execute(row.id, target, parsed).catch((error: unknown) => log?.error({ err: error }, 'standard import not recorded'));
      pending.add(job);
      void job.finally(() => pending.delete(job));
      return view(row, 0);
    },
    async run(target, parsed) {
      const row = await record(target, parsed);
      await execute(row.id, target, parsed);
      return (await runner.find(database, target.processId, row.id))!;
    },
    async find(db, processId, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const row = await findImportJob(db, processId, id);
      return row ? view(row, live.get(row.id)) : undefined;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled(pending);
    },
  };
  return runner;
}
