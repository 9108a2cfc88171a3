// GET apps/{appKey}/builds/{buildId}/repositoryAnalysis: the source repositories the build's
// components name in their external references, normalized and counted per repository and host.
import type { RepositoryAnalysis } from '@portal/shared';
import { buildAnalysisCall } from '../../../lib/buildAnalysis';
import { APP_KEYS } from '../../../lib/queryKeys';

const repositoryAnalysis = buildAnalysisCall<RepositoryAnalysis>('repositoryAnalysis', APP_KEYS.repositories);

export const getRepositoryAnalysis = repositoryAnalysis.get;
export const getRepositoryAnalysisQueryOptions = repositoryAnalysis.options;
export const useRepositoryAnalysis = repositoryAnalysis.useAnalysis;
