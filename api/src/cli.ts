import { readFile } from 'node:fs/promises';
import { loadConfig, type Config, type Environment } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { seedDemo } from './demo/seed';
import { createOrganizationCommand, createProcessCommand, createUserCommand, type CommandResult } from './cli/users';
import { importStandardCommand } from './cli/standards';
import { importAdvisoriesCommand, importKevCommand } from './cli/vulnerabilities';
import { withImportMonitoring } from './monitoring/cli-imports';

export type Print = (line: string) => void;

interface Command {
  summary: string;
  /** Resolves to the exit code when it is not 0 (2: the input was refused). */
  run(context: { args: string[]; config: Config; print: Print }): Promise<void | number>;
}

async function printed(result: Promise<CommandResult>, print: Print): Promise<number> {
  const { code, lines } = await result;
  for (const line of lines) print(line);
  return code;
}

async function withDatabase<T>(config: Config, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(config);
  try {
    await migrate(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

function where(config: Config): string {
  return config.databaseUrl ? 'the Postgres server of DATABASE_URL' : `${config.dataDir}`;
}

/** The commands that work on the database: alone, or several in a batch. */
export const DATABASE_COMMANDS: Readonly<Record<string, { summary: string; run: (database: Database, args: string[]) => Promise<CommandResult> }>> = {
  'create-organization': { summary: 'create an organization: --name <name>', run: createOrganizationCommand },
  'create-user': {
    summary:
      'create a user: [--org <organization>] --login <login id> --email <email> --name <name> --password <password> [--role <role>]... [--member <process>=<ROLE>[,<ROLE>]]...',
    run: createUserCommand,
  },
  'create-process': {
    summary: 'create a process: --org <organization> --code <code name> --name <name> [--type REQUIREMENTS|EDISCOVERY] [--dashboard LIVE|MIX|PRESENTATION]',
    run: createProcessCommand,
  },
  'import-standard': {
    summary: 'import an OSCAL catalog (JSON) into a process as requirements: --process <code name> --file <path> [--org <organization>]',
    run: importStandardCommand,
  },
  // Continuous monitoring follows, as after an import through the API (monitoring/cli-imports.ts).
  'import-advisories': {
    summary: 'import OSV advisories (global), then queue continuous monitoring of them: PATH... (.json files, folders, OSV .zip exports)',
    run: (database, args) => withImportMonitoring(database, () => importAdvisoriesCommand(database, args)),
  },
  'import-kev': {
    summary: "import CISA's known exploited vulnerabilities catalog, then queue continuous monitoring of it: PATH (known_exploited_vulnerabilities.json)",
    run: (database, args) => withImportMonitoring(database, () => importKevCommand(database, args)),
  },
};

/** A batch file: a JSON array of argument lists, each naming a database command; or what is wrong with it. */
export function parseBatch(text: string): string[][] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the file is not JSON';
  }
  if (!Array.isArray(value)) return 'the file must hold a JSON array of argument lists';
  for (const [index, entry] of value.entries()) {
    if (!Array.isArray(entry) || entry.length === 0 || !entry.every((arg) => typeof arg === 'string')) {
      return `entry ${index + 1} is not a list of strings`;
    }
    if (!(entry[0] in DATABASE_COMMANDS)) return `entry ${index + 1}: unknown command '${entry[0]}'`;
  }
  return value as string[][];
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  migrate: {
    summary: 'apply the pending database migrations',
    async run({ config, print }) {
      const database = await openDatabase(config);
      try {
        const applied = await migrate(database);
        print(applied.length > 0 ? `applied migrations ${applied.join(', ')}` : 'database is up to date');
      } finally {
        await database.close();
      }
    },
  },
  worker: {
    summary: 'run the job workers without HTTP until Ctrl+C or SIGTERM (Postgres: DATABASE_URL; npm start runs them in the API process as well)',
    async run({ config, print }) {
      const { runWorker, signalled, workerKinds } = await import('./cli/worker');
      return runWorker(config, print, signalled, undefined, workerKinds());
    },
  },
  demo: {
    summary: 'seed the demo organization and its demo data (safe to run again)',
    async run({ config, print }) {
      const lines = await withDatabase(config, (database) => seedDemo(database, undefined, { config }));
      print(`demo data in ${where(config)}:`);
      for (const line of lines) print(`  ${line}`);
    },
  },
  ...Object.fromEntries(
    Object.entries(DATABASE_COMMANDS).map(([name, { summary, run }]) => [
      name,
      { summary, run: ({ args, config, print }) => withDatabase(config, (database) => printed(run(database, args), print)) } satisfies Command,
    ]),
  ),
  batch: {
    summary: `run several commands with the database opened once: --file <path> of a JSON array of argument lists, e.g. [["create-user", "--login", "ada", …], …] (${Object.keys(DATABASE_COMMANDS).join(', ')}); stops at the first that fails`,
    async run({ args, config, print }) {
      const file = args[0] === '--file' ? args[1] : undefined;
      if (!file || args.length !== 2) {
        print('batch: --file <path> is required');
        return 2;
      }
      const batch = parseBatch(await readFile(file, 'utf8'));
      if (typeof batch === 'string') {
        print(`batch: ${batch}`);
        return 2;
      }
      return withDatabase(config, async (database) => {
        for (const [name, ...commandArgs] of batch) {
          const code = await printed(DATABASE_COMMANDS[name]!.run(database, commandArgs), print);
          if (code !== 0) return code;
        }
        return 0;
      });
    },
  },
};

function usage(print: Print): void {
  print('usage: portal <command>');
  for (const [name, command] of Object.entries(COMMANDS)) print(`  ${name.padEnd(10)} ${command.summary}`);
}

/** Runs one command; resolves to the process exit code. */
export async function runCli(
  argv: readonly string[],
  env: Environment = process.env,
  print: Print = (line) => console.log(line),
): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    if (name !== undefined && name !== 'help' && name !== '--help') print(`unknown command '${name}'`);
    usage(print);
    return name === undefined || name === 'help' || name === '--help' ? 0 : 1;
  }
  return (await command.run({ args, config: loadConfig(env), print })) ?? 0;
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
