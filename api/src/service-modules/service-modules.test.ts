// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Service modules through the API (docs/authorization.md "Service modules"): an organization
// admin adds them per type, renames them, replaces their settings, rotates and deletes them;
// secret settings never leave the API, the API key is shown once and a rotated key stops working
// at once; a process member may not touch them; another organization's modules are not found.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { FORMAT_MESSAGES, MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { findOrganizationByName } from '../organizations/repository';
import { enroll, ensureProcess } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import { findServiceModuleByApiKey } from './api-keys';
import { openConfigs, unknownField } from './configs';
import { findServiceModule, recordServiceModuleSync } from './repository';
import type { ServiceModuleView } from './service';
import { unknownType } from './types';

const clock = manualClock(new Date('2030-07-01T08:00:00Z'));
const SECRETS = ['aws-Secret-0001/xyz', 'aws-Secret-0002/xyz', 'azure-Secret-0003'];
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN
let ada: SessionCookie; // Acme, ADMIN of process p1 (not of the organization)
let bob: SessionCookie; // Beta's ORG_ADMIN
let acmeId: string;
/** Every answer of the test: none may hold a secret. */
const answers: string[] = [];

const call = async (cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: object) => {
  const response = await app.inject({ method, url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });
  answers.push(response.body);
  return response;
};

const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  components: [{ 'bom-ref': 'pkg:npm/left-pad@1.3.0', type: 'library', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }],
});

const awsConfigs = { region: 'eu-west-1', access_key_id: 'AKIAEXAMPLE01', secret_access_key: SECRETS[0] };

