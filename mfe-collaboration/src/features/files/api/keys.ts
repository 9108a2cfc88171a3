// The react-query keys of the evidence library: everything of a process's library starts with
// ['documents', graph], so an upload, a change or a live 'Document' event refreshes it with one prefix.
import type { DocumentQuery } from '@portal/shared/collaboration';
import { PERMISSIONS } from '@portal/shared/permissions';

export const DOCUMENT_KEYS = {
  all: (graph: string) => ['documents', graph] as const,
  list: (graph: string, query: DocumentQuery) => ['documents', graph, 'list', query] as const,
  detail: (graph: string, id: string) => ['documents', graph, 'detail', id] as const,
  text: (graph: string, id: string, version: number) => ['documents', graph, 'text', id, version] as const,
};

/** The catalogue's document permissions (spec 6: documents list/view/upload/delete). */
export const DOCUMENT_PERMISSIONS = PERMISSIONS.requirements.DOCUMENT;
