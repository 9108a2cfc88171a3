// The react-query keys of an app's deployment profiles, under the app's key: what changes the app
// (a new build) refreshes them with it.
import { APP_KEYS } from '../../../lib/queryKeys';

export const PROFILE_KEYS = {
  all: (graph: string, appKey: string) => [...APP_KEYS.app(graph, appKey), 'deploymentProfiles'] as const,
  configuration: (graph: string, appKey: string, id: string) => [...APP_KEYS.app(graph, appKey), 'deploymentProfiles', id, 'configuration'] as const,
  shares: (graph: string, appKey: string, id: string) => [...APP_KEYS.app(graph, appKey), 'deploymentProfiles', id, 'shares'] as const,
};

export const profilesPath = (appKey: string, id?: string) => `apps/${encodeURIComponent(appKey)}/deploymentProfiles${id ? `/${encodeURIComponent(id)}` : ''}`;
