// GET apps/{appKey}/builds/{buildId}/graphMetrics (spec 7): depth, fan-in / fan-out, cycles and
// the most depended-on components of a processed build (fresh for the 5 minutes of builds).
import type { GraphMetrics } from '@portal/shared';
import { buildAnalysisCall } from '../../../lib/buildAnalysis';
import { APP_KEYS } from '../../../lib/queryKeys';

const graphMetrics = buildAnalysisCall<GraphMetrics>('graphMetrics', (graph, appKey, buildId) => [...APP_KEYS.build(graph, appKey, buildId), 'graphMetrics'] as const);

export const getGraphMetrics = graphMetrics.get;
export const getGraphMetricsQueryOptions = graphMetrics.options;
export const useGraphMetrics = graphMetrics.useAnalysis;
