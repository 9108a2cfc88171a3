// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// Deployment profiles and the RBOM through the API (issue 7 item 13): CRUD with the attach rule
// and refusals that change nothing; the RBOM of a profile by its rule (pattern, type, unreachable),
// pending while the build is processed, computed again after a change; the CycloneDX 1.6 export
// (lifecycle 'operations', valid against the schema); shared links mailed, opened without signing
// in, revoked and expired.
import type { SessionCookie } from '../testing/identity';
import { lastMail } from '../testing/users';
import { parseSbom } from '../sbom/parse';
import { validateCycloneDxJson } from '../sbom/schema';
import { storeBuild } from '../sbom/store.repository';
import { advisory, cycloneDx, npm, startTestApi, type TestApi } from '../testing/graph';

const express = npm('express', '4.17.1');
const lodash = npm('lodash', '4.17.15');
const qs = npm('qs', '6.7.0');
const jestTool = npm('jest', '26.0.0');
const jestCore = npm('jest-core', '26.0.0');
const chalk = npm('chalk', '4.1.0');
const config = { ref: 'config.yml', name: 'config.yml', type: 'file' };
const lonely = npm('lonely', '1.0.0');
const SBOM = cycloneDx('shop', [express, lodash, qs, jestTool, jestCore, chalk, config, lonely], {
  shop: [express.ref, jestTool.ref, config.ref],
  [express.ref]: [lodash.ref, qs.ref],
  [jestTool.ref]: [jestCore.ref],
  [jestCore.ref]: [chalk.ref, qs.ref],
});

let api: TestApi;
let olga: SessionCookie; // ORG_ADMIN: everything, share and delete
let ada: SessionCookie; // AUTHOR: create, update, attach, view, export
let rita: SessionCookie; // READER: list, view
let pete: SessionCookie; // PROFILER (custom): update profiles but not attach builds
let buildId: string;
let profileId: string;

const base = '/api/apps/shop/deploymentProfiles';
const rows = () => api.app.database.query('SELECT name, environment, build_id, exclude, include_types, version FROM deployment_profiles ORDER BY name');
const configuration = (cookie: SessionCookie, id = profileId) => api.call(cookie, 'GET', `${base}/${id}/requestDeploymentConfiguration?graph=alpha`);
const names = (list: Array<{ name: string }>) => list.map((entry) => entry.name);

