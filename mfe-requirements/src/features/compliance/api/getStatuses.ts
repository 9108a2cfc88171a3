// GET compliance/statuses: the status of every live requirement of the process that has checks —
// one request per screen (the tree and the table read the same cached answer), made stale by the
// `Compliance` event (app/liveRules.ts) and by this user's own changes of checks.
import { apiClient } from '@portal/shared';
import type { ComplianceStatus, ComplianceStatusItem } from '@portal/shared/compliance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const getComplianceStatuses = (graph: string, signal?: AbortSignal) =>
  apiClient.get<ComplianceStatusItem[]>('compliance/statuses', { graph, signal });

export const getComplianceStatusesQueryOptions = (graph: string) =>
  queryOptions({ queryKey: PROCESS_KEYS.complianceStatuses(graph), queryFn: ({ signal }) => getComplianceStatuses(graph, signal), staleTime: 30_000 });

/** Requirement id → status (one stable function: the map is rebuilt only when the answer changes). */
const byRequirement = (items: ComplianceStatusItem[]): ReadonlyMap<string, ComplianceStatus> => new Map(items.map((item) => [item.requirement_id, item.status]));

/** The statuses by requirement; empty while loading or when they cannot be read (the badges are an addition to the list). */
export function useComplianceStatuses(graph: string): ReadonlyMap<string, ComplianceStatus> {
  const query = useQuery({ ...getComplianceStatusesQueryOptions(graph), select: byRequirement });
  return query.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, ComplianceStatus> = new Map();
