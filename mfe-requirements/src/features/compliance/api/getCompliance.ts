// GET requirements/{id}/compliance: the requirement's status, its checks with their results and
// reasons, and the history of both (newest first).
import { apiClient } from '@portal/shared';
import type { RequirementCompliance } from '@portal/shared/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const compliancePath = (id: string, ...rest: string[]) => ['requirements', encodeURIComponent(id), ...rest].join('/');

export const getRequirementCompliance = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<RequirementCompliance>(compliancePath(id, 'compliance'), { graph, signal });

export const getRequirementComplianceQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: PROCESS_KEYS.compliance(graph, id), queryFn: ({ signal }) => getRequirementCompliance(graph, id, signal) });

export function useRequirementCompliance(graph: string, id: string) {
  return useQuery(getRequirementComplianceQueryOptions(graph, id));
}
