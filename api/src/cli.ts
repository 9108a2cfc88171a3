import { loadConfig, type Config, type Environment } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { seedDemo } from './demo/seed';
import { createOrganizationCommand, createProcessCommand, createUserCommand, type CommandResult } from './users/commands';
import { importStandardCommand } from './standards/commands';
import { importAdvisoriesCommand, importKevCommand } from './vulnerabilities/commands';

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

// Later issues add their commands here.
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
  demo: {
    summary: 'seed the demo organization and its demo data (safe to run again)',
    async run({ config, print }) {
      const lines = await withDatabase(config, (database) => seedDemo(database, undefined, { config }));
      print(`demo data in ${where(config)}:`);
      for (const line of lines) print(`  ${line}`);
    },
  },
  'create-organization': {
    summary: 'create an organization: --name <name>',
    run: ({ args, config, print }) => withDatabase(config, (database) => printed(createOrganizationCommand(database, args), print)),
  },
  'create-user': {
    summary:
      'create a user: [--org <organization>] --login <login id> --email <email> --name <name> --password <password> [--role <role>]... [--member <process>=<ROLE>[,<ROLE>]]...',
    run: ({ args, config, print }) => withDatabase(config, (database) => printed(createUserCommand(database, args), print)),
  },
  'create-process': {
    summary: 'create a process: --org <organization> --code <code name> --name <name> [--type REQUIREMENTS|EDISCOVERY] [--dashboard LIVE|MIX|PRESENTATION]',
    run: ({ args, config, print }) => withDatabase(config, (database) => printed(createProcessCommand(database, args), print)),
  },
  'import-standard': {
    summary: 'import an OSCAL catalog (JSON) into a process as requirements: --process <code name> --file <path> [--org <organization>]',
    run: ({ args, config, print }) => withDatabase(config, (database) => printed(importStandardCommand(database, args), print)),
  },
  'import-advisories': {
    summary: 'import OSV advisories (global): PATH... (.json files, folders, OSV .zip exports)',
    run: ({ args, config, print }) => withDatabase(config, (database) => printed(importAdvisoriesCommand(database, args), print)),
  },
  'import-kev': {
    summary: "import CISA's known exploited vulnerabilities catalog: PATH (known_exploited_vulnerabilities.json)",
    run: ({ args, config, print }) => withDatabase(config, (database) => printed(importKevCommand(database, args), print)),
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
