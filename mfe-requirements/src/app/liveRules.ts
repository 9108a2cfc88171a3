// What stays live in this remote (issue 22 item 3): for each event kind of the current process,
// the queries it makes stale. The API raises requirement and task events (spec 4.5) and the
// portal's Comment event to the process's members (api/src/realtime/recipients.ts); the remote's
// root follows them all with ONE subscription (useLiveQueries) and the screens showing these
// queries read again — no polling, no reload.
import { REQUIREMENT_EVENTS, REQUIREMENT_RECORD_EVENTS, TASK_EVENTS } from '@portal/shared';
import { COMPLIANCE_EVENT } from '@portal/shared/compliance';
import type { LiveEvent, LiveRules } from '@portal/shared/screens';
import type { QueryKey } from '@tanstack/react-query';
import { PROCESS_KEYS, requirementStateKeys } from '../lib/queryKeys';

const requirementOf = (event: LiveEvent): string | undefined => {
  const id = event.data.requirement_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

/** Events after which gaps, risks or conflicts may have changed (opened, or closed by a task's outcome). */
const ANALYSIS_EVENTS = new Set<string>(['Identify Gap', 'Identify Risk', 'Delete']);

/**
 * A requirement or task event: the requirement (detail, history, attachments, linked applications
 * — the API records those changes as its Update), every list, the tasks and the overviews; and,
 * for a task or a gap/risk/deletion, the gaps, risks and conflicts.
 */
export function changeKeys(event: LiveEvent, graph: string): QueryKey[] {
  const id = requirementOf(event);
  const keys: QueryKey[] = requirementStateKeys(graph, ...(id ? [id] : []));
  if (id) keys.push(PROCESS_KEYS.attachments(graph, id), PROCESS_KEYS.applications(graph, id));
  if (event.data.kind === 'task' || ANALYSIS_EVENTS.has(event.type)) {
    keys.push(PROCESS_KEYS.gaps(graph), PROCESS_KEYS.risks(graph), PROCESS_KEYS.conflicts(graph));
  }
  return keys;
}

/** A comment added: the requirement's comments and the process's comment search. */
export function commentKeys(event: LiveEvent, graph: string): QueryKey[] {
  const id = requirementOf(event);
  return [...(id ? [PROCESS_KEYS.comments(graph, id)] : []), PROCESS_KEYS.commentSearch(graph)];
}

/**
 * A requirement's compliance changed (its checks were evaluated, added, replaced or deleted; the
 * API's `Compliance` event, data.id the requirement): its evidence panel, the depository's badges
 * and the dashboard's summary. A failure's gap and task come as their own requirement events.
 */
export function complianceKeys(event: LiveEvent, graph: string): QueryKey[] {
  const id = typeof event.data.id === 'string' && event.data.id !== '' ? event.data.id : undefined;
  return [...(id ? [PROCESS_KEYS.compliance(graph, id)] : []), PROCESS_KEYS.complianceStatuses(graph), PROCESS_KEYS.complianceSummary(graph)];
}

export const LIVE_RULES: LiveRules = Object.fromEntries([
  ...[...REQUIREMENT_EVENTS, ...TASK_EVENTS].map((type) => [type, changeKeys] as const),
  ...REQUIREMENT_RECORD_EVENTS.map((type) => [type, commentKeys] as const),
  [COMPLIANCE_EVENT, complianceKeys] as const,
]);
