// @backend-agnostic: the cloud SDKs against local servers of their wire protocols; what is stored goes
// through the same SQL on PGlite.
// Issue 24 item 4: the cloud connectors with their real SDKs against local servers speaking the
// clouds' wire protocols. AWS: STS (query protocol, XML answers) and Security Hub's REST-JSON
// GetFindings (POST /findings, NextToken paging) answering the findings of
// importers/testdata/ops/awssecurityhub_inspector_ecr.json (the shared data set's file). Azure (HTTPS: the SDKs
// send bearer tokens and client secrets over TLS only; a certificate made for the test): the
// Entra ID token endpoint and the Resource Manager lists of Defender for Cloud alerts and
// assessments (nextLink paging) and secure scores, answering importers/testdata's REST JSON.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent, createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServiceModuleView } from '@portal/shared/server';
import { readOps } from '../importers/ops-data';
import { taskWorld, type TaskWorld } from '../../testing/tasks';

const ACCOUNT = '123456789012';
const OTHER_ACCOUNT = '210987654321';
const ROLE = `arn:aws:iam::${ACCOUNT}:role/portal-security-audit`;
const BASE_KEY = 'AKIAPORTALTEST';
const TEMP_KEY = 'ASIAPORTALTEMP';
const SESSION_TOKEN = 'FwoGZXIvYXdzEPortalSessionToken';
const INSPECTOR: Array<Record<string, unknown>> = JSON.parse(readOps('awssecurityhub_inspector_ecr.json').toString('utf8')).Findings;
const TESTDATA = path.resolve(__dirname, '..', 'importers', 'testdata');
const defenderJson = (file: string): Array<Record<string, unknown>> => JSON.parse(readFileSync(path.join(TESTDATA, file), 'utf8')).value;

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const SUBSCRIPTION = '9cfbad7a-7369-42e4-bcce-7677c5b3a44b';
const CLIENT_ID = '0d7ba5e6-1c2f-4a1b-9e53-3b8e6b7c2f10';
const CLIENT_SECRET = 'portal-client-secret';
const ACCESS_TOKEN = 'eyJ0eXAiOiJKV1QiPortalArmToken';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const read = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(String((server.address() as AddressInfo).port))));

const closeServer = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

// ---------------------------------------------------------------- AWS: STS and Security Hub

/** What the AWS endpoint answers; tests change it between syncs. */
const aws = {
  seen: [] as Seen[],
  /** Ids of the data set's findings Security Hub reports (all seven to start with). */
  reported: INSPECTOR.map((finding) => finding.Id as string),
  pageSize: 3,
  /** A region whose GetFindings answers 500 (InternalException). */
  failingRegion: null as string | null,
  /** Findings (by id) answered as a member account's (the administrator account of an aggregator reads them). */
  members: {} as Record<string, string>,
};

const stsXml = (action: string, result: string) =>
  `<${action}Response xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><${action}Result>${result}</${action}Result>` +
  `<ResponseMetadata><RequestId>c6104cbe-af31-11e0-8154-cbc7ccf896c7</RequestId></ResponseMetadata></${action}Response>`;

const stsError = (code: string, message: string) =>
  `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error>` +
  '<RequestId>c6104cbe-af31-11e0-8154-cbc7ccf896c8</RequestId></ErrorResponse>';

/** The access key id of a SigV4 Authorization header, and the region it was signed for. */
function signer(headers: IncomingMessage['headers']): { key: string; region: string; service: string } {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request/.exec(String(headers.authorization ?? ''));
  return match ? { key: match[1], region: match[2], service: match[3] } : { key: '', region: '', service: '' };
}

