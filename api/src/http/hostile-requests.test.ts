// @backend-agnostic: what Postgres cannot store (NUL, lone surrogates, infinite numbers, depth, int4
// overflow) is refused for every route before any handler (hostile-values.ts); what passes reaches
// the same Postgres engine on PGlite, with the same errors. The server pass sampled other values,
// not another backend.
// Issue 20 "no 5xx for malformed JSON values": every route of the API's own OpenAPI document is sent
// hostile values, field by field, by a signed-in caller who may call it (an organization admin in
// its process, global routes a Global Admin), with the CSRF header: text Postgres cannot store
// (lone surrogates, NUL), numbers out of every range (400 digits, ±1e308, int4's neighbours), huge
// strings within the body limit, wrong types, arrays for objects, deep nesting; path and query
// parameters malformed percent-encodings too. No answer may be a 5xx. Seeded and bounded: a fixed
// number of runs per route (HOSTILE_RUNS, default 16; HOSTILE_SEED to sample other values).
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestUser, sessionCookie, withCookie, type SessionCookie } from '../testing/identity';
import { createInitializationCode, INITIATOR_LOGIN } from '../initialization/initiator';
import { currentSession, openSession } from '../sessions/service';
import { findUserByLogin } from '../users/repository';
import { signIn } from '../testing/users';
import { advisory, cycloneDx, npm, startTestApi, type TestApi } from '../testing/graph';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 16);
const SEED = Number(process.env.HOSTILE_SEED ?? 20_2026);

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: Schema;
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  additionalProperties?: boolean | Schema;
  nullable?: boolean;
}
interface Operation {
  method: string;
  /** OpenAPI template, `/api/apps/{appKey}`. */
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

/** A request as sent: the JSON body as text, so that it can hold what JSON.stringify never writes. */
interface HostileRequest {
  url: string;
  body?: string;
}

// ---- hostile values -------------------------------------------------------------------------

const NINES = '9'.repeat(400);
/** Whole bodies of the wrong shape: huge, deep, of another type. */
const HOSTILE_SHAPES = [
  `"${'x'.repeat(300_000)}"`,
  `[${Array.from({ length: 5000 }, () => '"x"').join(',')}]`,
  `${'['.repeat(200)}${']'.repeat(200)}`,
  `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`,
  '{"__proto__":{"admin":true}}',
  '"\\ud800"',
  NINES,
  'null',
  '[]',
  '{}',
];
/** Raw JSON texts. */
const HOSTILE_JSON: string[] = [
  ...HOSTILE_SHAPES,
  '"x\\udc00y"',
  '"\\udc00\\ud800"',
  '"a\\u0000b"',
  '"\\u0000"',
  `-${NINES}`,
  `0.${NINES}1`,
  '1e308',
  '-1e308',
  '1e-400',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1.5',
  '-0',
  'true',
  '""',
  '" "',
  '[null]',
  '["\\ud800"]',
  '{"\\u0000":1}',
  '"javascript:alert(1)"',
  '"<img src=x onerror=alert(1)>"',
  '"00000000-0000-0000-0000-000000000000"',
  '"\\u202e\\ufeff\\u200b"',
  '"😀"',
  '"\' OR 1=1 --"',
];

/** Already percent-encoded: malformed encodings are the point. */
const HOSTILE_URL: string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ED%B0%80x',
  '%C0%80',
  '%FF',
  '%',
  '%E0%A4%A',
  NINES,
  `-${NINES}`,
  '1e308',
  '-1',
  '0',
  'NaN',
  'Infinity',
  '%20',
  'x'.repeat(8000),
  encodeURIComponent("' OR 1=1 --"),
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '*',
  'true',
  '%5B%5D',
  encodeURIComponent('\u202e'),
  '00000000-0000-0000-0000-000000000000',
  '%F0%9F%98%80',
];

// ---- where values go, their valid and hostile candidates -------------------------------------

/** Sent against every field, one at a time, the others valid. */
const SWEPT_JSON = ['"\\ud800"', '"a\\u0000b"', NINES, '1e308', '2147483648', '1.5', 'null', '[]', '{}', `"${'x'.repeat(300_000)}"`];
const SWEPT_URL = ['%00', '%ED%A0%80', NINES, 'Infinity', 'x'.repeat(8000)];
/** What a field alone is sent. */
const SWEPT_ALONE = ['"\\ud800"', '"a\\u0000b"', NINES, '2147483648'];
/**
 * A text no earlier request sent ('v17'): a name, code or login that passes the format rules and
 * meets no uniqueness check, so that a hostile value beside it reaches the statement that stores it.
 */
