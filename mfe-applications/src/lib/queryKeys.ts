// The react-query keys of this remote. Everything shown of a process's applications starts with
// ['applications', graph], so a change (upload, VEX analysis, settings) invalidates what may have
// changed with one prefix.
export const APP_KEYS = {
  all: ['applications'] as const,
  /** The installation's vulnerability database (not a process's): what an advisory or KEV import changes besides the apps. */
  vulnerabilityDatabase: () => ['vulnerability-database'] as const,
  process: (graph: string) => ['applications', graph] as const,
  list: (graph: string) => ['applications', graph, 'list'] as const,
  /** Platform View: the apps of every process the user may open. */
  platform: () => ['applications', '*', 'list'] as const,
  settings: (graph: string) => ['applications', graph, 'settings'] as const,
  app: (graph: string, appKey: string) => ['applications', graph, 'app', appKey] as const,
  build: (graph: string, appKey: string, buildId: string) => ['applications', graph, 'app', appKey, 'build', buildId] as const,
  findings: (graph: string, appKey: string, buildId: string) => ['applications', graph, 'app', appKey, 'build', buildId, 'findings'] as const,
  components: (graph: string, appKey: string, buildId: string) => ['applications', graph, 'app', appKey, 'build', buildId, 'components'] as const,
  licenses: (graph: string, appKey: string, buildId: string) => ['applications', graph, 'app', appKey, 'build', buildId, 'licenses'] as const,
  repositories: (graph: string, appKey: string, buildId: string) => ['applications', graph, 'app', appKey, 'build', buildId, 'repositories'] as const,
  licenseSummaries: (graph: string) => ['applications', graph, 'licenses'] as const,
  licenseAlerts: (graph: string) => ['applications', graph, 'licenses', 'alerts'] as const,
  search: (graph: string, kind: 'components' | 'vulnerabilities' | 'builds', text: string, category?: string) =>
    ['applications', graph, 'search', kind, text, category ?? ''] as const,
};

type Key = readonly unknown[];

/** A query of one app (`APP_KEYS.app` and below) of the process. */
export const isAppKey = (key: Key, graph: string, appKey: string) => key[0] === 'applications' && key[1] === graph && key[2] === 'app' && key[3] === appKey;

/** A query of a build (`APP_KEYS.build` and below) of one app, or of any app (`appKey` undefined). */
export const isBuildKey = (key: Key, graph: string, appKey?: string) =>
  key[0] === 'applications' && key[1] === graph && key[2] === 'app' && (appKey === undefined || key[3] === appKey) && key[4] === 'build';