async function answerAws(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await read(request);
  const url = new URL(request.url ?? '/', 'http://localhost');
  aws.seen.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
  const { key, region } = signer(request.headers);
  if (request.method === 'POST' && url.pathname === '/') {
    // STS, query protocol: a form body, an XML answer.
    const form = new URLSearchParams(body);
    response.setHeader('content-type', 'text/xml');
    if (key !== BASE_KEY && key !== 'AKIAOTHERACCOUNT') {
      response.statusCode = 403;
      response.end(stsError('InvalidClientTokenId', 'The security token included in the request is invalid.'));
    } else if (form.get('Action') === 'AssumeRole') {
      const expiration = new Date(Date.now() + 15 * 60_000).toISOString();
      response.end(
        stsXml(
          'AssumeRole',
          `<Credentials><AccessKeyId>${TEMP_KEY}</AccessKeyId><SecretAccessKey>temporary-secret</SecretAccessKey><SessionToken>${SESSION_TOKEN}</SessionToken>` +
            `<Expiration>${expiration}</Expiration></Credentials><AssumedRoleUser><AssumedRoleId>AROA3XFRBF535PLBIFPI4:${form.get('RoleSessionName')}</AssumedRoleId>` +
            `<Arn>arn:aws:sts::${ACCOUNT}:assumed-role/portal-security-audit/${form.get('RoleSessionName')}</Arn></AssumedRoleUser>`,
        ),
      );
    } else if (form.get('Action') === 'GetCallerIdentity') {
      response.end(stsXml('GetCallerIdentity', `<Arn>arn:aws:iam::${OTHER_ACCOUNT}:user/portal</Arn><UserId>AIDACKCEVSQ6C2EXAMPLE</UserId><Account>${OTHER_ACCOUNT}</Account>`));
    } else {
      response.statusCode = 400;
      response.end(stsError('InvalidAction', `Could not find operation ${form.get('Action')}`));
    }
    return;
  }
  if (request.method === 'POST' && url.pathname === '/findings') {
    // Security Hub, REST-JSON: the filters and NextToken in the body, the page and the next token answered.
    response.setHeader('content-type', 'application/json');
    if (region === aws.failingRegion) {
      response.statusCode = 500;
      response.setHeader('x-amzn-errortype', 'InternalException');
      response.end(JSON.stringify({ message: 'Internal service failure.' }));
      return;
    }
    const input = JSON.parse(body || '{}') as { NextToken?: string; MaxResults?: number };
    const start = input.NextToken ? Number(input.NextToken.replace('page-', '')) : 0;
    const all = INSPECTOR.filter((finding) => aws.reported.includes(finding.Id as string)).map((finding) =>
      aws.members[finding.Id as string] ? { ...finding, AwsAccountId: aws.members[finding.Id as string] } : finding,
    );
    const page = all.slice(start, start + Math.min(aws.pageSize, input.MaxResults ?? 100));
    const next = start + page.length < all.length ? `page-${start + page.length}` : undefined;
    response.end(JSON.stringify({ Findings: page, ...(next ? { NextToken: next } : {}) }));
    return;
  }
  response.statusCode = 404;
  response.end(JSON.stringify({ message: `No route ${request.method} ${url.pathname}` }));
}

// ---------------------------------------------------------------- Azure: Entra ID and Resource Manager

const azure = {
  seen: [] as Seen[],
  alerts: defenderJson('defender-alerts.json'),
  assessments: defenderJson('defender-assessments.json'),
  /** An ARM list that answers 500. */
  failing: null as string | null,
};

function armPage(base: string, listPath: string, items: unknown[], url: URL): unknown {
  const start = Number(url.searchParams.get('$skipToken') ?? '0');
  const page = items.slice(start, start + 2);
  const next = start + 2 < items.length ? `${base}${listPath}?api-version=${url.searchParams.get('api-version')}&$skipToken=${start + 2}` : undefined;
  return { value: page, ...(next ? { nextLink: next } : {}) };
}