const UNIQUE = '@unique';
let uniques = 0;

/** What a DELETE's path parameter names: never a seeded object, which later routes still need. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Pools {
  /** Path and query parameters by name, as text. */
  byName: Record<string, string[]>;
  /** Body fields by name, as JSON text. */
  json: Record<string, string[]>;
  /** `id` path parameters by the route segment before them (`requirements` → requirement ids). */
  idsBySegment: Record<string, string[]>;
}

interface Slot {
  place: 'path' | 'query' | 'body';
  /** A parameter's name; in the body a field's path (`title`, `[0].id`, `admin.password`; '' the whole body). */
  key: string;
  /** URL-encoded for parameters, JSON text in the body; the first is the default. */
  valid: string[];
  optional: boolean;
}

interface Plan {
  operation: Operation;
  slots: Slot[];
}

/** A slot's value in one request; OMIT leaves it out. */
const OMIT = Symbol('omit');
type Assignment = Map<Slot, string | typeof OMIT>;

const typeOf = (schema: Schema | undefined) => (Array.isArray(schema?.type) ? schema?.type.find((t) => t !== 'null') : schema?.type);
const hasFields = (schema: Schema | undefined) => typeOf(schema) === 'object' || schema?.properties !== undefined;
const join = (prefix: string, name: string) => (prefix === '' ? name : name.startsWith('[') ? `${prefix}${name}` : `${prefix}.${name}`);

function validJson(schema: Schema | undefined, name: string, pools: Pools): string[] {
  if (schema?.enum && schema.enum.length > 0) return schema.enum.map((value) => JSON.stringify(value));
  const known = pools.json[name];
  if (known) return known;
  const type = typeOf(schema);
  if (type === 'integer') return ['1', '0', '3'];
  if (type === 'number') return ['0.5', '1', '0'];
  if (type === 'boolean') return ['true', 'false'];
  if (type === 'array') return ['[]', '["x"]'];
  if (hasFields(schema)) return ['{}'];
  return [UNIQUE, 'Valid text', 'x'].map((text) => JSON.stringify(text));
}

function bodySlots(schema: Schema | undefined, prefix: string, pools: Pools, slots: Slot[]): void {
  if (schema?.properties) {
    for (const [name, property] of Object.entries(schema.properties)) {
      const key = join(prefix, name);
      slots.push({ place: 'body', key, valid: validJson(property, name, pools), optional: true });
      bodySlots(property, key, pools, slots);
    }
    slots.push({ place: 'body', key: join(prefix, 'extra'), valid: ['"x"'], optional: true }); // a field the schema does not name
  } else if (typeOf(schema) === 'array' && hasFields(schema?.items)) {
    bodySlots(schema?.items, join(prefix, '[0]'), pools, slots);
  }
}

function urlValid(pools: Pools, operation: Operation, parameter: Parameter): string[] {
  if (operation.method === 'DELETE' && parameter.in === 'path') return [UNKNOWN_ID];
  let known = pools.byName[parameter.name] ?? [];
  if (parameter.name === 'id') {
    const segments = operation.path.split('/');
    known = pools.idsBySegment[segments[segments.indexOf('{id}') - 1]] ?? pools.byName.id;
  }
  return known.length > 0 ? known.map(encodeURIComponent) : [UNIQUE, 'x'];
}

function planOf(operation: Operation, pools: Pools): Plan {
  const slots: Slot[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    if (parameter.name === 'additionalProperties') continue; // how the document shows a free-form query
    slots.push({ place: parameter.in, key: parameter.name, valid: urlValid(pools, operation, parameter), optional: parameter.in === 'query' });
  }
  if (operation.method !== 'GET' && operation.method !== 'DELETE') {
    slots.push({ place: 'body', key: '', valid: [operation.body ? (typeOf(operation.body) === 'array' ? '[]' : '{}') : '{}'], optional: false });
    bodySlots(operation.body, '', pools, slots);
  }
  return { operation, slots };
}

