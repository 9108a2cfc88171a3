import { runCli } from './cli';
import { createTestEnvironment, type TestEnvironment } from './testing/test-environment';

let environment: TestEnvironment;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  environment = await createTestEnvironment();
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