let aws: ServiceModuleView & { api_key_value: string };

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Beta']);
  acmeId = (await findOrganizationByName(app.database, 'Acme'))!.id;
  const { process: p1 } = await ensureProcess(app.database, acmeId, { code_name: 'p1', name: 'P1', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'ada', clock.now, '--org', 'Acme');
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN');
  await enroll(app.database, (await findUserByLogin(app.database, 'ada'))!.id, p1.id, ['ADMIN']);
  olga = await authenticate(app, 'olga', clock.now);
  ada = await authenticate(app, 'ada', clock.now);
  bob = await authenticate(app, 'bob', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

describe('as an organization admin', () => {
  it('adds a module: its settings with secrets null, and its API key shown once', async () => {
    const response = await call(olga, 'POST', '/api/modules/aws?graph=p1', { name: ' Cloud ', category: 'Clouds', configs: awsConfigs });
    expect(response.statusCode).toBe(201);
    aws = response.json();
    expect(aws).toEqual({
      id: expect.any(String),
      type: 'aws',
      name: 'Cloud',
      category: 'Clouds',
      last_sync: null,
      // A cloud module's last sync attempt (operations/connectors): none yet.
      last_sync_attempt: null,
      configs: { region: 'eu-west-1', access_key_id: 'AKIAEXAMPLE01', secret_access_key: null, role_arn: null, regions: null, endpoint: null, sync_interval_minutes: null },
      secret_fields: ['secret_access_key'],
      secrets_set: ['secret_access_key'],
      api_key: { prefix: aws.api_key_value.slice(0, 8), created_at: clock.now().toISOString() },
      api_key_value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const { api_key_value: _shownOnce, ...shown } = aws;
    expect((await call(olga, 'GET', '/api/modules')).json()).toEqual([shown]);
    expect((await call(olga, 'GET', `/api/modules/${aws.id}/apiKey`)).json()).toEqual(aws.api_key);
    expect((await call(olga, 'GET', `/api/modules/${aws.id}/configs`)).json()).toEqual(aws.configs);
    // Sealed at rest, opened only by the code that talks to the service.
    const stored = (await findServiceModule(app.database, acmeId, aws.id))!;
    expect(JSON.stringify(stored.configs)).not.toContain(SECRETS[0]);
    expect(openConfigs('aws', app.identity.box, stored.configs)).toEqual(awsConfigs);
  });

  it('adds a CI/CD ingestion module, whose only credential is its key, and shows its last sync once there is one', async () => {
    const response = await call(olga, 'POST', '/api/modules/cicd-ingestion', { name: 'Pipelines' });
    expect(response.statusCode).toBe(201);
    const cicd = response.json();
    expect(cicd).toMatchObject({ type: 'cicd-ingestion', category: null, configs: {}, secret_fields: [], last_sync: null });
    expect(await findServiceModuleByApiKey(app.database, cicd.api_key_value)).toMatchObject({ id: cicd.id, organization_id: acmeId, type: 'cicd-ingestion' });
    const lastSync = async () => ((await call(olga, 'GET', '/api/modules')).json() as ServiceModuleView[]).find((module) => module.id === cicd.id)?.last_sync;

    // CI uploads a build with the key: that is the module's sync.
    expect((await call(olga, 'POST', '/api/apps?graph=p1', { app_key: 'shop', name: 'Shop' })).statusCode).toBe(201);
    const upload = (key: string, appKey = 'shop') =>
      app.inject({ method: 'POST', url: `/api/apps/${appKey}/builds`, headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: SBOM });
    const refused = await upload(cicd.api_key_value, 'no-such-app');
    expect(refused.statusCode).toBe(404);
    expect(await lastSync()).toBeNull();
    const uploaded = await upload(cicd.api_key_value);
    expect(uploaded.statusCode).toBe(202);
    const build = uploaded.json() as { created_at: string };
    expect(await lastSync()).toEqual({ sync_time: new Date(build.created_at).toISOString() });

    // A later sync moves it on; an earlier one arriving late does not move it back.
    await recordServiceModuleSync(app.database, acmeId, cicd.id, new Date('2031-07-01T09:00:00Z'));
    await recordServiceModuleSync(app.database, acmeId, cicd.id, new Date('2030-07-01T09:00:00Z'));
    expect(await lastSync()).toEqual({ sync_time: '2031-07-01T09:00:00.000Z' });
  });

  it('rotates the key: the old one stops resolving at once, the new one resolves', async () => {
    expect(await findServiceModuleByApiKey(app.database, aws.api_key_value)).toMatchObject({ id: aws.id, organization_id: acmeId, type: 'aws' });
    clock.advance(60_000);
    const rotated = await call(olga, 'POST', `/api/modules/${aws.id}/apiKey`);
    expect(rotated.statusCode).toBe(200);
    const key = rotated.json();
    expect(key).toEqual({ api_key_value: expect.any(String), prefix: key.api_key_value.slice(0, 8), created_at: clock.now().toISOString() });
    expect(key.api_key_value).not.toBe(aws.api_key_value);
    expect(await findServiceModuleByApiKey(app.database, aws.api_key_value)).toBeUndefined();
    expect(await findServiceModuleByApiKey(app.database, key.api_key_value)).toMatchObject({ id: aws.id, organization_id: acmeId, type: 'aws' });
    expect((await call(olga, 'GET', `/api/modules/${aws.id}/apiKey`)).json()).toEqual({ prefix: key.prefix, created_at: key.created_at });
    expect(await findServiceModuleByApiKey(app.database, '')).toBeUndefined();

    // A pipeline checking its key over HTTP sees the same.
    const whoami = (key?: string) =>
      app.inject({ method: 'GET', url: '/api/modules/whoami', headers: key === undefined ? {} : { 'x-api-key': key } });
    expect((await whoami(key.api_key_value)).json()).toEqual({ id: aws.id, type: 'aws', name: aws.name });
    expectProblem(await whoami(aws.api_key_value), 401, 'Invalid API key.');
    expectProblem(await whoami(), 401, 'Invalid API key.');
  });

  it('renames and recategorizes a module of the type named', async () => {
    const changed = await call(olga, 'PATCH', '/api/modules/aws', { id: aws.id, name: 'AWS prod', category: '' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: aws.id, name: 'AWS prod', category: null, configs: aws.configs });
    const kept = await call(olga, 'PATCH', '/api/modules/aws', { id: aws.id, category: 'Clouds' });
    expect(kept.json()).toMatchObject({ name: 'AWS prod', category: 'Clouds' });
    expectProblem(await call(olga, 'PATCH', '/api/modules/aws', { id: aws.id, name: '' }), 400, MESSAGES.required);
    expectProblem(
      await call(olga, 'PATCH', '/api/modules/azure', { id: aws.id, name: 'Other' }),
      404,
      `No azure module has the id '${aws.id}'; it is a aws module.`,
    );
  });

  it('replaces the settings; a secret left out or null keeps its value, one sent replaces it', async () => {
    const kept = await call(olga, 'PUT', `/api/modules/${aws.id}/configs`, {
      configs: { region: 'us-east-1', access_key_id: 'AKIAEXAMPLE02', secret_access_key: null, role_arn: 'arn:aws:iam::1:role/x' },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ region: 'us-east-1', access_key_id: 'AKIAEXAMPLE02', secret_access_key: null, role_arn: 'arn:aws:iam::1:role/x', regions: null, endpoint: null, sync_interval_minutes: null });
    const opened = async () => openConfigs('aws', app.identity.box, (await findServiceModule(app.database, acmeId, aws.id))!.configs);
    expect((await opened()).secret_access_key).toBe(SECRETS[0]);
    await call(olga, 'PUT', `/api/modules/${aws.id}/configs`, { configs: { region: 'us-east-1', access_key_id: 'AKIAEXAMPLE02', secret_access_key: SECRETS[1] } });
    expect(await opened()).toEqual({ region: 'us-east-1', access_key_id: 'AKIAEXAMPLE02', secret_access_key: SECRETS[1] });
  });

  it('refuses settings that are missing, malformed or not of the type, with the spec 5 messages', async () => {
    const missing = await call(olga, 'POST', '/api/modules/azure', { name: 'Azure', configs: { tenant_id: 't', client_id: 'c' } });
    expectProblem(missing, 400, MESSAGES.required);
    expect(missing.json().errors).toEqual([
      { field: 'configs.subscription_id', message: MESSAGES.required },
      { field: 'configs.client_secret', message: MESSAGES.required },
    ]);
    const url = await call(olga, 'POST', '/api/modules/code-quality', { name: 'Q', configs: { url: 'ftp://x', token: 't', colour: 'red' } });
    expectProblem(url, 400, unknownField('code-quality', 'colour'));
    expect(url.json().errors).toContainEqual({ field: 'configs.url', message: FORMAT_MESSAGES.url });
    expectProblem(await call(olga, 'POST', '/api/modules/cicd-ingestion', { name: 'C', configs: { url: 'https://x' } }), 400, unknownField('cicd-ingestion', 'url'));
    expectProblem(await call(olga, 'PUT', `/api/modules/${aws.id}/configs`, { configs: { access_key_id: 'AKIA' } }), 400, MESSAGES.required);
    expectProblem(await call(olga, 'PUT', `/api/modules/${aws.id}/configs`, { configs: 'all' }), 400, "'configs' must be an object of settings.");
    expectProblem(await call(olga, 'POST', '/api/modules/aws', { configs: awsConfigs }), 400, MESSAGES.required);
  });

  it('refuses an unknown type with the types there are', async () => {
    expectProblem(await call(olga, 'POST', '/api/modules/gcp', { name: 'G' }), 400, unknownType('gcp'));
    expectProblem(await call(olga, 'PATCH', '/api/modules/gcp', { id: aws.id, name: 'G' }), 400, unknownType('gcp'));
  });

  it('adds an Azure module whose client secret is write-only', async () => {
    const created = await call(olga, 'POST', '/api/modules/azure', {
      name: 'Azure',
      configs: { tenant_id: 't', subscription_id: 's', client_id: 'c', client_secret: SECRETS[2] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().configs).toEqual({
      tenant_id: 't',
      subscription_id: 's',
      client_id: 'c',
      client_secret: null,
      authority_host: null,
      arm_endpoint: null,
      sync_interval_minutes: null,
    });
  });
});

describe('a process admin (not of the organization)', () => {
  it('gets 403 on every service module call', async () => {
    const refusals = [
      await call(ada, 'GET', '/api/modules?graph=p1'),
      await call(ada, 'POST', '/api/modules/aws?graph=p1', { name: 'Mine', configs: awsConfigs }),
      await call(ada, 'PATCH', '/api/modules/aws?graph=p1', { id: aws.id, name: 'Mine' }),
      await call(ada, 'DELETE', `/api/modules/${aws.id}?graph=p1`),
      await call(ada, 'GET', `/api/modules/${aws.id}/apiKey?graph=p1`),
      await call(ada, 'POST', `/api/modules/${aws.id}/apiKey?graph=p1`),
      await call(ada, 'GET', `/api/modules/${aws.id}/configs?graph=p1`),
      await call(ada, 'PUT', `/api/modules/${aws.id}/configs?graph=p1`, { configs: awsConfigs }),
    ];
    for (const refused of refusals) expectProblem(refused, 403, STATUS_MESSAGES[403]);
  });
});

describe("another organization's modules", () => {
  it('are not found (404) and not listed', async () => {
    expect((await call(bob, 'GET', '/api/modules')).json()).toEqual([]);
    const notFound = [
      await call(bob, 'PATCH', '/api/modules/aws', { id: aws.id, name: 'Taken' }),
      await call(bob, 'PATCH', '/api/modules/aws', { name: 'No id' }),
      await call(bob, 'DELETE', `/api/modules/${aws.id}`),
      await call(bob, 'GET', `/api/modules/${aws.id}/apiKey`),
      await call(bob, 'POST', `/api/modules/${aws.id}/apiKey`),
      await call(bob, 'GET', `/api/modules/${aws.id}/configs`),
      await call(bob, 'PUT', `/api/modules/${aws.id}/configs`, { configs: awsConfigs }),
      await call(bob, 'GET', '/api/modules/not-a-uuid/configs'),
    ];
    for (const response of notFound) expectProblem(response, 404, STATUS_MESSAGES[404]);
    expect((await call(olga, 'GET', `/api/modules/${aws.id}/configs`)).json()).toMatchObject({ region: 'us-east-1' });
  });
});

describe('deleting a module', () => {
  it('removes it and its key stops working', async () => {
    const key = (await call(olga, 'POST', `/api/modules/${aws.id}/apiKey`)).json().api_key_value as string;
    expect(await findServiceModuleByApiKey(app.database, key)).toBeDefined();
    const deleted: LightMyRequestResponse = await call(olga, 'DELETE', `/api/modules/${aws.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await findServiceModuleByApiKey(app.database, key)).toBeUndefined();
    expectProblem(await call(olga, 'GET', `/api/modules/${aws.id}/configs`), 404, STATUS_MESSAGES[404]);
    expectProblem(await call(olga, 'DELETE', `/api/modules/${aws.id}`), 404, STATUS_MESSAGES[404]);
  });
});

it('never answered a secret, in any of the calls above', () => {
  expect(answers.length).toBeGreaterThan(30);
  for (const secret of SECRETS) expect(answers.filter((body) => body.includes(secret))).toEqual([]);
});