/** The body's JSON text: assigned slots as assigned, the others valid; undefined when left out. */
function renderBody(plan: Plan, schema: Schema | undefined, prefix: string, assignment: Assignment): string | undefined {
  const slot = plan.slots.find((candidate) => candidate.place === 'body' && candidate.key === prefix);
  const assigned = slot ? assignment.get(slot) : undefined;
  if (assigned === OMIT) return undefined;
  if (assigned !== undefined && (prefix === '' ? assigned !== slot?.valid[0] : true)) return assigned;
  if (schema?.properties || (prefix === '' && hasFields(schema))) {
    const names = [...Object.keys(schema?.properties ?? {}), 'extra'];
    const parts = names.flatMap((name) => {
      const key = join(prefix, name);
      const inner = name === 'extra' ? (assignment.get(plan.slots.find((s) => s.place === 'body' && s.key === key)!) ?? OMIT) : renderBody(plan, schema?.properties?.[name], key, assignment);
      return inner === undefined || inner === OMIT ? [] : [`${JSON.stringify(name)}:${inner}`];
    });
    return `{${parts.join(',')}}`;
  }
  if (typeOf(schema) === 'array' && hasFields(schema?.items)) {
    const item = renderBody(plan, schema?.items, join(prefix, '[0]'), assignment);
    return item === undefined ? '[]' : `[${item}]`;
  }
  return slot?.valid[0] ?? (prefix === '' ? '{}' : undefined);
}

function requestOf(plan: Plan, assignment: Assignment): HostileRequest {
  let url = plan.operation.path;
  const query: string[] = [];
  for (const slot of plan.slots) {
    if (slot.place === 'body') continue;
    const value = assignment.get(slot) ?? slot.valid[0];
    if (slot.place === 'path') url = url.replace(`{${slot.key}}`, value === OMIT ? '' : value);
    else if (value !== OMIT) query.push(...value.split('\n').map((one) => `${slot.key}=${one}`));
  }
  const body = plan.slots.some((slot) => slot.place === 'body') ? renderBody(plan, plan.operation.body, '', assignment) : undefined;
  const fresh = (text: string) => text.replace(/@unique/g, () => `v${(uniques += 1)}`);
  return { url: fresh(query.length > 0 ? `${url}?${query.join('&')}` : url), ...(body !== undefined ? { body: fresh(body) } : {}) };
}

/**
 * Each slot with each swept hostile value, the others valid; and each body field alone with the
 * values that reach the database, the other fields left out (a rule of a field the seeded values
 * do not meet cannot stop them before the statement).
 */
function sweep(plan: Plan): HostileRequest[] {
  const others = (slot: Slot) => plan.slots.filter((other) => other.place === 'body' && other.key !== '' && other !== slot && !slot.key.startsWith(`${other.key}.`) && !slot.key.startsWith(`${other.key}[`));
  return plan.slots.flatMap((slot) => {
    const beside = (slot.place === 'body' ? (slot.key === '' ? HOSTILE_SHAPES : SWEPT_JSON) : SWEPT_URL).map((value) => requestOf(plan, new Map([[slot, value]])));
    if (slot.place !== 'body' || slot.key === '') return beside;
    const alone = SWEPT_ALONE.map((value) => requestOf(plan, new Map<Slot, string | typeof OMIT>([[slot, value], ...others(slot).map((other) => [other, OMIT] as const)])));
    return [...beside, ...alone];
  });
}

/** Any mix: each slot valid, hostile (from every hostile value) or left out; a parameter sent twice. */
function mixed(plan: Plan): fc.Arbitrary<HostileRequest> {
  const choices = plan.slots.map((slot) => {
    const hostile = fc.constantFrom(...(slot.place === 'body' ? HOSTILE_JSON : HOSTILE_URL));
    const options = [
      { arbitrary: fc.constantFrom(...slot.valid), weight: slot.key === 'graph' ? 8 : 3 },
      { arbitrary: hostile, weight: slot.key === '' ? 1 : 2 },
    ];
    if (slot.optional) options.push({ arbitrary: fc.constant(OMIT) as unknown as fc.Arbitrary<string>, weight: 1 });
    if (slot.place === 'query') options.push({ arbitrary: fc.tuple(fc.constantFrom(...slot.valid), hostile).map(([a, b]) => `${a}\n${b}`), weight: 1 });
    return fc.oneof(...options) as fc.Arbitrary<string | typeof OMIT>;
  });
  return fc.tuple(...choices).map((values) => requestOf(plan, new Map(plan.slots.map((slot, index) => [slot, values[index]]))));
}

