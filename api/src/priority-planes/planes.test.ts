// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// The applications' priority plane through the API (issue 7 item 11): apps listed placed and
// unplaced with their findings and suggested risk; placing, moving and taking off; refusals
// (values out of range, half a placement, an unknown app, a READER placing) change nothing.
import type { SessionCookie } from '../testing/identity';
import { advisory, cycloneDx, npm, startTestApi, type TestApi } from '../testing/graph';
import { suggestedRisk } from './service';

let api: TestApi;
let olga: SessionCookie; // ORG_ADMIN of Acme
let rita: SessionCookie; // READER of alpha

const placements = () => api.app.database.query('SELECT a.app_key, p.risk, p.criticality FROM application_plane_placements p JOIN applications a ON a.id = p.application_id ORDER BY 1');

beforeAll(async () => {
  api = await startTestApi({ Acme: ['alpha', 'other'] });
  olga = await api.user('olga', '--org', 'Acme', '--role', 'ORG_ADMIN');
  rita = await api.user('rita', '--org', 'Acme', '--member', 'alpha=READER');
  await api.importAdvisories([advisory('GHSA-35jh-r3h4-6jhm'), advisory('GHSA-p6mc-m468-83gw')]);
  await api.createApp(olga, 'alpha', 'shop', { portfolio: 'Retail' });
  await api.createApp(olga, 'alpha', 'billing');
  await api.createApp(olga, 'other', 'elsewhere');
  const lodash = npm('lodash', '4.17.15');
  await api.uploadBuild(olga, 'alpha', 'shop', cycloneDx('shop', [lodash], { shop: [lodash.ref] }));
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('the suggested risk', () => {
  it('grows with each finding, by severity, and with active exploits', () => {
    expect(suggestedRisk(null, 0)).toBe(0);
    expect(suggestedRisk({ HIGH: 1 }, 0)).toBe(0.2);
    expect(suggestedRisk({ HIGH: 2 }, 0)).toBe(0.36);
    expect(suggestedRisk({ CRITICAL: 1, LOW: 1 }, 1)).toBe(0.765);
    expect(suggestedRisk({ UNKNOWN: 5, NONE: 2 }, 0)).toBe(0);
  });
});

describe('GET /api/apps/planes', () => {
  it("lists the process's apps, unplaced at first, with their findings and suggested risk", async () => {
    const response = await api.call(rita, 'GET', '/api/apps/planes?graph=alpha');
    expect(response.statusCode).toBe(200);
    const planes = response.json();
    expect(planes.placed).toEqual([]);
    expect(planes.unplaced.map((app: { app_key: string }) => app.app_key)).toEqual(['billing', 'shop']);
    expect(planes.unplaced[1]).toMatchObject({ app_key: 'shop', name: 'App shop', portfolio: 'Retail', active_exploits: 0, suggested_risk: 0.36 });
    expect(planes.unplaced[1].vulnerabilities).toMatchObject({ HIGH: 2, CRITICAL: 0, total: 2 });
    expect(planes.unplaced[0]).toMatchObject({ suggested_risk: 0, vulnerabilities: { total: 0 } });
  });
});

describe('PUT /api/apps/:appKey/plane', () => {
  it('places, moves and takes an app off the plane', async () => {
    const placed = await api.call(olga, 'PUT', '/api/apps/shop/plane?graph=alpha', { x: 0.8, y: 0.65 });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ application: { app_key: 'shop', suggested_risk: 0.36 }, x: 0.8, y: 0.65, placed_by: 'olga' });
    expect((await api.call(olga, 'PUT', '/api/apps/SHOP/plane?graph=alpha', { x: 0.9, y: 0 })).json()).toMatchObject({ x: 0.9, y: 0 });
    const planes = (await api.call(rita, 'GET', '/api/apps/planes?graph=alpha')).json();
    expect(planes.placed).toEqual([expect.objectContaining({ application: expect.objectContaining({ app_key: 'shop' }), x: 0.9, y: 0 })]);
    expect(planes.unplaced.map((app: { app_key: string }) => app.app_key)).toEqual(['billing']);
    const removed = await api.call(olga, 'PUT', '/api/apps/shop/plane?graph=alpha', { x: null, y: null });
    expect(removed.statusCode).toBe(204);
    expect(await placements()).toEqual([]);
  });

  it('refuses values out of range, half a placement or none, and changes nothing', async () => {
    await api.call(olga, 'PUT', '/api/apps/billing/plane?graph=alpha', { x: 0.2, y: 0.3 });
    const before = await placements();
    for (const body of [{ x: 1.5, y: 0.2 }, { x: 0.2, y: -0.1 }, { x: 0.5, y: null }, { x: '0.5', y: 0.5 }, {}]) {
      const refused = await api.call(olga, 'PUT', '/api/apps/billing/plane?graph=alpha', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe("'x' (risk) and 'y' (business criticality) are numbers from 0 to 1, or both null to take the application off the plane.");
    }
    expect(await placements()).toEqual(before);
  });

  it("answers 404 'Invalid app key' for an app of another process, 403 to a READER", async () => {
    const elsewhere = await api.call(olga, 'PUT', '/api/apps/elsewhere/plane?graph=alpha', { x: 0.5, y: 0.5 });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().detail).toBe('Invalid app key');
    const reader = await api.call(rita, 'PUT', '/api/apps/billing/plane?graph=alpha', { x: 0.5, y: 0.5 });
    expect(reader.statusCode).toBe(403);
    expect((await placements()).find((row) => (row as { app_key: string }).app_key === 'elsewhere')).toBeUndefined();
  });
});
