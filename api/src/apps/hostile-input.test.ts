// @backend-agnostic: hostile input is refused by validation before any SQL; what passes reaches the same
// Postgres engine on PGlite.
// The applications API against input no form sends (issue 7, "never a 5xx for client input",
// "nothing half-written", every mutation authorized on the server): a NUL (U+0000) in any text,
// malformed multipart uploads, a settings entry naming no app, the monitoring setting changed
// through the app itself, and a VEX sent back with the CycloneDX media type the export gives it.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { REFUSALS } from '../http/hostile-values';
import type { SessionCookie } from '../testing/identity';
import { ONE_FILE_PER_UPLOAD, ONE_SBOM_PER_UPLOAD, MULTIPART_LIMITS } from '../sbom/ingest';
import { advisory, cycloneDx, npm, startTestApi, type TestApi } from '../testing/graph';
import { NO_APP_NAMED } from './settings-routes';
import { storedRows } from '../testing/apps';

const lodash = npm('lodash', '4.17.15');
const SBOM = cycloneDx('shop', [lodash], { shop: [lodash.ref] });

let api: TestApi;
let app: FastifyInstance;
let olga: SessionCookie; // ORG_ADMIN
let gil: SessionCookie; // a Global Admin: imports advisories
let ed: SessionCookie; // eddy, APP_EDITOR (custom): creates and changes apps, but not their settings
let apiKey: string;

/** Every row the applications domain writes: equal before and after a refusal. */
async function rows(): Promise<Record<string, unknown>> {
  const [domain] = await app.database.query<Record<string, unknown>>(
    `SELECT (SELECT json_agg(json_build_object('k', app_key, 'n', name, 'p', portfolio, 'm', enable_continuous_monitoring) ORDER BY app_key) FROM applications) AS apps,
            (SELECT count(*)::int FROM deployment_profiles) AS profiles, (SELECT count(*)::int FROM monitoring_events) AS events`,
  );
  return { ...domain, ...(await storedRows(app)) };
}

function expectBadRequest(response: LightMyRequestResponse, detail: string | RegExp): void {
  expect({ status: response.statusCode, type: response.headers['content-type'] }).toEqual({ status: 400, type: expect.stringContaining('application/problem+json') });
  expect(response.json().detail).toMatch(detail);
}

