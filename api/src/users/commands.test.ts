import { FORMAT_MESSAGES, MESSAGES } from '@portal/shared/server';
import { runCli } from '../cli';
import { openDatabase } from '../db/open';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';

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

const user = (overrides: Record<string, string> = {}): string[] =>
  Object.entries({
    '--org': 'Acme',
    '--login': 'alice_1',
    '--email': 'alice@example.com',
    '--name': 'Alice Example',
    '--password': 'Str0ng!Pass',
    ...overrides,
  }).flat();

it('creates an organization, and keeps it when asked again', async () => {
  const created = await run('create-organization', '--name', 'Acme');
  expect(created.code).toBe(0);
  expect(created.output).toEqual([expect.stringMatching(/^created organization 'Acme' \([0-9a-f-]{36}\)$/)]);
  expect((await run('create-organization', '--name', 'Acme')).output[0]).toMatch(/^kept existing organization 'Acme'/);
  expect(await run('create-organization', '--name', '  ')).toEqual({ code: 2, output: [`name: ${MESSAGES.required}`] });
});

it('creates a user of an organization with roles, storing an argon2id hash', async () => {
  const result = await run('create-user', ...user(), '--role', 'AUTHOR', '--role', 'REVIEWER');
  expect(result.code).toBe(0);
  expect(result.output).toEqual([
    expect.stringMatching(/^created user 'alice_1' \([0-9a-f-]{36}\) in organization 'Acme' with roles AUTHOR, REVIEWER$/),
  ]);
  const database = await openDatabase(environment.config);
  try {
    const [row] = await database.query<{ password_hash: string; roles: string[]; mfa_enabled: boolean }>(
      "SELECT password_hash, roles, mfa_enabled FROM users WHERE login_id = 'alice_1'",
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.roles).toEqual(['AUTHOR', 'REVIEWER']);
    expect(row?.mfa_enabled).toBe(false);
  } finally {
    await database.close();
  }
});

it('creates a Global Admin without an organization', async () => {
  const result = await run(
    'create-user',
    ...user({ '--login': 'global_admin', '--email': 'admin@example.com' }).slice(2),
    '--role',
    '_GLOBAL_ADMIN',
  );
  expect(result).toEqual({
    code: 0,
    output: [expect.stringMatching(/^created user 'global_admin' .* without an organization with roles _GLOBAL_ADMIN$/)],
  });
});

it.each([
  ['--password', 'weakpass', 'password', FORMAT_MESSAGES.password],
  ['--login', 'Al', 'login_id', FORMAT_MESSAGES.loginId],
  ['--email', 'alice-at-example', 'email', FORMAT_MESSAGES.email],
  ['--name', '', 'name', MESSAGES.required],
  ['--org', 'Nowhere', 'org', "No organization is named 'Nowhere'."],
])('refuses %s %j with exit code 2 and the spec message', async (flag, value, field, message) => {
  expect(await run('create-user', ...user({ '--login': 'bob_1', [flag]: value }))).toEqual({
    code: 2,
    output: [`${field}: ${message}`],
  });
});

it('refuses a login id already taken, and unknown options', async () => {
  expect(await run('create-user', ...user({ '--login': 'alice_1' }))).toEqual({
    code: 2,
    output: ["login_id: A user with login id 'alice_1' already exists."],
  });
  const unknown = await run('create-user', ...user({ '--login': 'carol' }), '--admin');
  expect(unknown.code).toBe(2);
  expect(unknown.output[0]).toMatch(/--admin/);
});

it('dates an account and its password with --created, for set-ups of the expiry policy', async () => {
  const result = await run('create-user', ...user({ '--login': 'old_timer', '--email': 'old@example.com' }), '--created', '2020-01-31');
  expect(result.code).toBe(0);
  const database = await openDatabase(environment.config);
  try {
    const [row] = await database.query<{ password_changed_at: Date }>("SELECT password_changed_at FROM users WHERE login_id = 'old_timer'");
    expect(new Date(row!.password_changed_at).toISOString()).toBe('2020-01-31T00:00:00.000Z');
  } finally {
    await database.close();
  }
  expect(await run('create-user', ...user({ '--login': 'bad_date', '--email': 'bad@example.com' }), '--created', 'yesterday')).toEqual({
    code: 2,
    output: ['created: Invalid date; use an ISO date like 2024-01-31.'],
  });
});

it('creates a process and enrolls a user in it with process roles', async () => {
  const created = await run('create-process', '--org', 'Acme', '--code', 'CORE', '--name', 'Core controls');
  expect(created.code).toBe(0);
  expect(created.output[0]).toMatch(/^created process CORE 'Core controls' in 'Acme' \([0-9a-f-]{36}\)$/);
  expect((await run('create-process', '--org', 'Acme', '--code', 'core', '--name', 'Again')).output[0]).toMatch(/^kept existing process CORE/);
  expect(await run('create-process', '--org', 'Nowhere', '--code', 'x y', '--name', '', '--type', 'OTHER')).toEqual({
    code: 2,
    output: [
      'code: 1 to 64 letters, digits, ., _ or -.',
      'name: Required, at most 255 characters.',
      'type: one of REQUIREMENTS, EDISCOVERY.',
      "org: No organization is named 'Nowhere'.",
    ],
  });

  const enrolled = await run('create-user', ...user({ '--login': 'member_1', '--email': 'member@example.com' }), '--member', 'core=READER,AUTHOR');
  expect(enrolled.code).toBe(0);
  expect(enrolled.output[1]).toBe("enrolled 'member_1' in process CORE as READER, AUTHOR");
  const refused = await run('create-user', ...user({ '--login': 'member_2', '--email': 'member2@example.com' }), '--member', 'nothing');
  expect(refused).toEqual({ code: 2, output: ["member: 'nothing' is not <process code>=<ROLE>[,<ROLE>]."] });
});
