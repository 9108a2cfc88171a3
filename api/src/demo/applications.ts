// The applications demo (issue 7 item 15): in the DEMO process, the apps juice-shop, dropwizard
// and laravel with their real SBOMs (CycloneDX bom-examples, shipped gzip-compressed in
// api/src/sbom/testdata), the GitHub advisories of api/src/vulnerabilities/testdata/osv imported
// with the demo's own (api/src/demo/advisories: HTTP/2 Rapid Reset, which affects Dropwizard's Jetty)
// and the subset of CISA's KEV catalog that lists it — so the demo shows an active exploit — and a
// few VEX analyses — made through the API as the demo people would (the advisories as the
// import-advisories command imports them: the database is the installation's). The deployment
// profiles of these apps are the next seeder's (it finds them by DEMO_APPLICATIONS).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildDetail, BuildVulnerabilityPage, ApplicationView, VexAnalysisInput } from '@portal/shared/server';
import type { DemoApiSeeder, DemoCaller } from './api';
import { sourcePath } from '../paths';
import { importKevCatalog } from '../vulnerabilities/repository';
import { importAdvisoryPaths } from '../vulnerabilities/sources';

const TESTDATA = sourcePath('sbom', 'testdata');
const ADVISORIES = sourcePath('vulnerabilities', 'testdata', 'osv');
/** The demo's own advisory and KEV subset (their sources and licenses: api/src/demo/advisories/README.md). */
const DEMO_ADVISORIES = sourcePath('demo', 'advisories');
export const DEMO_KEV_ADVISORY = 'GHSA-qppj-fm5r-hxr3';

/** Where the demo apps live and what they are: the deployment-profile seeder builds on them. */
export const DEMO_APPLICATIONS = {
  graph: 'demo',
  apps: [
    { app_key: 'juice-shop', name: 'OWASP Juice Shop', portfolio: 'Web shop', sbom: 'juice-shop-v11.1.2.bom.json.gz', monitoring: true },
    { app_key: 'dropwizard', name: 'Dropwizard services', portfolio: 'Platform', sbom: 'dropwizard-1.3.15.bom.json.gz', monitoring: false },
    { app_key: 'laravel', name: 'Laravel portal', portfolio: 'Web shop', sbom: 'laravel-7.12.0.bom.1.4.json.gz', monitoring: false },
  ],
} as const;

const GRAPH = DEMO_APPLICATIONS.graph;

/** The analyses the demo leaves: [app, advisory, component name, analysis]. */
const ANALYSES: [string, string, string, VexAnalysisInput][] = [
  [
    'juice-shop',
    'GHSA-6fc8-4gx4-v693',
    'ws',
    {
      state: 'not_affected',
      justification: 'code_not_reachable',
      response: ['update'],
      detail: 'Only the socket.io client uses ws; the vulnerable server-side header parsing is never reached.',
      comment: 'Checked the call sites with the front-end team.',
    },
  ],
  ['juice-shop', 'GHSA-35jh-r3h4-6jhm', 'lodash', { state: 'in_triage', comment: 'template() is used by the e-mail views: to be checked.' }],
  [
    'dropwizard',
    'GHSA-57j2-w4cx-62h2',
    'jackson-databind',
    { state: 'exploitable', response: ['update'], detail: 'Deeply nested JSON reaches the REST endpoints.', comment: 'Upgrade jackson-databind in the next release.' },
  ],
];

async function processed(caller: DemoCaller, appKey: string, buildId: string): Promise<BuildDetail> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const build = await caller.call<BuildDetail>('GET', `/api/apps/${appKey}/builds/${buildId}?graph=${GRAPH}`);
    if (build.status === 'DONE') return build;
    if (build.status === 'FAILED') throw new Error(`demo: the ${appKey} SBOM was not processed: ${build.error ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`demo: the ${appKey} SBOM was not processed in time`);
}

export const applicationsDemo: DemoApiSeeder = {
  name: 'applications',
  async seed({ app, as }) {
    const author = await as('demo_author');
    const existing = await author.call<ApplicationView[]>('GET', `/api/apps?graph=${GRAPH}`);
    const first = DEMO_APPLICATIONS.apps[0].app_key;
    if (existing.some((app) => app.app_key === first)) return [`kept applications ${DEMO_APPLICATIONS.apps.map((app) => app.app_key).join(', ')}`];

    // The vulnerability database is the installation's, no organization's: imported as
    // `npm run portal -- import-advisories <folder>` does (the demo is a command too), not through
    // an organization admin's request, which may not write it.
    const imported = await importAdvisoryPaths(app.database, [ADVISORIES, path.join(DEMO_ADVISORIES, `${DEMO_KEV_ADVISORY}.json`)]);
    // Before the SBOMs, so that their matching marks the known exploited findings (as `import-kev` does).
    const kev = await importKevCatalog(app.database, JSON.parse(await readFile(path.join(DEMO_ADVISORIES, 'known_exploited_vulnerabilities.json'), 'utf8')));

    const lines = [
      `imported ${imported.read} GitHub advisories (${imported.added} new)`,
      `imported the KEV catalog ${kev.catalogVersion ?? ''}: ${kev.read} known exploited ${kev.read === 1 ? 'vulnerability' : 'vulnerabilities'}`,
    ];
    const builds = new Map<string, BuildDetail>();
    for (const app of DEMO_APPLICATIONS.apps) {
      await author.call('POST', `/api/apps?graph=${GRAPH}`, { app_key: app.app_key, name: app.name, portfolio: app.portfolio, enable_continuous_monitoring: app.monitoring });
      const sbom = await readFile(path.join(TESTDATA, app.sbom));
      const accepted = await author.call<BuildDetail>('POST', `/api/apps/${app.app_key}/builds?graph=${GRAPH}`, sbom, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      });
      const build = await processed(author, app.app_key, accepted.id);
      builds.set(app.app_key, build);
      lines.push(`created app ${app.app_key}: build 1 with ${build.component_count} components and ${build.vulnerability_count} vulnerabilities`);
    }

    let analysed = 0;
    for (const [appKey, advisory, component, analysis] of ANALYSES) {
      const build = builds.get(appKey)!;
      const page = await author.call<BuildVulnerabilityPage>('POST', `/api/apps/${appKey}/builds/${build.id}/vulnerabilities?graph=${GRAPH}`, { search: advisory });
      const finding = page.items.find((item) => item.component.name === component);
      if (!finding) throw new Error(`demo: ${appKey} has no finding of ${advisory} in ${component}`);
      await author.call('POST', `/api/apps/${appKey}/builds/${build.id}/vulnerabilities/${finding.id}/vex?graph=${GRAPH}`, analysis);
      analysed += 1;
    }
    lines.push(`${analysed} VEX analyses: not_affected (juice-shop ws), in_triage (juice-shop lodash), exploitable (dropwizard jackson-databind)`);
    return lines;
  },
};
