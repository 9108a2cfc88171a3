// GET requirements/{id}/evidence: the shared files (evidence library, issue 23) linked to the
// requirement. Kept under the process's requirements root so the remote's refreshes reach it.
import { apiClient } from '@portal/shared';
import { type EvidenceDocument } from '@portal/shared/collaboration';
import { PERMISSIONS } from '@portal/shared/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS } from './keys';

export const LIST_DOCUMENT = PERMISSIONS.requirements.DOCUMENT.LIST;

export const evidenceKey = (graph: string, id: string) => [...REQUIREMENT_KEYS.all(graph), 'evidence', id] as const;

export const getEvidence = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<EvidenceDocument[]>(`requirements/${encodeURIComponent(id)}/evidence`, { graph, signal });

export const getEvidenceQueryOptions = (graph: string, id: string) => queryOptions({ queryKey: evidenceKey(graph, id), queryFn: ({ signal }) => getEvidence(graph, id, signal) });

export function useEvidence(graph: string, id: string, enabled: boolean) {
  return useQuery({ ...getEvidenceQueryOptions(graph, id), enabled });
}
