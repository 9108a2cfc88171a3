import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from './cli';
import { EMBEDDED_REFUSAL } from './cli/worker';
import { createTestEnvironment, type TestEnvironment } from './testing/test-environment';

let environment: TestEnvironment;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  environment = await createTestEnvironment({ unmigrated: true });
  env = { DATA_DIR: environment.config.dataDir, DATABASE_URL: environment.config.databaseUrl };
});

afterAll(async () => {
  await environment.cleanup();
});

async function run(...argv: string[]): Promise<{ code: number; output: string[] }> {
  const output: string[] = [];
  const code = await runCli(argv, env, (line) => output.push(line));
  return { code, output };
}

it('migrates, then says the database is up to date', async () => {
  expect(await run('migrate')).toEqual({ code: 0, output: [expect.stringMatching(/^applied migrations 001/)] });
  expect(await run('migrate')).toEqual({ code: 0, output: ['database is up to date'] });
});

it('seeds the demo data and prints what it did, idempotently', async () => {
  const first = await run('demo');
  expect(first.code).toBe(0);
  expect(first.output).toContain("  created organization 'Demo Organization'");
  const second = await run('demo');
  expect(second.output).toContain("  kept organization 'Demo Organization'");
  expect(second.output.some((line) => line.includes('created'))).toBe(false);
});

it('lists the commands, and fails on an unknown one', async () => {
  const help = await run('help');
  expect(help.code).toBe(0);
  expect(help.output).toEqual(
    expect.arrayContaining([expect.stringMatching(/^ {2}migrate +\S/), expect.stringMatching(/^ {2}demo +\S/)]),
  );
  const unknown = await run('frobnicate');
  expect(unknown.code).toBe(1);
  expect(unknown.output[0]).toBe("unknown command 'frobnicate'");
});

it('refuses to run job workers beside the embedded database, whose one process runs them', async () => {
  const output: string[] = [];
  // Without DATABASE_URL whichever pass this is: the data directory's database.
  const code = await runCli(['worker'], { DATA_DIR: environment.config.dataDir }, (line) => output.push(line));
  expect({ code, output: output.filter((line) => !line.includes('heap')) }).toEqual({ code: 2, output: [EMBEDDED_REFUSAL] });
});

it('runs a batch of commands with one database open, and refuses a malformed batch before any', async () => {
  const file = path.join(environment.dir, 'batch.json');
  await writeFile(
    file,
    JSON.stringify([
      ['create-organization', '--name', 'Batch Org'],
      ['create-process', '--org', 'Batch Org', '--code', 'BATCH', '--name', 'Batch process'],
      ['create-user', '--org', 'Batch Org', '--login', 'batcher', '--email', 'batcher@example.com', '--name', 'Bea Batcher', '--password', 'Batcher@2026', '--member', 'BATCH=AUTHOR'],
    ]),
  );
  const done = await run('batch', '--file', file);
  expect(done.code).toBe(0);
  expect(done.output).toEqual([
    expect.stringMatching(/^created organization 'Batch Org'/),
    expect.stringMatching(/^created process BATCH 'Batch process' in 'Batch Org'/),
    expect.stringMatching(/^created user 'batcher' .* in organization 'Batch Org'$/),
    "enrolled 'batcher' in process BATCH as AUTHOR",
  ]);

  await writeFile(file, JSON.stringify([['create-organization', '--name', 'Never'], ['drop-everything']]));
  expect(await run('batch', '--file', file)).toEqual({ code: 2, output: ["batch: entry 2: unknown command 'drop-everything'"] });
  await writeFile(file, '{"not": "a list"}');
  expect(await run('batch', '--file', file)).toEqual({ code: 2, output: ['batch: the file must hold a JSON array of argument lists'] });
  expect(await run('batch')).toEqual({ code: 2, output: ['batch: --file <path> is required'] });
  // A failing command stops the batch: a user needs more than a login.
  await writeFile(file, JSON.stringify([['create-user', '--login', 'half'], ['create-organization', '--name', 'Never']]));
  const stopped = await run('batch', '--file', file);
  expect(stopped.code).not.toBe(0);
  expect(stopped.output.join('\n')).not.toContain('Never');
});
