// `portal import-standard --process CODE --file PATH [--org NAME]`: the same import as
// POST /api/standards/imports, run to its end from the command line (no actor: the system).
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database';
import type { CommandResult } from './users';
import { processesNamed } from '../processes/repository';
import { createImportRunner } from '../standards/jobs';
import { CatalogError, parseCatalog, readCatalogDocument } from '../standards/oscal';
import { checkCatalogText } from '../standards/import';

const refused = (lines: string[]): CommandResult => ({ code: 2, lines });

/** A catalog file's text, gzip-compressed or not (recognised by its magic bytes). */
async function readCatalogFile(file: string): Promise<string> {
  const bytes = await readFile(file);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
}

export async function importStandardCommand(database: Database, args: string[]): Promise<CommandResult> {
  let values: { process?: string; file?: string; org?: string };
  try {
    values = parseArgs({
      args,
      options: { process: { type: 'string' }, file: { type: 'string' }, org: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return refused([error instanceof Error ? error.message : String(error)]);
  }
  if (!values.process) return refused(['process: Required (--process <code name>).']);
  if (!values.file) return refused(['file: Required (--file <path to an OSCAL catalog JSON, optionally gzip-compressed>).']);

  const processes = await processesNamed(database, values.process, values.org ?? null);
  if (processes.length === 0) return refused([`process: No process '${values.process}'${values.org ? ` in '${values.org}'` : ''}.`]);
  if (processes.length > 1) return refused([`process: '${values.process}' exists in several organizations; name one with --org.`]);
  const [process] = processes;

  let parsed;
  try {
    parsed = parseCatalog(readCatalogDocument(JSON.parse(await readCatalogFile(values.file))));
    checkCatalogText(parsed);
  } catch (error) {
    if (error instanceof CatalogError || error instanceof SyntaxError) return refused([`file: ${error.message}`]);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return refused([`file: No file '${values.file}'.`]);
    throw error;
  }
  const job = await createImportRunner(database).run(
    { organizationId: process.organization_id, processId: process.id, processCode: process.code_name, actor: null },
    parsed,
  );
  if (job.status !== 'DONE') return refused([`import failed: ${job.error ?? 'unknown error'}`]);
  return {
    code: 0,
    lines: [
      `imported '${job.title}' into process ${process.code_name} (${process.organization}): ${job.total} requirements, ${job.created} created, ${job.updated} updated`,
    ],
  };
}