// ---- the API, its callers and its seeded objects --------------------------------------------

let api: TestApi;
let app: FastifyInstance;
type CallerKind = 'organization' | 'global' | 'setup' | 'verification' | 'initiator' | 'expired';
interface CallerEntry {
  login: string;
  /** The session status its routes need. */
  status: 'Authenticated' | 'MfaSetup' | 'MfaVerification' | 'PasswordExpired';
  signIn(login: string): Promise<SessionCookie>;
  cookie?: SessionCookie;
  /** The login of its current session's user (a renewal signs in a new user). */
  current?: string;
  renewals: number;
}
const passwordOnly = async (login: string) => sessionCookie(await signIn(app, login));
/**
 * Who may call what, tried in this order: an organization admin (with DEMO: the demo actions of
 * the process menu are routes of their own), a Global Admin, and for the second factor's own
 * routes someone signed in with a password only, before setting it up or before entering it; for
 * the expired-password change, the sign-in attempt that found the password expired (the test API
 * lets no password expire, so that attempt's session is opened as the sign-in opens it).
 */
const callers: Record<CallerKind, CallerEntry> = {
  organization: { login: 'olga', status: 'Authenticated', signIn: (login) => api.user(login, '--org', 'Acme', '--role', 'ORG_ADMIN', '--role', 'DEMO'), renewals: 0 },
  global: { login: 'gil', status: 'Authenticated', signIn: (login) => api.user(login, '--role', '_global_admin'), renewals: 0 },
  setup: {
    login: 'sam',
    status: 'MfaSetup',
    signIn: async (login) => {
      await createTestUser(app, login, api.clock.now, '--org', 'Acme', '--member', 'alpha=READER');
      return passwordOnly(login);
    },
    renewals: 0,
  },
  verification: {
    login: 'vera',
    status: 'MfaVerification',
    signIn: async (login) => {
      await api.user(login, '--org', 'Acme', '--member', 'alpha=READER');
      return passwordOnly(login);
    },
    renewals: 0,
  },
  // Signed in with the initialization code while the database had no user yet (beforeAll).
  initiator: {
    login: INITIATOR_LOGIN,
    status: 'Authenticated',
    signIn: async () => {
      const code = await createInitializationCode(app.database, api.clock.now());
      if (!code) throw new Error("the Initiator's session ended, and with users there is no initialization code");
      return sessionCookie(await signIn(app, INITIATOR_LOGIN, code));
    },
    renewals: 0,
  },
  expired: {
    login: 'xena',
    status: 'PasswordExpired',
    signIn: async (login) => {
      await createTestUser(app, login, api.clock.now, '--org', 'Acme', '--member', 'alpha=READER');
      const issued = await openSession(app.identity, (await findUserByLogin(app.database, login))!, 'PasswordExpired');
      return { name: 'portal_session', value: issued.token };
    },
    renewals: 0,
  },
};
let pools: Pools;
let operations: Operation[];

/** The caller's session, signed in again (a new user of the same roles) when a route ended it. */
async function caller(kind: CallerKind): Promise<SessionCookie> {
  const entry = callers[kind];
  // Read from the store: GET sessions describes an expired-password attempt as no session.
  const alive = entry.cookie && (await currentSession(app.identity, entry.cookie.value))?.record.authentication_status === entry.status;
  if (!alive) {
    entry.current = entry.renewals === 0 ? entry.login : `${entry.login}_${entry.renewals}`;
    entry.cookie = await entry.signIn(entry.current);
    entry.renewals += 1;
  }
  return entry.cookie!;
}

