// What the applications tests share: signing a user in, the juice-shop SBOM and the advisories
// the findings come from, and the API calls that set a test up (the UI steps under test go through
// the screens).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { CSRF, signInWithNewTwoFactor } from '../../support/identity';
import { REPO_ROOT } from '../../support/portal';
import { totpCode, type E2EUser } from '../../support/users';

export const GRAPH = 'e2e';
/** OWASP Juice Shop v11.1.2 (CycloneDX 1.2): 841 components, the root included. */
export const JUICE_SHOP_GZ = readFileSync(join(__dirname, '..', '..', 'fixtures', 'juice-shop__v11.1.2__bom.json.gz'));
export const JUICE_SHOP = gunzipSync(JUICE_SHOP_GZ);
export const JUICE_SHOP_COMPONENTS = 841;
/** The GitHub advisories of the API's matcher tests (api/src/vulnerabilities/testdata/osv). */
export const OSV_DIR = join(REPO_ROOT, 'api', 'src', 'vulnerabilities', 'testdata', 'osv');
export const OSV_FILES = readdirSync(OSV_DIR).filter((name) => name.endsWith('.json')).map((name) => join(OSV_DIR, name));

export async function signedIn(browser: Browser, user: E2EUser): Promise<Page> {
  const context = await browser.newContext();
  await signInWithNewTwoFactor(context.request, user, (secret) => totpCode(secret));
  return context.newPage();
}

/** A key no other run of the suite used. */
export const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export async function createApp(request: APIRequestContext, appKey: string, name = appKey): Promise<void> {
  const response = await request.post(`/api/apps?graph=${GRAPH}`, { data: { app_key: appKey, name }, headers: CSRF });
  expect(response.status()).toBe(201);
}

/** Uploads the SBOM as the session's user and waits until the build is processed; its id. */
export async function uploadAndWait(request: APIRequestContext, appKey: string, sbom: Buffer = JUICE_SHOP): Promise<string> {
  const response = await request.post(`/api/apps/${appKey}/builds?graph=${GRAPH}`, { data: sbom, headers: { ...CSRF, 'Content-Type': 'application/json' } });
  expect(response.status()).toBe(202);
  const { id } = (await response.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/apps/${appKey}/builds/${id}?graph=${GRAPH}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('DONE');
  return id;
}

/** The advisories every juice-shop finding comes from, imported through the API (an admin's session). */
export async function importAdvisories(request: APIRequestContext): Promise<void> {
  const records = OSV_FILES.map((file) => JSON.parse(readFileSync(file, 'utf8')) as unknown);
  const response = await request.post('/api/vulnerabilities/imports', { data: records, headers: CSRF });
  expect(response.status()).toBe(200);
}
