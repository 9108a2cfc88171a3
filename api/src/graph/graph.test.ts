// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// The graph family through the API (issue 7 items 9–10): a build's dependency graph (nodes with
// their highest severity, stated and implied edges) and its metrics, computed on a document whose
// shape is known (a diamond, a cycle, an isolated component) and on juice-shop (no dependency
// graph: a star under the root); a build not processed yet is 409, an unknown one 404, and a
// user without the app permission gets 403 before any work.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SessionCookie } from '../testing/identity';
import { storeBuild } from '../sbom/store.repository';
import { parseSbom } from '../sbom/parse';
import { cycles } from './service';
import { advisory, cycloneDx, npm, startTestApi, type TestApi } from '../testing/graph';

const juiceShop = gunzipSync(readFileSync(path.join(__dirname, '..', 'sbom', 'testdata', 'juice-shop-v11.1.2.bom.json.gz')));

// root → express, lodash; express → body-parser, qs; body-parser → qs; qs ⇄ side (a cycle);
// lonely: named in no edge (hangs under the root by an implied edge).
const express = npm('express', '4.17.1');
const lodash = npm('lodash', '4.17.15');
const bodyParser = npm('body-parser', '1.19.0');
const qs = npm('qs', '6.7.0');
const side = npm('side-channel', '1.0.4');
const lonely = npm('lonely', '1.0.0');
const SBOM = cycloneDx('shop', [express, lodash, bodyParser, qs, side, lonely], {
  shop: [express.ref, lodash.ref],
  [express.ref]: [bodyParser.ref, qs.ref],
  [bodyParser.ref]: [qs.ref],
  [qs.ref]: [side.ref],
  [side.ref]: [qs.ref],
});

let api: TestApi;
let olga: SessionCookie; // ORG_ADMIN of Acme
let rita: SessionCookie; // READER of alpha
let nora: SessionCookie; // member of 'other' only
let buildId: string;