function multipart(parts: Array<{ name: string; filename?: string; content: string }>, boundary = 'portal-test'): { payload: string; headers: Record<string, string> } {
  const payload =
    parts.map((part) => `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n\r\n${part.content}\r\n`).join('') +
    `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  api = await startTestApi({ Acme: ['alpha'] });
  app = api.app;
  olga = await api.user('olga', '--org', 'Acme', '--role', 'ORG_ADMIN');
  gil = await api.user('gil', '--role', '_global_admin');
  const role = await api.call(olga, 'POST', '/api/iam/roles', {
    name: 'APP_EDITOR',
    kind: 'organization',
    description: 'Creates and changes applications, not their settings',
    policies: [
      { effect: 'allow', actions: ['list', 'view', 'create', 'update'], resources: ['Application'], condition: null },
      { effect: 'allow', actions: ['use'], resources: ['Module'], condition: null },
    ],
  });
  expect(role.statusCode).toBe(201);
  ed = await api.user('eddy', '--org', 'Acme');
  const [{ id: edId }] = await app.database.query<{ id: string }>("SELECT id FROM users WHERE login_id = 'eddy'");
  expect((await api.call(olga, 'PATCH', '/api/iam/roles/APP_EDITOR/assignments', { user_id: edId, assigned: true })).statusCode).toBe(204);
  apiKey = (await api.call(olga, 'POST', '/api/modules/cicd-ingestion', { name: 'Pipelines' })).json().api_key_value;
  await api.importAdvisories([advisory('GHSA-35jh-r3h4-6jhm')]);
  await api.createApp(olga, 'alpha', 'shop', { enable_continuous_monitoring: true });
  await api.uploadBuild(olga, 'alpha', 'shop', SBOM);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('a NUL character (U+0000) in a value', () => {
  it('answers 400 that says so, never 500, wherever it is sent, and stores nothing', async () => {
    const before = await rows();
    const nulIn = (field: string) => `Data is not valid: ${field} ${REFUSALS.nul}.`;
    const gets: Array<[string, string]> = [
      ['/api/apps?graph=al%00pha', "the query parameter 'graph'"],
      ['/api/apps/sh%00op?graph=alpha', "the path parameter 'appKey'"],
      ['/api/apps/components/search?graph=alpha&search=lo%00dash', "the query parameter 'search'"],
      ['/api/apps/vulnerabilities/search?graph=alpha&search=%00', "the query parameter 'search'"],
      ['/api/apps/builds/search?graph=alpha&search=%00&category=all', "the query parameter 'search'"],
      ['/api/apps/appSettings/%00?graph=alpha', "the path parameter 'id'"],
      ['/api/apps/shop/builds/%00?graph=alpha', "the path parameter 'buildId'"],
      ['/api/sbom?graph=alpha&app=%00', "the query parameter 'app'"],
      ['/api/apps/shop/builds/1/vulnerabilities/%00?graph=alpha', "the path parameter 'vulnId'"],
      ['/api/apps/shop/builds/1/vulnerabilities/GHSA-35jh-r3h4-6jhm?graph=alpha&component=%00', "the query parameter 'component'"],
      ['/api/apps/monitoring/events?graph=alpha&app=%00', "the query parameter 'app'"],
      ['/api/vulnerabilities/%00?graph=alpha', "the path parameter 'id'"],
    ];
    for (const [url, field] of gets) expectBadRequest(await api.call(olga, 'GET', url), nulIn(field));
    const changes: Array<[string, string, unknown, string]> = [
      ['POST', '/api/apps?graph=alpha', { app_key: 'crm', name: 'C\u0000RM' }, "'name'"],
      ['PUT', '/api/apps/shop?graph=alpha', { name: 'Sh\u0000op', portfolio: 'Retail' }, "'name'"],
      ['PUT', '/api/apps/appSettings?graph=alpha', [{ app_key: 'shop', enable_continuous_monitoring: false }, { id: '\u0000', enable_continuous_monitoring: false }], "'[1].id'"],
      ['POST', '/api/apps/shop/builds/1/vulnerabilities?graph=alpha', { search: 'lo\u0000' }, "'search'"],
      ['POST', '/api/apps/shop/builds/1/vulnerabilities/GHSA-35jh-r3h4-6jhm/vex?graph=alpha', { state: 'resolved', comment: 'fixed\u0000' }, "'comment'"],
      ['POST', '/api/apps/shop/builds/1/vulnerabilities/GHSA-35jh-r3h4-6jhm/vex?graph=alpha', { state: 'not_affected', detail: 'not\u0000reached' }, "'detail'"],
      ['POST', '/api/apps/monitoring/rescan?graph=alpha', { app_key: 'sh\u0000op' }, "'app_key'"],
      ['POST', '/api/apps/shop/deploymentProfiles?graph=alpha', { name: 'Prod', environment: 'prod', exclude: ['jest\u0000'] }, "'exclude[0]'"],
      ['POST', '/api/apps/shop/deploymentProfiles?graph=alpha', { name: 'Prod', environment: 'prod', build_id: '\u0000' }, "'build_id'"],
    ];
    for (const [method, url, payload, field] of changes) expectBadRequest(await api.call(olga, method as 'POST', url, payload), nulIn(field));
    const upload = await app.inject({ method: 'POST', url: '/api/apps/sh%00op/builds', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, payload: SBOM });
    expectBadRequest(upload, nulIn("the path parameter 'appKey'"));
    expect(await rows()).toEqual(before);
  });

  it('makes an advisory invalid, as an id with control characters does; the others of the import are stored', async () => {
    const nul = { ...advisory('GHSA-35jh-r3h4-6jhm'), id: 'GHSA-xxxx-0000-nul0', aliases: ['CVE-2099-0001'], details: 'broken\u0000' };
    const alias = { ...advisory('GHSA-35jh-r3h4-6jhm'), id: 'GHSA-xxxx-0000-ali0', aliases: ['CVE-2099-\u001d0002'] };
    const fine = { ...advisory('GHSA-35jh-r3h4-6jhm'), id: 'GHSA-xxxx-0000-fin0', aliases: ['CVE-2099-0003'] };
    const lone = { ...advisory('GHSA-35jh-r3h4-6jhm'), id: 'GHSA-xxxx-0000-sur0', aliases: ['CVE-2099-0004'], database_specific: { note: 'x\ud800' } };
    const imported = await api.call(gil, 'POST', '/api/vulnerabilities/imports', [nul, alias, fine, lone]);
    expect(imported.statusCode).toBe(200);
    // The import rescans the monitored shop in the background (a new finding): done before the next test counts rows.
    await app.monitoring.idle();
    expect(imported.json()).toMatchObject({
      read: 4,
      added: 1,
      invalid: 3,
      problems: [`GHSA-xxxx-0000-nul0: 'details' ${REFUSALS.nul}`, "GHSA-xxxx-0000-ali0: 'aliases' has control characters", `GHSA-xxxx-0000-sur0: 'database_specific.note' ${REFUSALS.surrogate}`],
    });
    expect((await api.call(olga, 'GET', '/api/vulnerabilities/CVE-2099-0003?graph=alpha')).statusCode).toBe(200);
    expect((await api.call(olga, 'GET', '/api/vulnerabilities/GHSA-xxxx-0000-nul0?graph=alpha')).statusCode).toBe(404);
  });
});

describe('a malformed multipart upload', () => {
  const upload = (form: { payload: string; headers: Record<string, string> }) =>
    app.inject({ method: 'POST', url: '/api/apps/shop/builds', headers: { 'x-api-key': apiKey, ...form.headers }, payload: form.payload });

  it('answers 400 saying what is wrong — cut short, no boundary, two files, too many parts — and stores nothing', async () => {
    const before = await rows();
    const cut = { payload: '--b\r\nContent-Disposition: form-data; name="bom"; filename="bom.json"\r\n\r\n{"bomFormat":', headers: { 'content-type': 'multipart/form-data; boundary=b' } };
    expectBadRequest(await upload(cut), /^The multipart body could not be read: Unexpected end/);
    expectBadRequest(await upload({ payload: SBOM, headers: { 'content-type': 'multipart/form-data' } }), /^The multipart body could not be read: .*[Bb]oundary/);
    expectBadRequest(await upload(multipart([{ name: 'bom', filename: 'a.json', content: SBOM }, { name: 'bom', filename: 'b.json', content: SBOM }])), ONE_FILE_PER_UPLOAD);
    expectBadRequest(await upload(multipart([{ name: 'bom', content: SBOM }, { name: 'bom', content: SBOM }])), ONE_SBOM_PER_UPLOAD);
    const many = Array.from({ length: 12 }, (_, index) => ({ name: `note${index}`, content: 'x' }));
    expectBadRequest(await upload(multipart([...many, { name: 'bom', filename: 'bom.json', content: SBOM }])), MULTIPART_LIMITS);
    expect(await rows()).toEqual(before);
    // The same SBOM well sent is taken.
    const taken = await upload(multipart([{ name: 'note', content: 'x' }, { name: 'bom', filename: 'bom.json', content: SBOM }]));
    expect(taken.statusCode).toBe(202);
    // Processed before the next test counts rows.
    for (let attempt = 0; attempt < 800 && !['DONE', 'FAILED'].includes((await api.call(olga, 'GET', `/api/apps/shop/builds/${taken.json().id}?graph=alpha`)).json().status); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  it('of a KEV catalog holding text the database cannot store answers 400 naming the field, and stores nothing', async () => {
    const [before] = await app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM known_exploited_vulnerabilities');
    const catalog = '{"catalogVersion":"2099.01.01","vulnerabilities":[{"cveID":"CVE-2099-0003","vendorProject":"x\\ud800","product":"p","vulnerabilityName":"n","dateAdded":"2099-01-01","dueDate":"2099-01-22"}]}';
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/vulnerabilities/kev',
      headers: { cookie: `${gil.name}=${gil.value}`, 'content-type': 'multipart/form-data; boundary=b' },
      payload: `--b\r\nContent-Disposition: form-data; name="file"; filename="kev.json"\r\nContent-Type: application/json\r\n\r\n${catalog}\r\n--b--\r\n`,
    });
    expectBadRequest(response, `Data is not valid: 'vulnerabilities[0].vendorProject' ${REFUSALS.surrogate}.`);
    expect(await app.database.query('SELECT count(*)::int AS n FROM known_exploited_vulnerabilities')).toEqual([before]);
  });

  it('of advisories or of the KEV catalog answers 400 too', async () => {
    for (const url of ['/api/vulnerabilities/imports', '/api/vulnerabilities/kev']) {
      const cut = await api.app.inject({
        method: 'POST',
        url,
        headers: { cookie: `${gil.name}=${gil.value}`, 'content-type': 'multipart/form-data; boundary=b' },
        payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n[{"id":',
      });
      expectBadRequest(cut, /^The multipart body could not be read: Unexpected end/);
    }
  });
});

describe('application settings', () => {
  it('need update=>ApplicationSettings to turn monitoring on or off through the app itself, not to change the rest', async () => {
    const before = await rows();
    expect((await api.call(ed, 'PUT', '/api/apps/shop?graph=alpha', { enable_continuous_monitoring: false })).statusCode).toBe(403);
    expect((await api.call(ed, 'PUT', '/api/apps/appSettings/shop?graph=alpha', { enable_continuous_monitoring: false })).statusCode).toBe(403);
    expect((await api.call(ed, 'POST', '/api/apps?graph=alpha', { app_key: 'watched', enable_continuous_monitoring: true })).statusCode).toBe(403);
    expect(await rows()).toEqual(before);
    const renamed = await api.call(ed, 'PUT', '/api/apps/shop?graph=alpha', { name: 'Shop', enable_continuous_monitoring: true });
    expect(renamed.json()).toMatchObject({ app_key: 'shop', name: 'Shop', enable_continuous_monitoring: true });
    const created = await api.call(ed, 'POST', '/api/apps?graph=alpha', { app_key: 'quiet', enable_continuous_monitoring: false });
    expect(created.statusCode).toBe(201);
    const off = await api.call(olga, 'PUT', '/api/apps/quiet?graph=alpha', { enable_continuous_monitoring: true });
    expect(off.json().enable_continuous_monitoring).toBe(true);
  });

  it('set together refuse an entry that names no app with 400, changing nothing', async () => {
    const before = await rows();
    const response = await api.call(olga, 'PUT', '/api/apps/appSettings?graph=alpha', [
      { app_key: 'shop', enable_continuous_monitoring: false },
      { enable_continuous_monitoring: false },
    ]);
    expectBadRequest(response, NO_APP_NAMED(1));
    expect(response.json().errors).toEqual([{ field: '[1]', message: 'needs id or app_key' }]);
    expect(await rows()).toEqual(before);
  });
});

describe('a VEX', () => {
  it('exported (application/vnd.cyclonedx+json) is imported back with that media type', async () => {
    const analysed = await api.call(olga, 'POST', '/api/apps/shop/builds/1/vulnerabilities/GHSA-35jh-r3h4-6jhm/vex?graph=alpha', { state: 'resolved' });
    expect(analysed.statusCode).toBe(200);
    const exported = await api.call(olga, 'GET', '/api/apps/shop/builds/1/vex?graph=alpha');
    expect(exported.headers['content-type']).toMatch(/^application\/vnd\.cyclonedx\+json/);
    const second = await api.uploadBuild(olga, 'alpha', 'shop', SBOM);
    const imported = await app.inject({
      method: 'POST',
      url: `/api/apps/shop/builds/${second.number}/vex?graph=alpha`,
      headers: { cookie: `${olga.name}=${olga.value}`, 'content-type': exported.headers['content-type'] as string },
      payload: exported.body,
    });
    expect(imported.statusCode).toBe(200);
    // Both findings of lodash are statements; the analysed one matches (the other has no analysis).
    expect(imported.json()).toMatchObject({ statements: 2, skipped: 1, unmatched: [] });
    const broken = await app.inject({
      method: 'POST',
      url: `/api/apps/shop/builds/${second.number}/vex?graph=alpha`,
      headers: { cookie: `${olga.name}=${olga.value}`, 'content-type': 'application/vnd.cyclonedx+json' },
      payload: '{"bomFormat":',
    });
    expect(broken.statusCode).toBe(400);
  });
});
