// PATCH documents/{id} (folder, tags, owner, review-by) and DELETE documents/{id}: each refreshes
// the process's library (list and detail) when done.
import { apiClient } from '@portal/shared';
import { type DocumentChange, type DocumentSummary } from '@portal/shared/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_KEYS, DOCUMENT_PERMISSIONS } from './keys';

export const changeDocument = (graph: string, id: string, change: DocumentChange) =>
  apiClient.patch<DocumentSummary>(`documents/${encodeURIComponent(id)}`, change, { graph, permission: DOCUMENT_PERMISSIONS.UPLOAD, notices: false });

export const deleteDocument = (graph: string, id: string) =>
  apiClient.delete<void>(`documents/${encodeURIComponent(id)}`, { graph, permission: DOCUMENT_PERMISSIONS.DELETE, notices: false });

export function useChangeDocument(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DocumentChange) => changeDocument(graph, id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENT_KEYS.all(graph) }),
  });
}

export function useDeleteDocument(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDocument(graph, id),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: DOCUMENT_KEYS.detail(graph, id) });
      return queryClient.invalidateQueries({ queryKey: DOCUMENT_KEYS.all(graph) });
    },
  });
}
