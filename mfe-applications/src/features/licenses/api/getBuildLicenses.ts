// GET apps/{appKey}/builds/{buildId}/licenses: each component's declared licenses read as SPDX,
// classified (permissive, weak copyleft, strong copyleft, unknown), with the build's summary.
import type { LicenseAnalysis } from '@portal/shared';
import { buildAnalysisCall } from '../../../lib/buildAnalysis';
import { APP_KEYS } from '../../../lib/queryKeys';

const buildLicenses = buildAnalysisCall<LicenseAnalysis>('licenses', APP_KEYS.licenses);

export const getBuildLicenses = buildLicenses.get;
export const getBuildLicensesQueryOptions = buildLicenses.options;
export const useBuildLicenses = buildLicenses.useAnalysis;
