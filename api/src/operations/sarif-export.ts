// The selected findings as one SARIF 2.1.0 log (issue 24 item 5), for GitHub code scanning or any
// SARIF viewer: a run per tool (name and version), each rule once with its help and tags (CWE as
// GitHub's `external/cwe/cwe-N`, and `security-severity` from the normalized severity), each
// finding a result with its level, message, location, our fingerprint as a partial fingerprint
// (GitHub tracks an alert across uploads by it, and an import of the log here gives each result the
// same identity every time), and a triage decision (false positive, risk accepted) or a tool's
// suppression as a SARIF suppression.
import type { FindingSeverity, ScopedSecurityFinding } from '@portal/shared/server';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The key of our fingerprint among a result's partialFingerprints. */
export const FINGERPRINT_KEY = 'portalFingerprint/v1';

const LEVELS: Record<FindingSeverity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
  info: 'note',
};

/** GitHub's `security-severity` scale (CVSS-like): critical > 9.0, high 7.0–8.9, medium 4.0–6.9, low 0.1–3.9. */
const SECURITY_SEVERITY: Record<FindingSeverity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '2.0',
  info: '0.0',
};

const SEVERITY_ORDER: FindingSeverity[] = ['critical', 'high', 'medium', 'low', 'info'];

interface SarifRule {
  id: string;
  name?: string;
  shortDescription?: { text: string };
  help?: { text: string; markdown: string };
  properties: { tags: string[]; 'security-severity': string };
}

/** A CWE as GitHub names it in tags ('CWE-79', '79' → 'external/cwe/cwe-79'). */
function cweTag(cwe: string): string | undefined {
  const number = /^(?:CWE-)?(\d{1,5})$/i.exec(cwe.trim())?.[1];
  return number ? `external/cwe/cwe-${number}` : undefined;
}

function ruleOf(finding: ScopedSecurityFinding, severity: FindingSeverity): SarifRule {
  const tags = [...new Set(['security', ...finding.rule.tags, ...finding.rule.cwe.map(cweTag).filter((tag): tag is string => Boolean(tag))])];
  return {
    id: finding.rule.id,
    ...(finding.rule.name ? { name: finding.rule.name, shortDescription: { text: finding.rule.name } } : {}),
    ...(finding.rule.help ? { help: { text: finding.rule.help, markdown: finding.rule.help } } : {}),
    properties: { tags, 'security-severity': SECURITY_SEVERITY[severity] },
  };
}

function locationsOf(finding: ScopedSecurityFinding): unknown[] {
  const location = finding.location;
  if (location?.kind === 'code') {
    const region: Record<string, unknown> = {};
    if (location.region?.startLine) region.startLine = location.region.startLine;
    if (location.region?.startLine && location.region.startColumn) region.startColumn = location.region.startColumn;
    if (location.region?.startLine && location.region.endLine) region.endLine = location.region.endLine;
    if (location.region?.startLine && location.region.endColumn) region.endColumn = location.region.endColumn;
    if (location.snippet && region.startLine) region.snippet = { text: location.snippet };
    return [{ physicalLocation: { artifactLocation: { uri: location.file }, ...(region.startLine ? { region } : {}) } }];
  }
  if (location?.kind === 'cloud') {
    return [{ logicalLocations: [{ fullyQualifiedName: location.resourceId, kind: 'resource', ...(location.resourceType ? { decoratedName: location.resourceType } : {}) }] }];
  }
  return [];
}

function suppressionsOf(finding: ScopedSecurityFinding): unknown[] | undefined {
  if (finding.state === 'false_positive' || finding.state === 'risk_accepted') {
    const why = finding.state === 'false_positive' ? 'False positive' : `Risk accepted${finding.expiresAt ? ` until ${finding.expiresAt}` : ''}`;
    return [{ kind: 'external', status: 'accepted', justification: finding.reason ? `${why}: ${finding.reason}` : why }];
  }
  if (finding.state === 'suppressed') return [{ kind: 'external', status: 'accepted', justification: finding.suppression ?? 'Suppressed by the tool' }];
  return undefined;
}

/** The findings as a SARIF 2.1.0 log, in their given order within each tool's run. */
export function sarifLogOf(findings: readonly ScopedSecurityFinding[]): object {
  const runs = new Map<string, { tool: ScopedSecurityFinding['tool']; rules: Map<string, { rule: SarifRule; index: number; severity: FindingSeverity }>; results: unknown[] }>();
  for (const finding of findings) {
    const key = JSON.stringify([finding.tool.name, finding.tool.version]);
    let run = runs.get(key);
    if (!run) {
      run = { tool: finding.tool, rules: new Map(), results: [] };
      runs.set(key, run);
    }
    let rule = run.rules.get(finding.rule.id);
    if (!rule) {
      rule = { rule: ruleOf(finding, finding.severity), index: run.rules.size, severity: finding.severity };
      run.rules.set(finding.rule.id, rule);
    } else if (SEVERITY_ORDER.indexOf(finding.severity) < SEVERITY_ORDER.indexOf(rule.severity)) {
      // A rule's security-severity is its most severe finding's.
      rule.severity = finding.severity;
      rule.rule.properties['security-severity'] = SECURITY_SEVERITY[finding.severity];
    }
    const suppressions = suppressionsOf(finding);
    run.results.push({
      ruleId: finding.rule.id,
      ruleIndex: rule.index,
      level: LEVELS[finding.severity],
      message: { text: finding.message || finding.title },
      locations: locationsOf(finding),
      partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
      ...(suppressions ? { suppressions } : {}),
      properties: {
        // The result's own, where its rule's (the most severe of its results) would be higher.
        'security-severity': SECURITY_SEVERITY[finding.severity],
        severity: finding.severity,
        ...(finding.toolSeverity ? { toolSeverity: finding.toolSeverity } : {}),
        state: finding.state,
        category: finding.category,
        scope: finding.scope,
        firstSeen: finding.firstSeen,
        lastSeen: finding.lastSeen,
        ...(finding.vulnerabilityIds.length > 0 ? { vulnerabilityIds: finding.vulnerabilityIds } : {}),
      },
    });
  }
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [...runs.values()].map((run) => ({
      tool: {
        driver: {
          name: run.tool.name,
          ...(run.tool.version ? { version: run.tool.version } : {}),
          rules: [...run.rules.values()].map(({ rule }) => rule),
        },
      },
      results: run.results,
    })),
  };
}
