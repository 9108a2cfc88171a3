// Fixtures of the analysis API tests: an app with Acme (process 'alpha': olga the organization
// admin, amy an AUTHOR, rex a REVIEWER, rita a READER) and Beta (bob, its admin, process 'beta'),
// and requirements inserted as rows.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate } from '../testing/users';

export interface Fixture {
  app: FastifyInstance;
  environment: TestEnvironment;
  olga: SessionCookie;
  amy: SessionCookie;
  rex: SessionCookie;
  rita: SessionCookie;
  bob: SessionCookie;
  ids: Record<'acme' | 'beta' | 'alpha' | 'betaProcess' | 'olga' | 'amy' | 'rex' | 'rita' | 'bob', string>;
  call(cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Inserts a requirement of 'alpha' (or `process`) and resolves to its id. */
  requirement(fields: RequirementFields): Promise<string>;
  close(): Promise<void>;
}

export interface RequirementFields {
  code: string;
  title: string;
  description?: string;
  parent?: string | null;
  position?: number;
  status?: string;
  progress?: number;
  owner?: string | null;
  source?: string | null;
  process?: 'alpha' | 'beta';
}

/** `config`: settings over the test environment's (e.g. a small documentMaxBytes). */
export async function createFixture(options: { config?: Partial<Config> } = {}): Promise<Fixture> {
  const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
  const environment = await createTestEnvironment();
  Object.assign(environment.config, options.config);
  const app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Beta']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN');
  const olga = await authenticate(app, 'olga', clock.now);
  const bob = await authenticate(app, 'bob', clock.now);
  const call = (cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: object) =>
    app.inject({ method, url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });
  const newProcess = (code_name: string) => ({ code_name, name: `Process ${code_name}`, type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
  const alpha = await call(olga, 'POST', '/api/projects', newProcess('alpha'));
  const beta = await call(bob, 'POST', '/api/projects', newProcess('beta'));
  if (alpha.statusCode !== 201 || beta.statusCode !== 201) throw new Error(`processes: ${alpha.body} ${beta.body}`);
  await createTestUser(app, 'amy', clock.now, '--org', 'Acme', '--member', 'alpha=AUTHOR');
  await createTestUser(app, 'rex', clock.now, '--org', 'Acme', '--member', 'alpha=REVIEWER');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'alpha=READER');
  const amy = await authenticate(app, 'amy', clock.now);
  const rex = await authenticate(app, 'rex', clock.now);
  const rita = await authenticate(app, 'rita', clock.now);
  const users = await app.database.query<{ id: string; login_id: string; organization_id: string }>(
    `SELECT id, login_id, organization_id FROM users WHERE login_id IN ('olga', 'amy', 'rex', 'rita', 'bob')`,
  );
  const user = (login: string) => users.find((row) => row.login_id === login)!;
  const ids = {
    acme: user('olga').organization_id,
    beta: user('bob').organization_id,
    alpha: (alpha.json() as { id: string }).id,
    betaProcess: (beta.json() as { id: string }).id,
    olga: user('olga').id,
    amy: user('amy').id,
    rex: user('rex').id,
    rita: user('rita').id,
    bob: user('bob').id,
  };
  let created = 0;
  const requirement = async (fields: RequirementFields) => {
    created += 1;
    const inBeta = fields.process === 'beta';
    const [row] = await app.database.query<{ id: string }>(
      `INSERT INTO requirements (organization_id, process_id, code, title, description, parent_id, position, status, progress, owner_id, source, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + make_interval(secs => $13)) RETURNING id`,
      [
        inBeta ? ids.beta : ids.acme,
        inBeta ? ids.betaProcess : ids.alpha,
        fields.code,
        fields.title,
        fields.description ?? '',
        fields.parent ?? null,
        fields.position ?? created,
        fields.status ?? 'DRAFT',
        fields.progress ?? 0,
        fields.owner ?? null,
        fields.source ?? null,
        inBeta ? ids.bob : ids.olga,
        created / 1000,
      ],
    );
    return row.id;
  };
  return {
    app,
    environment,
    olga,
    amy,
    rex,
    rita,
    bob,
    ids,
    call,
    requirement,
    async close() {
      await app.close();
      await environment.cleanup();
    },
  };
}

/** A multipart/form-data body with one file part. */
export function multipart(
  filename: string,
  content: Buffer | string,
  contentType = 'application/octet-stream',
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----portal-test-boundary-7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