beforeAll(async () => {
  api = await startTestApi({ Acme: ['alpha'] });
  olga = await api.user('olga', '--org', 'Acme', '--role', 'ORG_ADMIN');
  ada = await api.user('ada', '--org', 'Acme', '--member', 'alpha=AUTHOR');
  rita = await api.user('rita', '--org', 'Acme', '--member', 'alpha=READER');
  const role = await api.call(olga, 'POST', '/api/iam/roles', {
    name: 'PROFILER',
    kind: 'organization',
    description: 'Edits deployment profiles but attaches no build',
    policies: [{ effect: 'allow', actions: ['list', 'update'], resources: ['DeploymentProfile'], condition: null }, { effect: 'allow', actions: ['use'], resources: ['RBOM', 'Module'], condition: null }],
  });
  expect(role.statusCode).toBe(201);
  pete = await api.user('pete', '--org', 'Acme');
  const [{ id: peteId }] = await api.app.database.query<{ id: string }>("SELECT id FROM users WHERE login_id = 'pete'");
  expect((await api.call(olga, 'PATCH', '/api/iam/roles/PROFILER/assignments', { user_id: peteId, assigned: true })).statusCode).toBe(204);
  await api.importAdvisories([advisory('GHSA-35jh-r3h4-6jhm')]);
  await api.createApp(olga, 'alpha', 'shop');
  await api.createApp(olga, 'alpha', 'other-app');
  buildId = (await api.uploadBuild(olga, 'alpha', 'shop', SBOM)).id;
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('deployment profiles', () => {
  it('are created with a build attached, listed and read by name', async () => {
    const created = await api.call(ada, 'POST', `${base}?graph=alpha`, {
      name: 'Production',
      environment: 'prod',
      description: 'EU cluster',
      build_id: buildId,
      exclude: ['pkg:npm/jest@*'],
      include_types: ['application', 'framework', 'library'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      app_key: 'shop',
      name: 'Production',
      environment: 'prod',
      description: 'EU cluster',
      build: { id: buildId, number: 1, status: 'DONE' },
      exclude: ['pkg:npm/jest@*'],
      version: 1,
      created_by: 'ada',
    });
    profileId = created.json().id;
    expect((await api.call(ada, 'POST', `${base}?graph=alpha`, { name: 'Staging', environment: 'staging' })).statusCode).toBe(201);
    const listed = await api.call(rita, 'GET', `${base}?graph=alpha`);
    expect(names(listed.json())).toEqual(['Production', 'Staging']);
  });

  it('refuse bad input with a message per field, a duplicate name, a build of another app — storing nothing', async () => {
    const before = await rows();
    const refusals: Array<[unknown, number, string]> = [
      [{ environment: 'prod' }, 400, 'Required.'],
      [{ name: 'Prod!', environment: 'prod' }, 400, 'No special characters are allowed.'],
      [{ name: 'Other', environment: 'production' }, 400, 'The environment is one of dev, qa, staging, prod.'],
      [{ name: 'Other', environment: 'qa', exclude: ['two words'] }, 400, 'A pattern is one word without spaces, e.g. pkg:npm/jest* or *eslint*.'],
      [{ name: 'Other', environment: 'qa', include_types: ['bogus'] }, 400, 'The component types are among application, framework, library, container, platform, operating-system, device, device-driver, firmware, file, machine-learning-model, data, cryptographic-asset.'],
      [{ name: 'production', environment: 'dev' }, 409, "The application already has a deployment profile named 'production'."],
      [{ name: 'Other', environment: 'dev', build_id: '00000000-0000-4000-8000-000000000000' }, 400, 'The build is not a build of this application.'],
    ];
    for (const [body, status, detail] of refusals) {
      const refused = await api.call(ada, 'POST', `${base}?graph=alpha`, body);
      expect({ status: refused.statusCode, detail: refused.json().detail }).toEqual({ status, detail });
    }
    expect((await api.call(ada, 'POST', `${base}?graph=alpha`, { name: 'Other', environment: 'qa', exclude: ['two words'] })).json().errors).toEqual([
      { field: 'exclude[0]', message: 'A pattern is one word without spaces, e.g. pkg:npm/jest* or *eslint*.' },
    ]);
    expect((await api.call(rita, 'POST', `${base}?graph=alpha`, { name: 'Mine', environment: 'dev' })).statusCode).toBe(403);
    expect((await api.call(ada, 'POST', '/api/apps/nope/deploymentProfiles?graph=alpha', { name: 'Mine', environment: 'dev' })).json().detail).toBe('Invalid app key');
    expect(await rows()).toEqual(before);
  });

  it('need the attach permission to change the build, not to change the rest', async () => {
    const [staging] = (await api.call(rita, 'GET', `${base}?graph=alpha`)).json().filter((profile: { name: string }) => profile.name === 'Staging');
    const attach = await api.call(pete, 'PUT', `${base}/${staging.id}?graph=alpha`, { build_id: buildId });
    expect(attach.statusCode).toBe(403);
    const renamed = await api.call(pete, 'PUT', `${base}/${staging.id}?graph=alpha`, { description: 'Before production' });
    expect(renamed.json()).toMatchObject({ name: 'Staging', description: 'Before production', build: null, version: 2, updated_by: 'pete' });
  });
});

describe('the RBOM of a profile', () => {
  it('is what the build runs by the profile rule, with findings and what was left out', async () => {
    const response = await configuration(rita);
    expect(response.statusCode).toBe(200);
    const rbom = response.json();
    expect(rbom).toMatchObject({ status: 'READY', profile: { id: profileId, name: 'Production', environment: 'prod', version: 1 }, build: { id: buildId, number: 1 }, message: null });
    expect(names(rbom.components)).toEqual(['shop', 'express', 'lodash', 'qs', 'lonely']);
    expect(rbom.excluded).toEqual([
      { bom_ref: jestTool.ref, group: null, name: 'jest', version: '26.0.0', purl: jestTool.purl, reason: 'pattern', pattern: 'pkg:npm/jest@*' },
      { bom_ref: jestCore.ref, group: null, name: 'jest-core', version: '26.0.0', purl: jestCore.purl, reason: 'unreachable' },
      { bom_ref: chalk.ref, group: null, name: 'chalk', version: '4.1.0', purl: chalk.purl, reason: 'unreachable' },
      { bom_ref: 'config.yml', group: null, name: 'config.yml', version: null, purl: null, reason: 'type' },
    ]);
    expect(rbom.components[2].vulnerabilities).toEqual([{ id: 'GHSA-35jh-r3h4-6jhm', severity: 'HIGH', active_exploit: false }]);
    expect(rbom.summary).toMatchObject({ components: 5, excluded: 4, vulnerabilities: { HIGH: 1, total: 1 }, active_exploits: 0 });
  });

  it('is computed again after the profile changes', async () => {
    const changed = await api.call(ada, 'PUT', `${base}/${profileId}?graph=alpha`, { exclude: [], include_types: [] });
    expect(changed.json().version).toBe(2);
    const rbom = (await configuration(ada)).json();
    expect(rbom).toMatchObject({ status: 'READY', profile: { version: 2 }, summary: { components: 9, excluded: 0 } });
  });

  it('waits for a build still processing (202), and needs a build (409)', async () => {
    const [application] = await api.app.database.query<{ id: string }>("SELECT id FROM applications WHERE app_key = 'shop'");
    // Stored but never queued: it stays PENDING.
    const pending = await storeBuild(api.app.database, application.id, parseSbom(Buffer.from(SBOM)), { userId: null, serviceModuleId: null });
    const created = await api.call(ada, 'POST', `${base}?graph=alpha`, { name: 'Next', environment: 'qa', build_id: pending.id });
    const waiting = await configuration(ada, created.json().id);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toMatchObject({ status: 'PENDING', message: 'Build 2 is still being processed: the RBOM is computed once it is done.' });
    expect(waiting.json().components).toBeUndefined();
    const [staging] = (await api.call(rita, 'GET', `${base}?graph=alpha`)).json().filter((profile: { name: string }) => profile.name === 'Staging');
    const none = await configuration(ada, staging.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe('Attach a build to the profile first: its RBOM is computed from the build.');
    expect((await configuration(ada, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('exports as CycloneDX 1.6 with lifecycle operations, valid against the schema', async () => {
    await api.call(ada, 'PUT', `${base}/${profileId}?graph=alpha`, { exclude: ['pkg:npm/jest@*'] });
    const exported = await api.call(ada, 'GET', `${base}/${profileId}/rbom?graph=alpha`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/vnd.cyclonedx+json');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="shop-Production-build-1.rbom.cdx.json"');
    const document = exported.json();
    expect(() => validateCycloneDxJson(document, '1.6')).not.toThrow();
    expect(document).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6', metadata: { lifecycles: [{ phase: 'operations' }], component: { 'bom-ref': 'shop', name: 'shop' } } });
    expect(document.metadata.properties).toEqual(
      expect.arrayContaining([
        { name: 'portal:deployment-profile', value: 'Production' },
        { name: 'portal:environment', value: 'prod' },
        { name: 'portal:build', value: '1' },
      ]),
    );
    expect(document.components.map((component: { name: string }) => component.name).sort()).toEqual(['config.yml', 'express', 'lodash', 'lonely', 'qs']);
    const dependsOn = Object.fromEntries(document.dependencies.map((entry: { ref: string; dependsOn?: string[] }) => [entry.ref, (entry.dependsOn ?? []).sort()]));
    expect(dependsOn.shop).toEqual([config.ref, express.ref, lonely.ref].sort());
    expect(dependsOn[express.ref]).toEqual([lodash.ref, qs.ref].sort());
    expect((await api.call(rita, 'GET', `${base}/${profileId}/rbom?graph=alpha`)).statusCode).toBe(403);
  });
});

describe('shared RBOM links', () => {
  let link: string;
  let shareId: string;

  it('are created for those with the share permission, mailed, and open without signing in', async () => {
    expect((await api.call(ada, 'POST', `${base}/${profileId}/shares?graph=alpha`, {})).statusCode).toBe(403);
    const refused = await api.call(olga, 'POST', `${base}/${profileId}/shares?graph=alpha`, { recipients: ['not-an-address'] });
    expect(refused.json()).toMatchObject({ status: 400, detail: 'Invalid email format.' });
    const shared = await api.call(olga, 'POST', `${base}/${profileId}/shares?graph=alpha`, { expires_in_days: 3, recipients: ['auditor@example.com'] });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ status: 'active', recipients: ['auditor@example.com'], build: { number: 1 }, components: 6, created_by: 'olga' });
    ({ url: link, id: shareId } = shared.json());
    expect(link).toMatch(/^http:\/\/[^/]+\/api\/rbom\/shared\/[A-Za-z0-9_-]{43}$/);
    expect((await lastMail(api.app, 'auditor@example.com'))?.text).toContain(link);
    const opened = await api.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().metadata.lifecycles).toEqual([{ phase: 'operations' }]);
    expect((await api.call(olga, 'GET', `${base}/${profileId}/shares?graph=alpha`)).json()).toEqual([expect.objectContaining({ id: shareId, status: 'active' })]);
    expect((await api.call(olga, 'GET', `${base}/${profileId}/shares?graph=alpha`)).json()[0].url).toBeUndefined();
  });

  it('stop opening when revoked or expired; an unknown link is 404', async () => {
    const second = (await api.call(olga, 'POST', `${base}/${profileId}/shares?graph=alpha`, { expires_in_days: 1 })).json();
    expect((await api.call(olga, 'DELETE', `${base}/${profileId}/shares/${shareId}?graph=alpha`)).statusCode).toBe(204);
    const revoked = await api.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect({ status: revoked.statusCode, detail: revoked.json().detail }).toEqual({ status: 410, detail: 'This RBOM link was revoked.' });
    expect((await api.app.inject({ method: 'GET', url: '/api/rbom/shared/nothing-like-it' })).statusCode).toBe(404);
    expect((await api.call(olga, 'DELETE', `${base}/${profileId}/shares/00000000-0000-4000-8000-000000000000?graph=alpha`)).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: new URL(second.url).pathname })).statusCode).toBe(200);
    // Two days on (only the public link is asked meanwhile: the sessions would have ended), then back.
    const twoDays = 2 * 24 * 60 * 60 * 1000;
    api.clock.advance(twoDays);
    const expired = await api.app.inject({ method: 'GET', url: new URL(second.url).pathname });
    api.clock.advance(-twoDays);
    expect({ status: expired.statusCode, detail: expired.json().detail }).toEqual({ status: 410, detail: 'This RBOM link has expired.' });
  });
});

describe('deleting a profile', () => {
  it('is for those with the delete permission, and takes its RBOM and links along', async () => {
    expect((await api.call(ada, 'DELETE', `${base}/${profileId}?graph=alpha`)).statusCode).toBe(403);
    expect((await api.call(olga, 'DELETE', `${base}/${profileId}?graph=alpha`)).statusCode).toBe(204);
    const left = await api.app.database.query(
      'SELECT (SELECT count(*)::int FROM deployment_configurations WHERE profile_id = $1) AS configurations, (SELECT count(*)::int FROM rbom_shares WHERE profile_id = $1) AS shares',
      [profileId],
    );
    expect(left).toEqual([{ configurations: 0, shares: 0 }]);
    expect((await configuration(olga)).statusCode).toBe(404);
  });
});
