// Findings as the API answers them (GET security/findings, its counts, GET security/findings/{id}), for the
// screens' tests. Test-only.
import { FINDING_CATEGORIES, FINDING_SEVERITIES, type ScopedSecurityFinding, type SecurityFindingCounts, type SecurityFindingDetail, type SecurityFindingsPage } from '@portal/shared/operations';

export function finding(overrides: Partial<ScopedSecurityFinding> = {}): ScopedSecurityFinding {
  return {
    id: 'f1',
    tool: { name: 'CodeQL', version: '2.15.0' },
    category: 'sast',
    rule: { id: 'js/xss', name: 'Client-side cross-site scripting', help: null, cwe: ['CWE-79'], tags: ['security'] },
    severity: 'high',
    toolSeverity: 'error',
    title: 'Cross-site scripting vulnerability due to user-provided value.',
    message: 'Cross-site scripting vulnerability due to [user-provided value](1).',
    location: { kind: 'code', file: 'src/app.js', region: { startLine: 12, startColumn: 5, endLine: 13, endColumn: 20 }, snippet: 'el.innerHTML =\n  location.hash;' },
    fingerprint: 'fp1',
    state: 'open',
    suppression: null,
    vulnerabilityIds: [],
    reason: null,
    expiresAt: null,
    firstSeen: '2026-11-20T10:00:00.000Z',
    lastSeen: '2026-11-26T10:00:00.000Z',
    dueDate: null,
    application: null,
    requirements: [],
    scope: 'repo:shop-web',
    ...overrides,
  };
}

const zero = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

export function findingsPage(items: ScopedSecurityFinding[], { total = items.length, next_cursor = null as string | null, severity = {}, category = {} } = {}): SecurityFindingsPage {
  return {
    items,
    total,
    totals: { severity: { ...zero(FINDING_SEVERITIES), ...severity }, category: { ...zero(FINDING_CATEGORIES), ...category } },
    next_cursor,
  };
}

/** GET security/findings/counts's answer: a first page's counts. */
export function findingCounts(total: number, { severity = {}, category = {} } = {}): SecurityFindingCounts {
  const page = findingsPage([], { total, severity, category });
  return { total: page.total!, totals: page.totals! };
}

export function findingDetail(overrides: Partial<SecurityFindingDetail> = {}): SecurityFindingDetail {
  return { ...finding(), history: [], related: [], linkedRequirements: [], ...overrides };
}
