// What another user's change makes stale on this remote's screens: the one table of event kind →
// queries, read by the remote's one subscription (LiveOperations). A 'Security Finding' event (an
// import with its counts, or a triage decision with its ids; docs/operations-findings.md "Live")
// may change any list's rows and totals, the overview's counts and an open finding's state and
// history: the process's findings read again.
import type { LiveRules } from '@portal/shared/screens';
import { ALARM_KEYS } from '../features/alarms';
import { METRIC_KEYS } from '../features/metrics';
import { FINDING_KEYS } from '../lib/queryKeys';

/** The API's live event of findings (api/src/operations/events.ts). */
export const SECURITY_FINDING_EVENT = 'Security Finding';

/** A snapshot changed a metric's value (api/src/metrics/snapshots.ts): the metrics read again. */
export const UPDATE_METRIC_EVENT = 'Update Metric';

/**
 * An alarm was created, changed, deleted or changed state (api/src/alarms/service.ts): the list,
 * the open alarm and its history read again — a firing alarm shows on every screen that has them.
 */
export const ALARM_CHANGE_EVENT = 'Alarm Change';

export const OPERATIONS_LIVE_RULES: LiveRules = {
  [SECURITY_FINDING_EVENT]: (_event, graph) => [FINDING_KEYS.all(graph)],
  [UPDATE_METRIC_EVENT]: (_event, graph) => [METRIC_KEYS.all(graph)],
  [ALARM_CHANGE_EVENT]: (_event, graph) => [ALARM_KEYS.all(graph)],
};
