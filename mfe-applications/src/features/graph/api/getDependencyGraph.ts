// GET apps/{appKey}/builds/{buildId}/graph: a processed build's components and dependency edges,
// as the graph view draws them. A processed build does not change: fresh for the 5 minutes of
// builds (spec 9).
import type { DependencyGraph } from '@portal/shared';
import { buildAnalysisCall } from '../../../lib/buildAnalysis';
import { APP_KEYS } from '../../../lib/queryKeys';

const dependencyGraph = buildAnalysisCall<DependencyGraph>('graph', (graph, appKey, buildId) => [...APP_KEYS.build(graph, appKey, buildId), 'graph'] as const);

export const getDependencyGraph = dependencyGraph.get;
export const getDependencyGraphQueryOptions = dependencyGraph.options;
export const useDependencyGraph = dependencyGraph.useAnalysis;
