// @backend-agnostic: hostile SBOMs are refused by the parser and validation before any SQL; what passes is
// stored by the same Postgres engine on PGlite.
// Fuzzing the upload endpoint with malformed and hostile SBOMs (issue 7 "Tests"): broken JSON,
// mutated documents with wrong types, huge strings, deep nesting, XML entities, gzip bombs,
// duplicate bom-refs and dangling dependency refs. Whatever comes, the answer is 202 or a 4xx
// problem that says what is wrong — never a 5xx — and a refused upload stores nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { caller } from '../testing/apps';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import { REFUSALS } from '../http/hostile-values';
import { inflationBudget } from '../http/inflate';
import { SBOM_MAX_INFLATED_BYTES } from './body';

const laravel = JSON.parse(gunzipSync(readFileSync(path.join(__dirname, 'testdata', 'laravel-7.12.0.bom.1.4.json.gz'))).toString()) as Record<string, unknown>;

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let api: ReturnType<typeof caller>;
let key: string;

/** What an upload writes (processing, running behind, changes none of these counts). */
async function uploadRows(): Promise<Record<string, number>> {
  const [row] = await app.database.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM application_builds) AS builds, (SELECT count(*)::int FROM sbom_components) AS components,
            (SELECT count(*)::int FROM sbom_dependencies) AS dependencies, (SELECT coalesce(sum(cardinality(external_references)), 0)::int FROM sbom_components) AS refs`,
  );
  return row;
}

/** The upload's answer holds the property, and the database agrees with it. */
async function expectHeld(response: LightMyRequestResponse, before: Record<string, number>): Promise<void> {
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type']).toContain('application/problem+json');
    const { detail } = response.json();
    expect(detail).toEqual(expect.any(String));
    expect(detail.length).toBeGreaterThan(10);
    expect(detail.length).toBeLessThan(2_000);
    expect(await uploadRows()).toEqual(before);
    return;
  }
  expect(response.statusCode).toBe(202);
  const build = response.json();
  expect((await uploadRows()).builds).toBe(before.builds + 1);
  // Every stored edge joins two components of that build: dangling refs were dropped, not stored.
  const [dangling] = await app.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sbom_dependencies d WHERE d.build_id = $1
        AND (NOT EXISTS (SELECT 1 FROM sbom_components c WHERE c.build_id = d.build_id AND c.bom_ref = d.ref)
          OR NOT EXISTS (SELECT 1 FROM sbom_components c WHERE c.build_id = d.build_id AND c.bom_ref = d.depends_on))`,
    [build.id],
  );
  expect(dangling.n).toBe(0);
  const [{ n }] = await app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM sbom_components WHERE build_id = $1', [build.id]);
  expect(n).toBe(build.component_count);
}

