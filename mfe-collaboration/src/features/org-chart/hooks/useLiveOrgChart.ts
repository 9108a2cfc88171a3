// The chart read again when anyone imports one (the 'Org Chart' live event, sent to everyone of
// the organization who may view it). The event names no process: the chart is the organization's.
// (Once mfe-collaboration's root holds the remote's one live subscription, this rule moves there.)
import { subscribeEvents } from '@portal/shared';
import { ORG_CHART_EVENT } from '@portal/shared/collaboration';
import { useLiveQueries, type LiveRules, type SubscribeEvents } from '@portal/shared/screens';
import { ORG_CHART_KEYS } from '../api/keys';

const subscribe: SubscribeEvents = (types, handler) => subscribeEvents(types, handler);

export const ORG_CHART_LIVE_RULES: LiveRules = {
  [ORG_CHART_EVENT]: () => [ORG_CHART_KEYS.all],
};

export function useLiveOrgChart(graph: string | undefined): void {
  useLiveQueries({ graph, rules: ORG_CHART_LIVE_RULES, subscribe });
}
