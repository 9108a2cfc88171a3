// What another user's (or CI's) change makes stale on this remote's screens (issue 22): the one
// table of event kind → queries, read by the remote's one subscription (LiveApplications). Events
// name the app (`app_key`) and, for a build, the build (`build_id`); an app's own query is marked
// stale exactly, so that a new build does not read again the components of every build shown.
// A build's state is also written at once from its event (the stored build comes with PENDING):
// while the server processes a large SBOM its answers may wait, and the page still follows.
import { APPLICATION_EVENTS, MONITORING_EVENT_TYPES, type BuildStateEventData } from '@portal/shared';
import type { LiveEvent, LiveRules, LiveTarget } from '@portal/shared/screens';
import { PROFILE_KEYS } from '../features/deployment-profiles/api/keys';
import { MONITORING_KEYS } from '../features/monitoring/api/keys';
import { applicationPlanesKey } from '../features/planes/api/getApplicationPlanes';
import type { QueryClient } from '@tanstack/react-query';
import { APP_KEYS } from '../lib/queryKeys';
import type { ApplicationDetail, Build, BuildDetail } from '../lib/types';

const text = (event: LiveEvent, name: string): string | undefined => {
  const value = event.data[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The app's page (its builds, its counts) without what sits below it. */
const appPage = (graph: string, appKey: string): LiveTarget => ({ queryKey: APP_KEYS.app(graph, appKey), exact: true });

/** A build's state, findings or analyses changed: the lists and the app's page, and that build. */
function buildChanged(event: LiveEvent, graph: string): LiveTarget[] {
  const appKey = text(event, 'app_key');
  const buildId = text(event, 'build_id');
  const targets: LiveTarget[] = [APP_KEYS.list(graph), APP_KEYS.licenseSummaries(graph)];
  if (!appKey) return [APP_KEYS.process(graph)];
  targets.push(appPage(graph, appKey));
  if (buildId) targets.push(APP_KEYS.build(graph, appKey, buildId));
  // A profile's RBOM waits for its build to be done; the priority plane places apps by their newest processed build.
  if (event.data.status === 'DONE' || event.data.status === 'FAILED') targets.push(PROFILE_KEYS.all(graph, appKey), applicationPlanesKey(graph));
  return targets;
}

const monitoringFound = (event: LiveEvent, graph: string): LiveTarget[] => {
  const appKey = text(event, 'app_key');
  // New findings in the app's newest build: its page, and that build's findings and components.
  return [MONITORING_KEYS.all(graph), APP_KEYS.list(graph), ...(appKey ? [APP_KEYS.app(graph, appKey)] : [])];
};

/** What a build's event says of it, over what the page holds (a newer state only). */
function advanced<T extends Build>(build: T, state: BuildStateEventData): T {
  const order = ['PENDING', 'PROCESSING', 'DONE', 'FAILED'];
  if (order.indexOf(state.status) < order.indexOf(build.status)) return build;
  return {
    ...build,
    status: state.status,
    component_count: state.component_count ?? build.component_count,
    vulnerability_count: state.vulnerability_count ?? build.vulnerability_count,
    error: state.error ?? build.error,
  };
}

/** Writes the build's new state into the app's page and the build's own query, as the event says it. */
function writeBuildState(client: QueryClient, event: LiveEvent, graph: string): void {
  const state = event.data as unknown as BuildStateEventData;
  const appKey = text(event, 'app_key');
  const buildId = text(event, 'build_id');
  if (!appKey || !buildId || !state.status) return;
  client.setQueryData<ApplicationDetail>(APP_KEYS.app(graph, appKey), (detail) => {
    if (!detail) return detail;
    if (detail.builds.some((build) => build.id === buildId)) {
      return { ...detail, builds: detail.builds.map((build) => (build.id === buildId ? advanced(build, state) : build)) };
    }
    return state.build ? { ...detail, builds: [state.build as Build, ...detail.builds] } : detail;
  });
  client.setQueryData<BuildDetail>(APP_KEYS.build(graph, appKey, buildId), (build) => (build ? advanced(build, state) : build));
}

/** The rules of this remote, writing build states into `client`'s cache as their events arrive. */
export const applicationLiveRules = (client: QueryClient): LiveRules => ({
  ...APPLICATION_LIVE_RULES,
  [APPLICATION_EVENTS.IMPORT_SBOM]: (event, graph) => {
    writeBuildState(client, event, graph);
    return buildChanged(event, graph);
  },
});

export const APPLICATION_LIVE_RULES: LiveRules = {
  [APPLICATION_EVENTS.IMPORT_SBOM]: buildChanged,
  [APPLICATION_EVENTS.APPLICATION]: (event, graph) => {
    const appKey = text(event, 'app_key');
    return [APP_KEYS.list(graph), APP_KEYS.settings(graph), MONITORING_KEYS.all(graph), ...(appKey ? [appPage(graph, appKey)] : [])];
  },
  [APPLICATION_EVENTS.DEPLOYMENT_PROFILE]: (event, graph) => {
    const appKey = text(event, 'app_key');
    return appKey ? [PROFILE_KEYS.all(graph, appKey)] : [APP_KEYS.process(graph)];
  },
  [APPLICATION_EVENTS.ANALYSIS]: (event, graph) => {
    const appKey = text(event, 'app_key');
    const buildId = text(event, 'build_id');
    return appKey && buildId ? [APP_KEYS.findings(graph, appKey, buildId)] : [APP_KEYS.process(graph)];
  },
  ...Object.fromEntries(MONITORING_EVENT_TYPES.map((type) => [type, monitoringFound])),
};
