// Compliance as the API answers it, for the component tests. Test-only.
import type { ComplianceCheck, ComplianceHistoryEntry, ComplianceStatus, ComplianceSummary, RequirementCompliance } from '@portal/shared/compliance';
import { AUTHOR } from './session';

export const AT = '2026-11-01T10:00:00.000Z';

export function check(id: string, status: ComplianceStatus, overrides: Partial<ComplianceCheck> = {}): ComplianceCheck {
  return {
    id,
    requirement_id: 'r1',
    kind: 'sbom-fresh',
    scope: { kind: 'applications', keys: ['shop'], portfolios: [], tags: [] },
    params: { max_age_days: 30 },
    description: 'Every application of applications shop has an SBOM newer than 30 days',
    created_by: AUTHOR,
    created_at: AT,
    updated_at: AT,
    result: {
      status,
      summary: status === 'passing' ? 'Every application has a fresh SBOM.' : status === 'failing' ? '1 application has no fresh SBOM.' : 'No application in scope.',
      reasons: [],
      reason_total: 0,
      hidden_reasons: 0,
      evaluated_at: AT,
      since: AT,
    },
    ...overrides,
  } as ComplianceCheck;
}

export function compliance(checks: ComplianceCheck[], history: ComplianceHistoryEntry[] = []): RequirementCompliance {
  const statuses = checks.map((each) => each.result.status);
  const status: ComplianceStatus | null =
    checks.length === 0 ? null : statuses.includes('failing') ? 'failing' : statuses.includes('not_evaluated') ? 'not_evaluated' : 'passing';
  return { requirement_id: 'r1', status, since: status ? AT : null, evaluated_at: status ? AT : null, checks, history };
}

export const NO_SUMMARY: ComplianceSummary = { at: AT, requirements: 0, passing: 0, failing: 0, not_evaluated: 0, percentage: null, trend: [], standards: [] };