function send(cookie: SessionCookie, method: string, request: HostileRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: method as InjectOptions['method'],
    url: request.url,
    headers: { ...withCookie(cookie), ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
}

async function seed(olga: SessionCookie): Promise<Pools> {
  const created = async (method: InjectOptions['method'], url: string, payload: unknown): Promise<Record<string, unknown>> => {
    const response = await api.call(olga, method, url, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const lodash = npm('lodash', '4.17.15');
  await api.importAdvisories([advisory('GHSA-35jh-r3h4-6jhm')]);
  await api.createApp(olga, 'alpha', 'shop');
  const build = await api.uploadBuild(olga, 'alpha', 'shop', cycloneDx('shop', [lodash], { shop: [lodash.ref] }));
  const first = (await created('POST', '/api/requirements?graph=alpha', { code: 'REQ-1', title: 'Login' })).id as string;
  const second = (await created('POST', '/api/requirements?graph=alpha', { code: 'REQ-2', title: 'Logout', parent_id: first })).id as string;
  await api.user('victor', '--org', 'Acme', '--member', 'alpha=AUTHOR');
  const [{ id: victorId }] = await app.database.query<{ id: string }>("SELECT id FROM users WHERE login_id = 'victor'");
  const [{ id: acmeId }] = await app.database.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'Acme'");
  const workgroup = (await created('POST', '/api/workgroups', { name: 'Reviewers', member_ids: [victorId] })).id as string;
  const gap = (await created('POST', `/api/requirements/${first}/gaps?graph=alpha`, { description: 'No lockout', remediation_plan: 'Add one', target_date: '2026-12-01' })) as { id: string; task_id: string };
  const profile = (await created('POST', '/api/apps/shop/deploymentProfiles?graph=alpha', { name: 'Prod', environment: 'prod', build_id: build.id })).id as string;
  const share = (await created('POST', `/api/apps/shop/deploymentProfiles/${profile}/shares?graph=alpha`, { expires_in_days: 1 })) as { id: string; token?: string };
  const module = (await created('POST', '/api/modules/cicd-ingestion', { name: 'Pipelines' })).id as string;
  await created('POST', '/api/iam/roles', { name: 'TESTER', kind: 'organization', description: 'x', policies: [{ effect: 'allow', actions: ['list'], resources: ['Application'], condition: null }] });
  const ids = [first, second, victorId, workgroup, gap.id, gap.task_id, profile, module, acmeId];
  return {
    byName: {
      graph: ['alpha'],
      code: ['alpha'],
      codeName: ['alpha'],
      appKey: ['shop'],
      app: ['shop'],
      buildId: [String(build.number), build.id],
      build: [String(build.number)],
      vulnId: ['GHSA-35jh-r3h4-6jhm', 'CVE-2020-8203'],
      component: [lodash.ref],
      cve: ['CVE-2020-8203'],
      applicationId: ['shop'],
      shareId: [share.id],
      token: share.token ? [share.token] : [],
      // The caller's own login first: a password is changed only by its owner.
      username: ['olga', 'victor'],
      name: ['TESTER'],
      type: ['cicd-ingestion'],
      kind: ['requirements', 'gaps'],
      organization: [acmeId],
      permission: ['update=>Requirement'],
      scope: ['organization'],
      format: ['csv', 'pdf'],
      id: ids,
      requirement: [first],
    },
    json: {
      code: [JSON.stringify(UNIQUE)],
      code_name: [JSON.stringify(UNIQUE)],
      app_key: [JSON.stringify(UNIQUE), '"shop"'],
      login_id: [JSON.stringify(UNIQUE)],
      name: [JSON.stringify(UNIQUE)],
      email: ['"someone@example.com"'],
      priority: ['"HIGH"'],
      tags: ['["security"]'],
      progress: ['50'],
      owner_id: [JSON.stringify(victorId)],
      user_id: [JSON.stringify(victorId)],
      member_ids: [JSON.stringify([victorId])],
      reviewer_id: [JSON.stringify(victorId)],
      delegate_to_id: [JSON.stringify(victorId)],
      assignee_id: [JSON.stringify(victorId)],
      workgroup_id: [JSON.stringify(workgroup)],
      parent_id: [JSON.stringify(first)],
      requirement_a_id: [JSON.stringify(first)],
      requirement_b_id: [JSON.stringify(second)],
      a_id: [JSON.stringify(first)],
      b_id: [JSON.stringify(second)],
      build_id: [JSON.stringify(build.id)],
      id: [JSON.stringify(module)],
      process: ['"alpha"'],
      roles: ['["READER"]'],
      kind: ['"organization"'],
      type: ['"REQUIREMENTS"'],
      dashboard_type: ['"LIVE"'],
      environment: ['"prod"'],
      state: ['"in_triage"'],
      due_date: ['"2026-12-01"'],
      target_date: ['"2026-12-01"'],
      policies: ['[{"effect":"allow","actions":["list"],"resources":["Application"],"condition":null}]'],
      text: [JSON.stringify(UNIQUE)],
      password: ['"Str0ng!Pass"'],
      // A requirement's version as seeded: its first change through the API meets it.
      version: ['1'],
      new_password: ['"N3w!Passw0rd"'],
    },
    idsBySegment: {
      requirements: [first, second],
      users: [victorId],
      workgroups: [workgroup],
      gaps: [gap.id],
      tasks: [gap.task_id],
      deploymentProfiles: [profile],
      modules: [module],
      organizations: [acmeId],
      projects: ['alpha'],
      appSettings: ['shop'],
    },
  };
}

function operationsOf(document: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>> }): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content['application/json']?.schema;
      const parameters = operation.parameters ?? [];
      const upper = method.toUpperCase();
      if (parameters.length === 0 && !body && (upper === 'GET' || upper === 'DELETE')) continue;
      found.push({ method: upper, path, parameters, ...(body ? { body } : {}) });
    }
  }
  // Reads first, then changes, then what turns modules off or deletes: later routes still find
  // the process, its modules and its objects.
  const rank = (operation: Operation) =>
    operation.method === 'DELETE' ? 3 : /moduleConfiguration|memberships|assignments|deactivate|_clearAll/.test(operation.path) ? 2 : operation.method === 'GET' ? 0 : 1;
  return found.sort((a, b) => rank(a) - rank(b));
}