function answerAzure(base: () => string) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const body = await read(request);
    const url = new URL(request.url ?? '/', 'https://localhost');
    azure.seen.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
    const json = (status: number, value: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(value));
    };
    const authority = `${base()}/${TENANT}`;
    if (request.method === 'GET' && url.pathname === `/${TENANT}/v2.0/.well-known/openid-configuration`) {
      return json(200, {
        token_endpoint: `${authority}/oauth2/v2.0/token`,
        authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
        end_session_endpoint: `${authority}/oauth2/v2.0/logout`,
        issuer: `${authority}/v2.0`,
        jwks_uri: `${base()}/${TENANT}/discovery/v2.0/keys`,
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
      });
    }
    if (request.method === 'POST' && url.pathname === `/${TENANT}/oauth2/v2.0/token`) {
      const form = new URLSearchParams(body);
      if (form.get('client_secret') !== CLIENT_SECRET || form.get('client_id') !== CLIENT_ID) {
        return json(401, {
          error: 'invalid_client',
          error_description: `AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '${form.get('client_id')}'.`,
          error_codes: [7000215],
        });
      }
      return json(200, { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: ACCESS_TOKEN });
    }
    if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return json(401, { error: { code: 'AuthenticationFailed', message: 'Authentication failed.' } });
    const lists: Record<string, () => unknown[]> = {
      [`/subscriptions/${SUBSCRIPTION}/providers/Microsoft.Security/alerts`]: () => azure.alerts,
      [`/subscriptions/${SUBSCRIPTION}/providers/Microsoft.Security/assessments`]: () => azure.assessments,
      [`/subscriptions/${SUBSCRIPTION}/providers/Microsoft.Security/secureScores`]: () => [
        {
          id: `/subscriptions/${SUBSCRIPTION}/providers/Microsoft.Security/secureScores/ascScore`,
          name: 'ascScore',
          type: 'Microsoft.Security/secureScores',
          properties: { displayName: 'ASC score', score: { max: 39, current: 14.93, percentage: 0.3828 }, weight: 1 },
        },
      ],
    };
    const list = lists[url.pathname];
    if (request.method !== 'GET' || !list) return json(404, { error: { code: 'NotFound', message: `No route ${url.pathname}` } });
    if (azure.failing && url.pathname.endsWith(azure.failing)) return json(500, { error: { code: 'InternalServerError', message: 'Encountered internal server error.' } });
    return json(200, armPage(base(), url.pathname, list(), url));
  };
}

// ---------------------------------------------------------------- the world

let world: TaskWorld;
let awsServer: Server;
let azureServer: Server;
let awsEndpoint = '';
let azureEndpoint = '';
let certificates = '';

interface Page {
  total: number;
  items: Array<{ id: string; state: string; severity: string; fingerprint: string; title: string; category: string; location: Record<string, unknown> }>;
}

const findings = (scope: string, extra = '') => world.ok<Page>('olga', 'GET', `/api/security/findings?graph=alpha&scope=${encodeURIComponent(scope)}&limit=100${extra}`);
const moduleView = async (id: string) => (await world.ok<ServiceModuleView[]>('olga', 'GET', '/api/modules')).find((module) => module.id === id)!;
const sync = (id: string, who: 'olga' | 'andy' | 'reed' | 'ursula' = 'olga', graph = 'alpha') => world.call(who, 'POST', `/api/security/clouds/${id}/sync?graph=${graph}`);

async function addModule(type: 'aws' | 'azure' | 'code-quality', configs: Record<string, string>, name = `${type} ${Math.random()}`): Promise<string> {
  return (await world.ok<{ id: string }>('olga', 'POST', `/api/modules/${type}`, { name, category: 'prod', configs }, 201)).id;
}

const awsModule = (extra: Record<string, string> = {}) =>
  addModule('aws', { region: 'eu-central-1', access_key_id: BASE_KEY, secret_access_key: 'base-secret', endpoint: awsEndpoint, ...extra });

const azureModule = (extra: Record<string, string> = {}) =>
  addModule('azure', {
    tenant_id: TENANT,
    subscription_id: SUBSCRIPTION,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    authority_host: azureEndpoint,
    arm_endpoint: azureEndpoint,
    ...extra,
  });

beforeAll(async () => {
  certificates = mkdtempSync(path.join(tmpdir(), 'cloud-sync-'));
  const key = path.join(certificates, 'key.pem');
  const cert = path.join(certificates, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], {
    stdio: 'ignore',
  });
  awsServer = createHttpServer((request, response) => void answerAws(request, response));
  awsEndpoint = `http://127.0.0.1:${await listen(awsServer)}`;
  azureServer = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => void answerAzure(() => azureEndpoint)(request, response));
  azureEndpoint = `https://127.0.0.1:${await listen(azureServer)}`;
  // The SDKs trust the test's certificate, and only it, through their agent.
  world = await taskWorld({ cloudSync: { tickMs: 0, azure: { agent: new Agent({ ca: readFileSync(cert), keepAlive: false }) } } });
}, 120_000);