async function hold(body: Buffer | string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const before = await uploadRows();
  const response = await api.upload({ key }, 'hostile', body, headers);
  await expectHeld(response, before);
  return response;
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  api = caller(app, 'alpha');
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  const olga: SessionCookie = await authenticate(app, 'olga', clock.now);
  key = (await api.call(olga, 'POST', '/api/modules/cicd-ingestion', { name: 'Pipelines' })).json().api_key_value;
  expect((await api.call(olga, 'POST', '/api/apps?graph=alpha', { app_key: 'hostile' })).statusCode).toBe(201);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

/** A path into the laravel document and a value put there (any JSON value: wrong types included). */
const mutation = fc.record({
  path: fc.array(fc.oneof(fc.constantFrom('components', 'dependencies', 'metadata', 'component', 'bom-ref', 'name', 'version', 'purl', 'licenses', 'dependsOn', 'ref', 'type', 'externalReferences', 'specVersion'), fc.nat({ max: 70 })), { minLength: 1, maxLength: 4 }),
  value: fc.oneof(fc.jsonValue(), fc.constant(null), fc.string({ maxLength: 40 }), fc.integer()),
});

function mutate(document: unknown, path: Array<string | number>, value: unknown): unknown {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let at: unknown = copy;
  for (const step of path.slice(0, -1)) {
    const next = (at as Record<string | number, unknown>)?.[step];
    if (typeof next !== 'object' || next === null) return copy;
    at = next;
  }
  if (typeof at === 'object' && at !== null) (at as Record<string | number, unknown>)[path[path.length - 1]] = value;
  return copy;
}

describe('fuzzed uploads', () => {
  it('answers a truncated or corrupted JSON document with 400 and stores nothing', async () => {
    const text = JSON.stringify(laravel);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: text.length - 1 }), fc.string({ maxLength: 8 }), async (cut, junk) => {
        const response = await hold(text.slice(0, cut) + junk);
        expect(response.statusCode).toBe(400);
      }),
      { numRuns: 60 },
    );
  }, 300_000);

  it('answers a real document with one field mutated (wrong types, nulls, anything) with 202 or a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.boolean(), async (mutations, gzip) => {
        const document = mutations.reduce<unknown>((current, { path: at, value }) => mutate(current, at, value), laravel);
        const text = JSON.stringify(document);
        await hold(gzip ? gzipSync(text) : text);
      }),
      { numRuns: 80 },
    );
  }, 300_000);

  it('refuses huge strings anywhere a component carries text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('name', 'version', 'purl', 'bom-ref', 'group'), fc.integer({ min: 2_049, max: 3_000_000 }), async (field, length) => {
        const component = { type: 'library', name: 'x', [field]: 'A'.repeat(length) };
        const response = await hold(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [component] }));
        expect(response.statusCode).toBe(400);
        expect(response.json().detail).toMatch(/must be at most 2048 characters/);
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('refuses deep nesting of JSON values, of components and of XML elements', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 65, max: 200_000 }), fc.constantFrom('json-array', 'json-object', 'components', 'xml-components', 'xml-elements'), async (depth, shape) => {
        let body: string;
        if (shape === 'json-array') body = `{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"type":"library","name":"x","properties":${'['.repeat(depth)}${']'.repeat(depth)}}]}`;
        else if (shape === 'json-object') body = `{"bomFormat":"CycloneDX","specVersion":"1.5","metadata":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
        else if (shape === 'components') {
          const levels = Math.min(depth, 3_000);
          body = `{"bomFormat":"CycloneDX","specVersion":"1.5","components":[${'{"type":"library","name":"n","components":['.repeat(levels)}${']}'.repeat(levels)}]}`;
        } else if (shape === 'xml-components') {
          body = `<bom xmlns="http://cyclonedx.org/schema/bom/1.5"><components>${'<component type="library"><name>n</name><components>'.repeat(depth)}${'</components></component>'.repeat(depth)}</components></bom>`;
        } else body = `<bom xmlns="http://cyclonedx.org/schema/bom/1.5">${'<x>'.repeat(depth)}${'</x>'.repeat(depth)}</bom>`;
        const response = await hold(body);
        // Elements the reader does not know are skipped, however deep: an empty bom may be accepted.
        if (shape !== 'xml-elements') expect(response.statusCode).toBe(400);
      }),
      { numRuns: 16 },
    );
  }, 300_000);

  it('refuses XML entity declarations (billion laughs, external entities) and reads undeclared ones as text or refuses them', async () => {
    const laughs = ['<!DOCTYPE bom [<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`), ']>'].join('');
    const external = '<!DOCTYPE bom [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(laughs, external, ''), fc.constantFrom('&lol9;', '&xxe;', '&amp;', '&#x41;', '&unknown;'), async (doctype, reference) => {
        const body = `<?xml version="1.0"?>${doctype}<bom xmlns="http://cyclonedx.org/schema/bom/1.5"><components><component type="library"><name>a${reference}</name></component></components></bom>`;
        const response = await hold(body);
        if (doctype !== '') expect(response.json().detail).toMatch(/DOCTYPE or ENTITY declaration/);
        if (response.statusCode === 202) expect(JSON.stringify(response.json())).not.toMatch(/root:|lollol/);
      }),
      { numRuns: 15 },
    );
  }, 300_000);

  it('answers gzip bombs past the inflated cap with 413, and gzip inside gzip with 400', async () => {
    // Each bomb inflates past the cap from a few hundred kB: spaces, a repeated component, zeros.
    const unit = Buffer.from(JSON.stringify({ type: 'library', name: 'bomb', version: '1.0.0' }) + ',');
    const bombs = [Buffer.alloc(SBOM_MAX_INFLATED_BYTES + 1, 0x20), Buffer.alloc(SBOM_MAX_INFLATED_BYTES + 1024, 0)].map((bytes) => gzipSync(bytes, { level: 9 }));
    const repeated = gzipSync(Buffer.concat([Buffer.from('{"bomFormat":"CycloneDX","specVersion":"1.5","components":['), Buffer.alloc(SBOM_MAX_INFLATED_BYTES + unit.length, unit)]), { level: 9 });
    for (const bomb of [...bombs, repeated]) {
      const response = await hold(bomb, { 'content-encoding': 'gzip' });
      expect(response.statusCode).toBe(413);
      expect(response.json().detail).toBe('The inflated SBOM is larger than the 256 MiB accepted.');
    }
    const nested = await hold(gzipSync(gzipSync(JSON.stringify(laravel))));
    expect(nested.statusCode).toBe(400);
    // A multipart file is the same bytes: a bomb there is a 413 too.
    const [bomb] = bombs;
    const form = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="bom"; filename="bom.json.gz"\r\nContent-Type: application/gzip\r\n\r\n'),
      bomb,
      Buffer.from('\r\n--b--\r\n'),
    ]);
    const multipart = await hold(form, { 'content-type': 'multipart/form-data; boundary=b' });
    expect([multipart.statusCode, multipart.json().detail]).toEqual([413, 'The inflated SBOM is larger than the 256 MiB accepted.']);
    expect(inflationBudget.reserved).toBe(0);
  }, 300_000);

  it('holds inflated uploads within the process-wide budget: with it taken, a gzip SBOM waits its turn and a bomb is refused at once', async () => {
    const release = await inflationBudget.reserve(inflationBudget.capacity);
    let answered = false;
    const waiting = hold(gzipSync(JSON.stringify(laravel)), { 'content-encoding': 'gzip' }).then((response) => {
      answered = true;
      return response;
    });
    const bomb = await hold(gzipSync(Buffer.alloc(SBOM_MAX_INFLATED_BYTES + 1, 0x20), { level: 9 }), { 'content-encoding': 'gzip' });
    expect(bomb.statusCode).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    release();
    expect((await waiting).statusCode).toBe(202);
    expect(inflationBudget.reserved).toBe(0);
  }, 120_000);

  it('refuses text the database cannot store (lone surrogates, NUL), naming the field', async () => {
    // (XML cannot carry either: the reader drops a character reference to one.)
    const json = (field: string, text: string) =>
      `{"bomFormat":"CycloneDX","specVersion":"1.5","components":[{"type":"library","bom-ref":"a","name":"a","version":"1.0",${JSON.stringify(field)}:"${text}"}]}`;
    const cases: Array<[string, string]> = [
      [json('name', 'lo\\ud800dash'), `components[0].name ${REFUSALS.surrogate}`],
      [json('group', '\\udc00'), `components[0].group ${REFUSALS.surrogate}`],
      [json('purl', 'pkg:npm/a@1\\u0000'), `components[0].purl ${REFUSALS.nul}`],
    ];
    for (const [body, problem] of cases) {
      const response = await hold(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(`The CycloneDX document is not valid: ${problem}.`);
    }
    // The escape of a pair is text like any other.
    expect((await hold(json('name', '\\ud83d\\ude00'))).statusCode).toBe(202);
  });

  it('refuses duplicate bom-refs and drops dependency refs to components the document does not have', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { minLength: 1, maxLength: 5 }),
        fc.uniqueArray(fc.record({ ref: fc.constantFrom('a', 'b', 'c', 'ghost', 'root'), dependsOn: fc.uniqueArray(fc.constantFrom('a', 'b', 'e', 'nowhere', 'root'), { maxLength: 4 }) }), {
          maxLength: 5,
          selector: (dependency) => dependency.ref,
        }),
        fc.boolean(),
        async (refs, dependencies, duplicate) => {
          const components = refs.map((ref) => ({ type: 'library', 'bom-ref': ref, name: `pkg-${ref}`, version: '1.0.0' }));
          if (duplicate) components.push({ ...components[0], name: 'again' });
          const document = { bomFormat: 'CycloneDX', specVersion: '1.5', metadata: { component: { type: 'application', 'bom-ref': 'root', name: 'root' } }, components, dependencies };
          const response = await hold(JSON.stringify(document));
          if (duplicate) expect(response.json().detail).toMatch(/bom-ref duplicates components\[0\]\.bom-ref/);
          else expect(response.statusCode).toBe(202);
        },
      ),
      { numRuns: 40 },
    );
  }, 300_000);
});
