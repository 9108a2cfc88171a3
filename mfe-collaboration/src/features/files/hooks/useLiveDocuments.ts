// The library follows others' changes: a 'Document' event of the process (upload, change, delete,
// link) marks its queries stale, and the screens showing them read again.
import { subscribeEvents } from '@portal/shared';
import { DOCUMENT_EVENT } from '@portal/shared/collaboration';
import { useLiveQueries } from '@portal/shared/screens';
import { DOCUMENT_KEYS } from '../api/keys';

const RULES = { [DOCUMENT_EVENT]: (_event: unknown, graph: string) => [DOCUMENT_KEYS.all(graph)] };

export function useLiveDocuments(graph: string): void {
  useLiveQueries({ graph, rules: RULES, subscribe: subscribeEvents });
}
