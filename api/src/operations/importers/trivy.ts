// Trivy JSON (SchemaVersion 2): Results[] of one scan, each with Vulnerabilities (category
// 'container'), Misconfigurations ('iac': FAIL kept, PASS counted, EXCEPTION suppressed) and
// Secrets ('secret'). One run per kind present.
import type { FindingCategory, FindingImport, FindingImportRun, ImportedFinding } from '@portal/shared/server';
import { clip, cweOf, fingerprintOf, FORMAT_NAMES, MAX_SHORT_TEXT, own, Reader, severityOfWord, strings, type JsonObject } from './common';

export function parseTrivy(document: unknown): FindingImport {
  const reader = new Reader(FORMAT_NAMES.trivy);
  const root = reader.object(document, 'the document');
  const schemaVersion = own(root, 'SchemaVersion');
  if (schemaVersion !== 2) reader.fail('SchemaVersion', `is ${JSON.stringify(schemaVersion ?? null)}, not 2`);
  const trivy = own(root, 'Trivy');
  const version = reader.isObject(trivy) ? own(trivy, 'Version') : undefined;
  const tool = { name: 'Trivy', version: typeof version === 'string' ? clip(version, 100) : null };
  const runs = new Map<FindingCategory, { run: FindingImportRun; ids: Set<string> }>();
  const runOf = (category: FindingCategory) => {
    let entry = runs.get(category);
    if (!entry) {
      entry = { run: { tool, category, results: 0, findings: 0, passed: 0, suppressed: 0, ruleIds: [] }, ids: new Set() };
      runs.set(category, entry);
    }
    return entry;
  };
  const findings: ImportedFinding[] = [];
  const add = (category: FindingCategory, finding: Omit<ImportedFinding, 'tool' | 'category'>) => {
    const { run, ids } = runOf(category);
    run.results += 1;
    run.findings += 1;
    if (finding.state === 'suppressed') run.suppressed += 1;
    ids.add(finding.rule.id);
    findings.push({ tool, category, ...finding });
  };
  reader.optionalArray(own(root, 'Results'), 'Results').forEach((raw, r) => {
    const at = `Results[${r}]`;
    const result = reader.object(raw, at);
    const target = clip(reader.string(own(result, 'Target'), `${at}.Target`), MAX_SHORT_TEXT);
    reader.optionalArray(own(result, 'Vulnerabilities'), `${at}.Vulnerabilities`).forEach((rawVulnerability, v) => {
      const where = `${at}.Vulnerabilities[${v}]`;
      const vulnerability = reader.object(rawVulnerability, where);
      const id = clip(reader.string(own(vulnerability, 'VulnerabilityID'), `${where}.VulnerabilityID`), 200);
      const pkg = reader.optionalString(own(vulnerability, 'PkgName'), `${where}.PkgName`, MAX_SHORT_TEXT) ?? '';
      const installed = reader.optionalString(own(vulnerability, 'InstalledVersion'), `${where}.InstalledVersion`, 200);
      const fixed = reader.optionalString(own(vulnerability, 'FixedVersion'), `${where}.FixedVersion`, 200);
      const severity = reader.optionalString(own(vulnerability, 'Severity'), `${where}.Severity`, 40);
      const title = reader.optionalString(own(vulnerability, 'Title'), `${where}.Title`, MAX_SHORT_TEXT);
      const description = reader.optionalString(own(vulnerability, 'Description'), `${where}.Description`);
      const url = reader.optionalString(own(vulnerability, 'PrimaryURL'), `${where}.PrimaryURL`, MAX_SHORT_TEXT);
      add('container', {
        rule: {
          id,
          name: title,
          help: [description, fixed ? `Fixed in ${pkg} ${fixed}.` : null, url ? `[${url}](${url})` : null].filter(Boolean).join('\n\n') || null,
          cwe: strings(own(vulnerability, 'CweIDs')).map(cweOf).filter((cwe): cwe is string => cwe !== null),
          tags: pkg ? [pkg] : [],
        },
        severity: severityOfWord(severity),
        toolSeverity: severity,
        title: clip(`${id} in ${pkg}${installed ? ` ${installed}` : ''}`, MAX_SHORT_TEXT),
        message: title,
        location: { kind: 'code', file: target, region: null, snippet: null },
        // The package and the advisory in the target: an upgrade that does not fix it is the same finding.
        fingerprint: fingerprintOf('trivy-vulnerability', target, pkg, id),
        state: 'open',
        suppression: null,
        vulnerabilityIds: [id],
      });
    });
    const summary = own(result, 'MisconfSummary');
    let listedPasses = 0;
    reader.optionalArray(own(result, 'Misconfigurations'), `${at}.Misconfigurations`).forEach((rawMisconfiguration, m) => {
      const where = `${at}.Misconfigurations[${m}]`;
      const misconfiguration = reader.object(rawMisconfiguration, where);
      const status = reader.optionalString(own(misconfiguration, 'Status'), `${where}.Status`, 40) ?? 'FAIL';
      if (status === 'PASS') {
        listedPasses += 1;
        return;
      }
      const id = clip(reader.string(own(misconfiguration, 'ID'), `${where}.ID`), 200);
      const title = reader.optionalString(own(misconfiguration, 'Title'), `${where}.Title`, MAX_SHORT_TEXT);
      const message = reader.optionalString(own(misconfiguration, 'Message'), `${where}.Message`);
      const severity = reader.optionalString(own(misconfiguration, 'Severity'), `${where}.Severity`, 40);
      const cause = reader.isObject(own(misconfiguration, 'CauseMetadata')) ? (own(misconfiguration, 'CauseMetadata') as JsonObject) : null;
      const start = typeof own(cause, 'StartLine') === 'number' ? (own(cause, 'StartLine') as number) : null;
      const end = typeof own(cause, 'EndLine') === 'number' ? (own(cause, 'EndLine') as number) : start;
      const resource = typeof own(cause, 'Resource') === 'string' ? (own(cause, 'Resource') as string) : null;
      const description = reader.optionalString(own(misconfiguration, 'Description'), `${where}.Description`);
      const resolution = reader.optionalString(own(misconfiguration, 'Resolution'), `${where}.Resolution`);
      const url = reader.optionalString(own(misconfiguration, 'PrimaryURL'), `${where}.PrimaryURL`, MAX_SHORT_TEXT);
      add('iac', {
        rule: {
          id,
          name: title,
          help: [description, resolution && `**Resolution:** ${resolution}`, url ? `[${url}](${url})` : null].filter(Boolean).join('\n\n') || null,
          cwe: [],
          tags: strings([own(misconfiguration, 'Type')]),
        },
        severity: severityOfWord(severity),
        toolSeverity: severity,
        title: clip(title ?? id, MAX_SHORT_TEXT),
        message,
        location: { kind: 'code', file: target, region: start === null ? null : { startLine: start, startColumn: null, endLine: end, endColumn: null }, snippet: null },
        fingerprint: fingerprintOf('trivy-misconfiguration', target, id, resource, message),
        state: status === 'EXCEPTION' ? 'suppressed' : 'open',
        suppression: status === 'EXCEPTION' ? 'exception' : null,
        vulnerabilityIds: [],
      });
    });
    if (reader.isObject(summary) || listedPasses) {
      const successes = own(reader.isObject(summary) ? summary : null, 'Successes');
      const passed = Math.max(listedPasses, typeof successes === 'number' && successes > 0 ? successes : 0);
      const { run } = runOf('iac');
      run.passed += passed;
      run.results += passed;
    }
    reader.optionalArray(own(result, 'Secrets'), `${at}.Secrets`).forEach((rawSecret, s) => {
      const where = `${at}.Secrets[${s}]`;
      const secret = reader.object(rawSecret, where);
      const id = clip(reader.string(own(secret, 'RuleID'), `${where}.RuleID`), 200);
      const title = reader.optionalString(own(secret, 'Title'), `${where}.Title`, MAX_SHORT_TEXT);
      const severity = reader.optionalString(own(secret, 'Severity'), `${where}.Severity`, 40);
      const start = reader.optionalInteger(own(secret, 'StartLine'), `${where}.StartLine`);
      const end = reader.optionalInteger(own(secret, 'EndLine'), `${where}.EndLine`);
      const match = reader.optionalString(own(secret, 'Match'), `${where}.Match`, 8192);
      add('secret', {
        rule: { id, name: title, help: null, cwe: ['CWE-798'], tags: strings([own(secret, 'Category')]) },
        severity: severityOfWord(severity),
        toolSeverity: severity,
        title: clip(title ?? id, MAX_SHORT_TEXT),
        message: match,
        location: { kind: 'code', file: target, region: start === null ? null : { startLine: start, startColumn: null, endLine: end ?? start, endColumn: null }, snippet: match },
        // Trivy redacts the secret in Match: rule + location + the redacted line.
        fingerprint: fingerprintOf('trivy-secret', target, id, start, match?.replace(/\s+/g, ' ').trim()),
        state: 'open',
        suppression: null,
        vulnerabilityIds: [],
      });
    });
  });
  return {
    format: 'trivy',
    runs: [...runs.values()].map(({ run, ids }) => ({ ...run, ruleIds: [...ids].sort() })),
    findings,
  };
}