beforeAll(async () => {
  api = await startTestApi({ Acme: ['alpha'] });
  app = api.app;
  await caller('initiator');
  const olga = await caller('organization');
  pools = await seed(olga);
  operations = operationsOf((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
}, 120_000);

afterAll(async () => {
  await api?.close();
});

it('no route of the OpenAPI document answers 5xx to hostile values, as a caller who may call it', async () => {
  const started = performance.now();
  const failures: string[] = [];
  /** Routes no caller may call: their values would meet the guard's 403 only. */
  const refused: string[] = [];
  let requests = 0;
  // Every route with a body, query or path parameters (a route without any has nothing to send).
  expect(operations.length).toBeGreaterThan(120);
  const shown = (request: HostileRequest) => `${request.url.slice(0, 160)} ${(request.body ?? '').slice(0, 240)}`;
  for (const [index, operation] of operations.entries()) {
    // The expired-password change takes only its own attempt's user.
    const ownLogin = operation.path.endsWith('/password/changeExpired') ? callers.expired.current ?? callers.expired.login : undefined;
    const plan = planOf(operation, ownLogin ? { ...pools, byName: { ...pools.byName, username: [ownLogin] } } : pools);
    // The first caller the route does not refuse (403) sends its values: global routes go to the Global Admin.
    const probe = requestOf(plan, new Map());
    const kinds = Object.keys(callers) as CallerKind[];
    let kind = kinds[0];
    for (const candidate of kinds) {
      kind = candidate;
      if ((await send(await caller(candidate), operation.method, probe)).statusCode !== 403) break;
      if (candidate === kinds[kinds.length - 1]) refused.push(`${operation.method} ${operation.path}`);
    }
    const cookie = await caller(kind);
    const attempt = async (request: HostileRequest) => {
      requests += 1;
      const response = await send(cookie, operation.method, request);
      if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${response.body.slice(0, 200)}`);
    };
    const where = `${operation.method} ${operation.path} (${kind})`;
    for (const request of sweep(plan)) {
      await attempt(request).catch((error: Error) => failures.push(`${where}: ${error.message} ← ${shown(request)}`));
    }
    // A route that declares no input (a body it reads without a schema) has only its body's shape to vary.
    if (plan.slots.every((slot) => slot.key === '')) continue;
    const result = await fc.check(fc.asyncProperty(mixed(plan), attempt), { numRuns: RUNS, seed: SEED + index, endOnFailure: true });
    if (result.failed) failures.push(`${where}: ${String(result.errorInstance)} ← ${result.counterexample ? shown(result.counterexample[0]) : ''}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const renewed = Object.values(callers).reduce((sum, entry) => sum + Math.max(0, entry.renewals - 1), 0);
  process.stdout.write(`hostile values: ${requests} requests to ${operations.length} routes in ${seconds} s (${app.database.kind}); callers signed in again: ${renewed}; refused to every caller: ${refused.join(', ') || 'none'}\n`);
  expect(failures).toEqual([]);
  expect(refused).toEqual([]);
}, 600_000);
