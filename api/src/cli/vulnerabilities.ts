// The command line's advisory imports: `import-advisories PATH...` and `import-kev PATH`.
import { readFile, stat } from 'node:fs/promises';
import type { Database } from '../db/database';
import { importKevCatalog } from '../vulnerabilities/repository';
import { describeAdvisoryCounts, importAdvisoryPaths } from '../vulnerabilities/sources';

export interface CommandOutput {
  code: 0 | 2;
  lines: string[];
}

export async function importAdvisoriesCommand(database: Database, args: readonly string[]): Promise<CommandOutput> {
  if (args.length === 0) return { code: 2, lines: ['usage: import-advisories PATH... (OSV .json files, folders, OSV .zip exports)'] };
  for (const target of args) {
    try {
      await stat(target);
    } catch {
      return { code: 2, lines: [`${target}: no such file or folder`] };
    }
  }
  const started = Date.now();
  const counts = await importAdvisoryPaths(database, args);
  const lines = [`${describeAdvisoryCounts(counts)} in ${((Date.now() - started) / 1000).toFixed(1)} s`];
  for (const problem of counts.problems) lines.push(`  ${problem}`);
  return { code: counts.invalid > 0 && counts.added + counts.updated + counts.unchanged === 0 ? 2 : 0, lines };
}

export async function importKevCommand(database: Database, args: readonly string[]): Promise<CommandOutput> {
  if (args.length !== 1) return { code: 2, lines: ['usage: import-kev PATH (CISA known_exploited_vulnerabilities.json)'] };
  let catalog: unknown;
  try {
    catalog = JSON.parse(await readFile(args[0], 'utf8'));
  } catch (error) {
    return { code: 2, lines: [`${args[0]}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  try {
    const counts = await importKevCatalog(database, catalog);
    return {
      code: 0,
      lines: [
        `KEV catalog ${counts.catalogVersion ?? '(no version)'}: ${counts.read} entries read, ${counts.added} added, ${counts.updated} updated, ${counts.invalid} invalid`,
      ],
    };
  } catch (error) {
    return { code: 2, lines: [`${args[0]}: ${error instanceof Error ? error.message : String(error)}`] };
  }
}
