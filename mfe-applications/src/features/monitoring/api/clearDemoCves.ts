// POST apps/monitoring/clearDemoCves (a demo item of the process menu): the two demo CVEs cleared
// from the findings of the process's applications, so that a rescan finds them again as new.
import { apiClient, type ClearDemoCvesResult } from '@portal/shared';
import { MONITORING_PERMISSIONS } from '../permissions';

export const clearDemoCves = (graph: string) =>
  apiClient.post<ClearDemoCvesResult>('apps/monitoring/clearDemoCves', null, { graph, permission: MONITORING_PERMISSIONS.SIMULATE });