afterAll(async () => {
  await world?.close();
  await Promise.all([awsServer, azureServer].filter(Boolean).map(closeServer));
  if (certificates) rmSync(certificates, { recursive: true, force: true });
});

beforeEach(() => {
  aws.seen = [];
  aws.reported = INSPECTOR.map((finding) => finding.Id as string);
  aws.failingRegion = null;
  aws.members = {};
  azure.seen = [];
  azure.alerts = defenderJson('defender-alerts.json');
  azure.assessments = defenderJson('defender-assessments.json');
  azure.failing = null;
});

describe('AWS Security Hub', () => {
  const scope = `aws:${ACCOUNT}:eu-central-1`;
  let moduleId = '';

  it('syncs through a role assumed with STS: every page of active findings, into aws:<account>:<region>, last sync recorded', async () => {
    moduleId = await awsModule({ role_arn: ROLE });
    const answer = await sync(moduleId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'ok', findings: 7, scopes: [scope], http_status: null, message: null });

    // STS with the module's own key, then GetFindings with the role's temporary credentials.
    const [assume, ...pages] = aws.seen;
    expect(assume.path).toBe('/');
    expect(Object.fromEntries(new URLSearchParams(assume.body))).toMatchObject({ Action: 'AssumeRole', RoleArn: ROLE, RoleSessionName: 'portal-security-sync' });
    expect(signer(assume.headers)).toMatchObject({ key: BASE_KEY, service: 'sts' });
    expect(pages.map((page) => [page.path, signer(page.headers).key, signer(page.headers).service, page.headers['x-amz-security-token']])).toEqual(
      Array(3).fill(['/findings', TEMP_KEY, 'securityhub', SESSION_TOKEN]),
    );
    const bodies = pages.map((page) => JSON.parse(page.body) as { Filters: unknown; NextToken?: string });
    expect(bodies.map((body) => body.NextToken)).toEqual([undefined, 'page-3', 'page-6']);
    expect(bodies[0].Filters).toEqual({ RecordState: [{ Value: 'ACTIVE', Comparison: 'EQUALS' }] });

    const stored = await findings(scope);
    expect(stored.total).toBe(7);
    expect(stored.items.map((finding) => finding.state)).toEqual(Array(7).fill('open'));
    expect(stored.items.filter((finding) => finding.severity === 'critical')).toHaveLength(1);
    expect(stored.items.find((finding) => finding.title === 'CVE-2023-2650 - openssl')?.location).toMatchObject({
      provider: 'aws',
      account: ACCOUNT,
      region: 'eu-central-1',
      service: 'ecr',
    });
    const view = await moduleView(moduleId);
    expect(view.last_sync).toEqual({ sync_time: world.clock.now().toISOString() });
    expect(view.last_sync_attempt).toMatchObject({ status: 'ok', findings: 7, at: world.clock.now().toISOString() });
    // The secret stays write-only through all this.
    expect(JSON.stringify(view)).not.toContain('base-secret');
  });

  it('a second sync with one finding gone marks it fixed; the others stay the same findings', async () => {
    const before = await findings(scope);
    const gone = INSPECTOR[2].Id as string;
    aws.reported = aws.reported.filter((id) => id !== gone);
    world.clock.advance(60_000);
    const answer = await sync(moduleId);
    expect(answer.json()).toMatchObject({ status: 'ok', findings: 6 });
    const fixed = await findings(scope, '&state=fixed');
    expect(fixed.total).toBe(1);
    expect(fixed.items[0].title).toBe(INSPECTOR[2].Title);
    const open = await findings(scope, '&state=open');
    expect(open.items.map((finding) => finding.id).sort()).toEqual(before.items.filter((finding) => finding.id !== fixed.items[0].id).map((finding) => finding.id).sort());
    expect((await moduleView(moduleId)).last_sync).toEqual({ sync_time: world.clock.now().toISOString() });

    // It comes back: open again (a regression), and when Security Hub reports nothing at all, all of them are fixed.
    aws.reported = INSPECTOR.map((finding) => finding.Id as string);
    expect((await sync(moduleId)).json()).toMatchObject({ findings: 7 });
    expect((await findings(scope, '&state=open')).total).toBe(7);
    aws.reported = [];
    expect((await sync(moduleId)).json()).toMatchObject({ status: 'ok', findings: 0 });
    expect((await findings(scope, '&state=fixed')).total).toBe(7);
  });

  it('with an access key alone the account is STS GetCallerIdentity’s; each region of `regions` is a scope of each account reported', async () => {
    const id = await addModule('aws', { region: 'eu-central-1', regions: 'eu-central-1, us-east-1', access_key_id: 'AKIAOTHERACCOUNT', secret_access_key: 's', endpoint: awsEndpoint });
    const answer = await sync(id);
    // The caller's account reports nothing of its own: the data set's findings are another account's (ACCOUNT's), filed there.
    expect(answer.json()).toMatchObject({
      status: 'ok',
      findings: 14,
      scopes: [`aws:${OTHER_ACCOUNT}:eu-central-1`, `aws:${ACCOUNT}:eu-central-1`, `aws:${OTHER_ACCOUNT}:us-east-1`, `aws:${ACCOUNT}:us-east-1`],
    });
    expect(Object.fromEntries(new URLSearchParams(aws.seen[0].body))).toMatchObject({ Action: 'GetCallerIdentity' });
    expect(aws.seen.filter((seen) => seen.path === '/findings').map((seen) => signer(seen.headers).region)).toEqual([
      'eu-central-1',
      'eu-central-1',
      'eu-central-1',
      'us-east-1',
      'us-east-1',
      'us-east-1',
    ]);
    expect((await findings(`aws:${ACCOUNT}:us-east-1`)).total).toBe(7);
    expect((await findings(`aws:${OTHER_ACCOUNT}:us-east-1`)).total).toBe(0);
  });

  it('an administrator account’s sync files member accounts’ findings under their own account; a member no longer reported turns fixed, even after a failed sync', async () => {
    const MEMBER = '444455556666';
    const region = 'ap-south-1';
    const memberIds = INSPECTOR.slice(0, 3).map((finding) => finding.Id as string);
    aws.members = Object.fromEntries(memberIds.map((id) => [id, MEMBER]));
    const id = await awsModule({ region, role_arn: ROLE });
    const answer = await sync(id);
    expect(answer.json()).toMatchObject({ status: 'ok', findings: 7, scopes: [`aws:${ACCOUNT}:${region}`, `aws:${MEMBER}:${region}`] });
    const member = await findings(`aws:${MEMBER}:${region}`);
    expect(member.total).toBe(3);
    expect(member.items.map((finding) => (finding.location as { account: string }).account)).toEqual([MEMBER, MEMBER, MEMBER]);
    expect((await findings(`aws:${ACCOUNT}:${region}`)).total).toBe(4);
    // The member account's list on /security/aws is its own.
    const byAccount = await world.ok<Page>('olga', 'GET', `/api/security/findings?graph=alpha&provider=aws&account=${MEMBER}&limit=100`);
    expect(byAccount.total).toBe(3);

    // A failed sync stores nothing and forgets no scope; the next good one without the member fixes the member's findings.
    aws.failingRegion = region;
    expect((await sync(id)).statusCode).toBe(502);
    aws.failingRegion = null;
    aws.reported = aws.reported.filter((reported) => !memberIds.includes(reported));
    world.clock.advance(60_000);
    const again = await sync(id);
    expect(again.json()).toMatchObject({ status: 'ok', findings: 4, scopes: [`aws:${ACCOUNT}:${region}`, `aws:${MEMBER}:${region}`] });
    expect((await findings(`aws:${MEMBER}:${region}`, '&state=fixed')).total).toBe(3);
    expect((await findings(`aws:${ACCOUNT}:${region}`, '&state=open')).total).toBe(4);
    // The hidden bookkeeping is not part of the module's view.
    expect(JSON.stringify(await moduleView(id))).not.toContain('synced_scopes');
  });

  it('a failing endpoint (500 in one region) answers 502 with the cause, keeps it on the module, and stores nothing', async () => {
    const id = await addModule('aws', { region: 'eu-west-1', regions: 'eu-west-1,eu-north-1', access_key_id: 'AKIAOTHERACCOUNT', secret_access_key: 's', endpoint: awsEndpoint });
    aws.failingRegion = 'eu-north-1';
    const answer = await sync(id);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().detail).toMatch(/^Security Hub GetFindings in eu-north-1 failed \(HTTP 500\): InternalException: Internal service failure\.$/);
    const view = await moduleView(id);
    expect(view.last_sync).toBeNull();
    expect(view.last_sync_attempt).toMatchObject({ status: 'failed', http_status: 500, findings: null, scopes: [], message: answer.json().detail });
    // eu-west-1 was read before eu-north-1 failed: none of it is stored.
    expect((await findings(`aws:${OTHER_ACCOUNT}:eu-west-1`)).total).toBe(0);
  });

  it('bad credentials: STS’s 403 is the recorded cause; a later success replaces it, the earlier last sync stays on failure', async () => {
    const id = await addModule('aws', { region: 'ap-south-1', access_key_id: 'AKIAREVOKED', secret_access_key: 's', endpoint: awsEndpoint });
    const answer = await sync(id);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().detail).toBe('STS GetCallerIdentity failed (HTTP 403): InvalidClientTokenId: The security token included in the request is invalid.');
    expect((await moduleView(id)).last_sync_attempt).toMatchObject({ status: 'failed', http_status: 403 });
    expect(aws.seen.filter((seen) => seen.path === '/findings')).toEqual([]);
    expect((await findings(`aws:${OTHER_ACCOUNT}:ap-south-1`)).total).toBe(0);

    const good = await awsModule({ role_arn: ROLE, regions: 'ap-south-1' });
    expect((await sync(good)).statusCode).toBe(200);
    const synced = (await moduleView(good)).last_sync;
    aws.failingRegion = 'ap-south-1';
    world.clock.advance(60_000);
    expect((await sync(good)).statusCode).toBe(502);
    const view = await moduleView(good);
    expect(view.last_sync).toEqual(synced);
    expect(view.last_sync_attempt).toMatchObject({ status: 'failed', http_status: 500, at: world.clock.now().toISOString() });
  });

  it('is authorized as updating the module: 403 to an author and a reader, 404 for another organization, 400 without a process or for a module of no cloud', async () => {
    const id = await awsModule();
    const expectedProblem = (status: number) => expect.objectContaining({ status });
    expect((await sync(id, 'andy')).json()).toEqual(expectedProblem(403));
    expect((await sync(id, 'reed')).json()).toEqual(expectedProblem(403));
    expect((await sync(id, 'ursula', 'omega')).statusCode).toBe(404);
    expect((await sync(id, 'ursula', 'alpha')).statusCode).toBe(404);
    expect((await world.call('olga', 'POST', `/api/security/clouds/${id}/sync`)).statusCode).toBe(400);
    expect((await sync('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const codeQuality = await addModule('code-quality', { url: 'https://sonar.example.com', token: 't' });
    const refused = await sync(codeQuality);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('A code-quality module has nothing to sync: only aws and azure modules sync findings from their cloud.');
    // None of these reached the cloud or changed the module.
    expect(aws.seen).toEqual([]);
    expect((await moduleView(id)).last_sync_attempt).toBeNull();
  });

  it('syncs on the module’s schedule into the process its last sync on demand chose; 0 minutes is on demand only', async () => {
    const scheduled = await awsModule({ role_arn: ROLE, regions: 'sa-east-1', sync_interval_minutes: '2' });
    const manual = await awsModule({ role_arn: ROLE, regions: 'ca-central-1', sync_interval_minutes: '0' });
    const never = await awsModule({ role_arn: ROLE, regions: 'af-south-1' });
    expect((await sync(scheduled)).statusCode).toBe(200);
    expect((await sync(manual)).statusCode).toBe(200);
    aws.seen = [];
    // Not due yet; a module never synced on demand has no process to sync into.
    await world.app.cloudSync.tick();
    expect(aws.seen.filter((seen) => seen.path === '/findings').map((seen) => signer(seen.headers).region)).not.toContain('sa-east-1');
    world.clock.advance(3 * 60_000);
    aws.reported = aws.reported.slice(1);
    await world.app.cloudSync.tick();
    const regions = new Set(aws.seen.filter((seen) => seen.path === '/findings').map((seen) => signer(seen.headers).region));
    expect(regions.has('sa-east-1')).toBe(true);
    expect(regions.has('ca-central-1')).toBe(false);
    expect(regions.has('af-south-1')).toBe(false);
    expect((await moduleView(scheduled)).last_sync).toEqual({ sync_time: world.clock.now().toISOString() });
    expect((await findings(`aws:${ACCOUNT}:sa-east-1`, '&state=fixed')).total).toBe(1);
    expect((await moduleView(never)).last_sync).toBeNull();
  });
});

describe('Microsoft Defender for Cloud', () => {
  const scope = `azure:${SUBSCRIPTION}`;
  let moduleId = '';

  it('syncs alerts and assessments (every page) and the secure score with a client secret, into azure:<subscription>', async () => {
    moduleId = await azureModule();
    const answer = await sync(moduleId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'ok', scopes: [scope], findings: 3, secure_score: { current: 14.93, max: 39, percentage: 0.3828 } });

    const token = azure.seen.find((seen) => seen.path.endsWith('/oauth2/v2.0/token'))!;
    expect(Object.fromEntries(new URLSearchParams(token.body))).toMatchObject({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      scope: `${azureEndpoint}/.default`,
    });
    const arm = azure.seen.filter((seen) => seen.path.startsWith('/subscriptions/'));
    expect(arm.map((seen) => seen.path.split('/').at(-1))).toEqual(['alerts', 'alerts', 'assessments', 'secureScores']);
    expect(arm.every((seen) => seen.headers.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(true);

    const stored = await findings(scope);
    expect(stored.items.map((finding) => [finding.category, finding.state]).sort()).toEqual([
      ['cloud-posture', 'open'],
      ['cloud-threat', 'open'],
      ['cloud-threat', 'suppressed'],
    ]);
    expect((await moduleView(moduleId)).last_sync_attempt).toMatchObject({ status: 'ok', secure_score: { current: 14.93 } });
  });

  it('a second sync without the active alert marks it fixed', async () => {
    const active = azure.alerts.findIndex((alert) => (alert.properties as { status: string }).status === 'Active');
    azure.alerts = azure.alerts.filter((_, index) => index !== active);
    world.clock.advance(60_000);
    expect((await sync(moduleId)).json()).toMatchObject({ status: 'ok', findings: 2 });
    const fixed = await findings(scope, '&state=fixed');
    expect(fixed.items.map((finding) => finding.category)).toEqual(['cloud-threat']);
    expect((await moduleView(moduleId)).last_sync).toEqual({ sync_time: world.clock.now().toISOString() });
  });

  it('a bad client secret: the token endpoint’s 401 is the recorded cause, nothing stored', async () => {
    const id = await azureModule({ client_secret: 'wrong', subscription_id: SUBSCRIPTION });
    const before = await findings(scope);
    const answer = await sync(id);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().detail).toMatch(/^Defender for Cloud alerts failed.*AADSTS7000215: Invalid client secret provided/s);
    const view = await moduleView(id);
    expect(view.last_sync).toBeNull();
    expect(view.last_sync_attempt).toMatchObject({ status: 'failed', findings: null });
    expect(azure.seen.filter((seen) => seen.path.startsWith('/subscriptions/'))).toEqual([]);
    expect(await findings(scope)).toEqual(before);
  });

  it('an ARM endpoint answering 500 (assessments) fails the sync with its status; the alerts read before are not stored', async () => {
    azure.failing = '/assessments';
    azure.alerts = defenderJson('defender-alerts.json');
    const before = await findings(scope);
    const answer = await sync(moduleId);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().detail).toMatch(/^Defender for Cloud assessments failed \(HTTP 500\): .*internal server error/i);
    expect((await moduleView(moduleId)).last_sync_attempt).toMatchObject({ status: 'failed', http_status: 500 });
    expect(await findings(scope)).toEqual(before);
  });
});