beforeAll(async () => {
  api = await startTestApi({ Acme: ['alpha', 'other'] });
  olga = await api.user('olga', '--org', 'Acme', '--role', 'ORG_ADMIN');
  rita = await api.user('rita', '--org', 'Acme', '--member', 'alpha=READER');
  nora = await api.user('nora', '--org', 'Acme', '--member', 'other=READER');
  await api.importAdvisories([advisory('GHSA-35jh-r3h4-6jhm'), advisory('GHSA-p6mc-m468-83gw')]);
  await api.createApp(olga, 'alpha', 'shop');
  buildId = (await api.uploadBuild(olga, 'alpha', 'shop', SBOM)).id;
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('GET /api/apps/:appKey/builds/:buildId/graph', () => {
  it('answers the nodes with level and highest severity, the stated edges and the implied ones', async () => {
    const response = await api.call(rita, 'GET', `/api/apps/shop/builds/${buildId}/graph?graph=alpha`);
    expect(response.statusCode).toBe(200);
    const graph = response.json();
    const names = graph.nodes.map((node: { name: string }) => node.name);
    expect(names).toEqual(['shop', 'express', 'lodash', 'body-parser', 'qs', 'side-channel', 'lonely']);
    expect(graph.root).toBe(0);
    expect(graph.build).toEqual({ id: buildId, number: 1 });
    const at = (name: string) => names.indexOf(name);
    expect(graph.nodes.map((node: { level: number }) => node.level)).toEqual([0, 1, 1, 2, 2, 3, 1]);
    expect(graph.nodes[at('lodash')]).toMatchObject({
      severity: 'HIGH',
      vulnerabilities: ['GHSA-35jh-r3h4-6jhm', 'GHSA-p6mc-m468-83gw'],
      active_exploit: false,
      purl: 'pkg:npm/lodash@4.17.15',
    });
    expect(graph.nodes[at('express')]).toMatchObject({ severity: null, vulnerabilities: [] });
    const pairs = (edges: number[][]) => edges.map(([from, to]) => `${names[from]}>${names[to]}`).sort();
    expect(pairs(graph.edges)).toEqual(
      ['shop>express', 'shop>lodash', 'express>body-parser', 'express>qs', 'body-parser>qs', 'qs>side-channel', 'side-channel>qs'].sort(),
    );
    expect(pairs(graph.implied_edges)).toEqual(['shop>lonely']);
  });

  it('hangs every component of a document without dependencies under its root', async () => {
    await api.createApp(olga, 'alpha', 'juice');
    const build = await api.uploadBuild(olga, 'alpha', 'juice', juiceShop);
    const graph = (await api.call(olga, 'GET', `/api/apps/juice/builds/${build.number}/graph?graph=alpha`)).json();
    expect(graph.nodes[graph.root].name).toBe('juice-shop');
    expect(graph.edges).toEqual([]);
    expect(graph.implied_edges).toHaveLength(graph.nodes.length - 1);
    expect(new Set(graph.implied_edges.map(([from]: number[]) => from))).toEqual(new Set([graph.root]));
    const metrics = (await api.call(olga, 'GET', `/api/apps/juice/builds/${build.id}/graphMetrics?graph=alpha`)).json();
    expect(metrics).toMatchObject({ components: graph.nodes.length, edges: 0, implied_edges: graph.nodes.length - 1, depth: 1, isolated: graph.nodes.length });
    expect(metrics.levels).toEqual([1, graph.nodes.length - 1]);
    expect(metrics.most_depended_on).toEqual([]);
  });
});

describe('GET /api/apps/:appKey/builds/:buildId/graphMetrics', () => {
  it('answers depth, fan-in / fan-out, leaves, isolated components, cycles and the top lists', async () => {
    const response = await api.call(rita, 'GET', `/api/apps/shop/builds/${buildId}/graphMetrics?graph=alpha`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      app_key: 'shop',
      build: { id: buildId, number: 1 },
      components: 7,
      edges: 7,
      implied_edges: 1,
      depth: 3,
      levels: [1, 3, 2, 1],
      // qs has three dependents (express, body-parser, side-channel); five components have any.
      fan_in: { max: 3, average: 1.4 },
      // shop and express depend on two each; five components depend on anything.
      fan_out: { max: 2, average: 1.4 },
      leaves: 2,
      isolated: 1,
      cycles: { count: 1, components: 2 },
      most_depended_on: [
        { bom_ref: qs.ref, name: 'qs', version: '6.7.0', purl: qs.purl, fan_in: 3, fan_out: 1, transitive_dependents: 4 },
        { bom_ref: express.ref, name: 'express', version: '4.17.1', purl: express.purl, fan_in: 1, fan_out: 2, transitive_dependents: 1 },
        { bom_ref: lodash.ref, name: 'lodash', version: '4.17.15', purl: lodash.purl, fan_in: 1, fan_out: 0, transitive_dependents: 1 },
        { bom_ref: bodyParser.ref, name: 'body-parser', version: '1.19.0', purl: bodyParser.purl, fan_in: 1, fan_out: 1, transitive_dependents: 2 },
        { bom_ref: side.ref, name: 'side-channel', version: '1.0.4', purl: side.purl, fan_in: 1, fan_out: 1, transitive_dependents: 4 },
      ],
      largest_fan_out: [
        { bom_ref: 'shop', name: 'shop', version: '1.0.0', purl: null, fan_in: 0, fan_out: 2, transitive_dependents: 0 },
        { bom_ref: express.ref, name: 'express', version: '4.17.1', purl: express.purl, fan_in: 1, fan_out: 2, transitive_dependents: 1 },
        { bom_ref: bodyParser.ref, name: 'body-parser', version: '1.19.0', purl: bodyParser.purl, fan_in: 1, fan_out: 1, transitive_dependents: 2 },
        { bom_ref: qs.ref, name: 'qs', version: '6.7.0', purl: qs.purl, fan_in: 3, fan_out: 1, transitive_dependents: 4 },
        { bom_ref: side.ref, name: 'side-channel', version: '1.0.4', purl: side.purl, fan_in: 1, fan_out: 1, transitive_dependents: 4 },
      ],
    });
  });

  it('counts cycles: self-contained groups of two or more, not a chain', () => {
    expect(cycles(4, [[0, 1], [1, 2], [2, 3]])).toEqual({ count: 0, components: 0 });
    expect(cycles(5, [[0, 1], [1, 0], [2, 3], [3, 4], [4, 2], [1, 2]])).toEqual({ count: 2, components: 5 });
  });
});

describe('refusals', () => {
  it('answers 409 for a build not processed yet, 404 for an unknown build or app', async () => {
    const [application] = await api.app.database.query<{ id: string }>("SELECT id FROM applications WHERE app_key = 'shop'");
    // Stored but never queued: it stays PENDING.
    const pending = await storeBuild(api.app.database, application.id, parseSbom(Buffer.from(SBOM)), { userId: null, serviceModuleId: null });
    const waiting = await api.call(olga, 'GET', `/api/apps/shop/builds/${pending.id}/graphMetrics?graph=alpha`);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().detail).toBe(`Build ${pending.number} is still being processed (PENDING): its dependency graph is not ready yet.`);
    expect((await api.call(olga, 'GET', `/api/apps/shop/builds/${pending.id}/graph?graph=alpha`)).statusCode).toBe(409);
    expect((await api.call(olga, 'GET', '/api/apps/shop/builds/00000000-0000-4000-8000-000000000000/graph?graph=alpha')).statusCode).toBe(404);
    const unknownApp = await api.call(olga, 'GET', `/api/apps/nope/builds/${buildId}/graph?graph=alpha`);
    expect(unknownApp.statusCode).toBe(404);
    expect(unknownApp.json().detail).toBe('Invalid app key');
    // The app is alpha's: in another process of the same organization it is not found.
    expect((await api.call(olga, 'GET', `/api/apps/shop/builds/${buildId}/graph?graph=other`)).statusCode).toBe(404);
  });

  it('refuses a caller without the view permission in the process (403) and needs the graph parameter', async () => {
    const denied = await api.call(nora, 'GET', `/api/apps/shop/builds/${buildId}/graphMetrics?graph=alpha`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('You do not have the privileges for the request.');
    expect((await api.call(olga, 'GET', `/api/apps/shop/builds/${buildId}/graph`)).statusCode).toBe(400);
  });
});
