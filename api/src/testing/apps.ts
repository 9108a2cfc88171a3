// What the applications API tests share: calls as a signed-in user, SBOM uploads (by session or
// CI key), waiting for a build's processing, and the row counts that prove nothing half-stored.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { withCookie, type SessionCookie } from '../testing/identity';

export type Caller = SessionCookie | { key: string };

export function caller(app: FastifyInstance, graph: string) {
  const call = (cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({ method, url, headers: withCookie(cookie), ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}) });

  function upload(who: Caller, appKey: string, payload: Buffer | string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const auth = 'key' in who ? { 'x-api-key': who.key } : withCookie(who);
    const query = 'key' in who ? '' : `?graph=${graph}`;
    return app.inject({
      method: 'POST',
      url: `/api/apps/${appKey}/builds${query}`,
      headers: { 'content-type': 'application/json', ...auth, ...headers },
      payload,
    });
  }

  /** The build once processed (DONE or FAILED), read as `who`. */
  async function finished(who: SessionCookie, appKey: string, buildId: string): Promise<{ id: string; number: number; status: string } & Record<string, unknown>> {
    for (let attempt = 0; attempt < 800; attempt += 1) {
      const response = await call(who, 'GET', `/api/apps/${appKey}/builds/${buildId}?graph=${graph}`);
      if (response.statusCode !== 200) throw new Error(`GET build answered ${response.statusCode}: ${response.body}`);
      const build = response.json();
      if (build.status === 'DONE' || build.status === 'FAILED') return build;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the build was not processed');
  }

  /** Uploads and waits: the processed build. */
  async function uploaded(who: SessionCookie, appKey: string, payload: Buffer | string, headers: Record<string, string> = {}) {
    const response = await upload(who, appKey, payload, headers);
    if (response.statusCode !== 202) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
    return finished(who, appKey, response.json().id);
  }

  return { call, upload, finished, uploaded };
}

/** Rows of every table an upload or an analysis writes: equal before and after a refusal. */
export async function storedRows(app: FastifyInstance): Promise<Record<string, number>> {
  const [row] = await app.database.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM application_builds) AS builds, (SELECT count(*)::int FROM sbom_components) AS components,
            (SELECT count(*)::int FROM sbom_dependencies) AS dependencies, (SELECT coalesce(sum(cardinality(external_references)), 0)::int FROM sbom_components) AS refs,
            (SELECT count(*)::int FROM build_findings) AS findings, (SELECT count(*)::int FROM vex_analyses) AS analyses,
            (SELECT count(*)::int FROM vex_analysis_trail) AS trail, (SELECT count(*)::int FROM license_risk_alerts) AS alerts`,
  );
  return row;
}

export const expectRefused = (response: LightMyRequestResponse, status: number, detail: RegExp) => {
  expect({ status: response.statusCode, type: response.headers['content-type'] }).toEqual({ status, type: expect.stringContaining('application/problem+json') });
  expect(response.json().detail).toMatch(detail);
};
