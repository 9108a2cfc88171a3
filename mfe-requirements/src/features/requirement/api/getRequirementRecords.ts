// GET requirements/{id}/comments | events | applications: what is recorded on one requirement —
// its comments and its history (both oldest first), and the applications that implement it
// (issue 6 item 11, the traceability matrix's applications column). One call: only the
// sub-resource, its answer's type and its query key differ.
import { apiClient, type LinkedApplication, type RequirementComment, type RequirementEventRecord } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export type { LinkedApplication };

interface RequirementRecords {
  comments: RequirementComment[];
  events: RequirementEventRecord[];
  applications: LinkedApplication[];
}
export type RequirementRecordKind = keyof RequirementRecords;

export const getRequirementRecords = <K extends RequirementRecordKind>(graph: string, id: string, kind: K) =>
  apiClient.get<RequirementRecords[K]>(requirementPath(id, kind), { graph });

export const getRequirementRecordsQueryOptions = <K extends RequirementRecordKind>(graph: string, id: string, kind: K) =>
  queryOptions({ queryKey: [...REQUIREMENT_KEYS[kind](graph, id)], queryFn: () => getRequirementRecords(graph, id, kind) });

export function useRequirementRecords<K extends RequirementRecordKind>(graph: string, id: string, kind: K) {
  return useQuery(getRequirementRecordsQueryOptions(graph, id, kind));
}
