// The react-query keys of a requirement's attachments.
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const ATTACHMENT_KEYS = {
  list: PROCESS_KEYS.attachments,
};

/**
 * What an upload or a removal makes stale: the requirement's attachments and its history (the API
 * records the change as an Update event of the requirement).
 */
export const attachmentChangeKeys = (graph: string, requirementId: string) => [ATTACHMENT_KEYS.list(graph, requirementId), PROCESS_KEYS.history(graph, requirementId)];
