// The deployment profile of the demo (issue 7 item 15): juice-shop's newest build deployed to
// production without its build tools (grunt and its plugins) and type definitions, its RBOM
// computed — through the API as the demo author would, after the applications demo made the app.
import type { BuildView, DeploymentConfiguration, DeploymentProfileView } from '@portal/shared/server';
import { DEMO_APPLICATIONS } from './applications';
import type { DemoApiSeeder } from './api';

const GRAPH = DEMO_APPLICATIONS.graph;
const APP = DEMO_APPLICATIONS.apps[0].app_key;
export const DEMO_PROFILE = {
  name: 'Production',
  environment: 'prod',
  description: 'The shop as customers reach it: build tools and type definitions are not deployed.',
  exclude: ['pkg:npm/grunt*', 'pkg:npm/%40types/*', '@types/*'],
} as const;

export const deploymentProfilesDemo: DemoApiSeeder = {
  name: 'deployment profiles',
  async seed({ as }) {
    const author = await as('demo_author');
    const base = `/api/apps/${APP}/deploymentProfiles`;
    const existing = await author.call<DeploymentProfileView[]>('GET', `${base}?graph=${GRAPH}`);
    if (existing.some((profile) => profile.name === DEMO_PROFILE.name)) return [`kept profile ${DEMO_PROFILE.name} of ${APP}`];
    const { builds } = await author.call<{ builds: BuildView[] }>('GET', `/api/apps/${APP}?graph=${GRAPH}`);
    const build = builds.find((candidate) => candidate.status === 'DONE');
    if (!build) throw new Error(`demo: ${APP} has no processed build to deploy`);
    const profile = await author.call<DeploymentProfileView>('POST', `${base}?graph=${GRAPH}`, { ...DEMO_PROFILE, exclude: [...DEMO_PROFILE.exclude], build_id: build.id });
    let rbom: DeploymentConfiguration | undefined;
    for (let attempt = 0; attempt < 60 && rbom?.status !== 'READY'; attempt += 1) {
      rbom = await author.call<DeploymentConfiguration>('GET', `${base}/${profile.id}/requestDeploymentConfiguration?graph=${GRAPH}`);
    }
    if (rbom?.status !== 'READY') throw new Error(`demo: the RBOM of ${APP} ${DEMO_PROFILE.name} was not computed`);
    return [`created profile ${DEMO_PROFILE.name} (prod) of ${APP}, build ${build.number}: RBOM of ${rbom.summary!.components} of ${build.component_count} components`];
  },
};
