// The IaC scanners' native JSON: Checkov (-o json), KICS (results.json) and tfsec (--format json).
// Passed checks are counted, not kept; what the scanner itself skipped or ignored is kept as
// 'suppressed'. docs/operations-findings.md has the severity and identity rules.
import type { FindingImport, FindingImportRun, ImportedFinding } from '@portal/shared/server';
import { clip, fingerprintOf, FORMAT_NAMES, MAX_SHORT_TEXT, own, Reader, severityOfWord, strings, unique, type Json, type JsonObject } from './common';

const finish = (run: FindingImportRun, ids: Set<string>): FindingImportRun => ({ ...run, ruleIds: [...ids].sort() });

/** Checkov's code_block: [[line, text], …] → the text of the lines. */
function codeBlock(value: Json | undefined): string | null {
  if (!Array.isArray(value)) return null;
  const lines = value.filter((entry): entry is Json[] => Array.isArray(entry) && typeof entry[1] === 'string').map((entry) => (entry[1] as string).replace(/\n$/, ''));
  return lines.length ? clip(lines.join('\n'), 8192) : null;
}

/** Checkov JSON: one report, or an array of one report per check_type. */
export function parseCheckov(document: unknown): FindingImport {
  const reader = new Reader(FORMAT_NAMES.checkov);
  const reports = Array.isArray(document) ? document : [reader.object(document, 'the document')];
  const runs: FindingImportRun[] = [];
  const findings: ImportedFinding[] = [];
  reports.forEach((raw, r) => {
    const at = Array.isArray(document) ? `[${r}]` : '';
    const report = reader.object(raw, at || 'the document');
    const checkType = reader.string(own(report, 'check_type'), `${at}${at ? '.' : ''}check_type`);
    const results = reader.object(own(report, 'results'), `${at}${at ? '.' : ''}results`);
    const base = `${at}${at ? '.' : ''}results`;
    const version = own(reader.isObject(own(report, 'summary')) ? (own(report, 'summary') as JsonObject) : null, 'checkov_version');
    const tool = { name: 'Checkov', version: typeof version === 'string' ? clip(version, 100) : null };
    const category = checkType === 'secrets' ? 'secret' : checkType.startsWith('sca_') ? 'container' : 'iac';
    const failed = reader.optionalArray(own(results, 'failed_checks'), `${base}.failed_checks`);
    const skipped = reader.optionalArray(own(results, 'skipped_checks'), `${base}.skipped_checks`);
    const passed = reader.optionalArray(own(results, 'passed_checks'), `${base}.passed_checks`);
    const run: FindingImportRun = { tool, category, results: failed.length + skipped.length + passed.length, findings: 0, passed: passed.length, suppressed: 0, ruleIds: [] };
    const ids = new Set<string>();
    const read = (entry: Json, where: string, suppressed: boolean) => {
      const check = reader.object(entry, where);
      const id = clip(reader.string(own(check, 'check_id'), `${where}.check_id`), MAX_SHORT_TEXT);
      const name = reader.optionalString(own(check, 'check_name'), `${where}.check_name`, MAX_SHORT_TEXT);
      const file = reader.optionalString(own(check, 'repo_file_path') ?? own(check, 'file_path'), `${where}.file_path`, MAX_SHORT_TEXT) ?? '';
      const resource = reader.optionalString(own(check, 'resource'), `${where}.resource`, MAX_SHORT_TEXT);
      const range = reader.optionalArray(own(check, 'file_line_range'), `${where}.file_line_range`);
      const start = typeof range[0] === 'number' ? range[0] : null;
      const end = typeof range[1] === 'number' ? range[1] : start;
      const severity = reader.optionalString(own(check, 'severity'), `${where}.severity`, 40);
      const guideline = reader.optionalString(own(check, 'guideline'), `${where}.guideline`, MAX_SHORT_TEXT);
      const suppressComment = own(reader.isObject(own(check, 'check_result')) ? (own(check, 'check_result') as JsonObject) : null, 'suppress_comment');
      ids.add(id);
      run.findings += 1;
      if (suppressed) run.suppressed += 1;
      findings.push({
        tool,
        category,
        rule: { id, name, help: guideline ? `[Guideline](${guideline})` : null, cwe: [], tags: [checkType] },
        // Open-source Checkov without a platform key writes severity null: medium until triaged.
        severity: severityOfWord(severity, 'medium'),
        toolSeverity: severity,
        title: clip(resource ? `${name ?? id} (${resource})` : (name ?? id), MAX_SHORT_TEXT),
        message: name,
        location: { kind: 'code', file, region: start === null ? null : { startLine: start, startColumn: null, endLine: end, endColumn: null }, snippet: codeBlock(own(check, 'code_block')) },
        fingerprint: fingerprintOf('checkov', checkType, id, file, resource ?? start),
        state: suppressed ? 'suppressed' : 'open',
        suppression: suppressed ? (typeof suppressComment === 'string' ? clip(suppressComment, MAX_SHORT_TEXT) : 'skipped') : null,
        vulnerabilityIds: [],
      });
    };
    failed.forEach((entry, i) => read(entry, `${base}.failed_checks[${i}]`, false));
    skipped.forEach((entry, i) => read(entry, `${base}.skipped_checks[${i}]`, true));
    runs.push(finish(run, ids));
  });
  return { format: 'checkov', runs, findings };
}

/** KICS JSON: a finding is one element of queries[].files[], with its query's severity. */
export function parseKics(document: unknown): FindingImport {
  const reader = new Reader(FORMAT_NAMES.kics);
  const root = reader.object(document, 'the document');
  const queries = reader.array(own(root, 'queries'), 'queries');
  const version = own(root, 'kics_version');
  const tool = { name: 'KICS', version: typeof version === 'string' ? clip(version, 100) : null };
  const run: FindingImportRun = { tool, category: 'iac', results: 0, findings: 0, passed: 0, suppressed: 0, ruleIds: [] };
  const ids = new Set<string>();
  const findings: ImportedFinding[] = [];
  queries.forEach((raw, q) => {
    const query = reader.object(raw, `queries[${q}]`);
    const id = clip(reader.string(own(query, 'query_id'), `queries[${q}].query_id`), MAX_SHORT_TEXT);
    const name = reader.optionalString(own(query, 'query_name'), `queries[${q}].query_name`, MAX_SHORT_TEXT);
    const severity = reader.optionalString(own(query, 'severity'), `queries[${q}].severity`, 40);
    const description = reader.optionalString(own(query, 'description'), `queries[${q}].description`);
    const url = reader.optionalString(own(query, 'query_url'), `queries[${q}].query_url`, MAX_SHORT_TEXT);
    const tags = strings([own(query, 'platform'), own(query, 'category')]);
    const cwe = own(query, 'cwe');
    reader.array(own(query, 'files'), `queries[${q}].files`).forEach((entry, f) => {
      const where = `queries[${q}].files[${f}]`;
      const file = reader.object(entry, where);
      const path = reader.string(own(file, 'file_name'), `${where}.file_name`);
      const line = reader.optionalInteger(own(file, 'line'), `${where}.line`);
      const similarity = reader.optionalString(own(file, 'similarity_id'), `${where}.similarity_id`, 200);
      const searchKey = reader.optionalString(own(file, 'search_key'), `${where}.search_key`, MAX_SHORT_TEXT);
      const expected = reader.optionalString(own(file, 'expected_value'), `${where}.expected_value`);
      const actual = reader.optionalString(own(file, 'actual_value'), `${where}.actual_value`);
      ids.add(id);
      run.results += 1;
      run.findings += 1;
      findings.push({
        tool,
        category: 'iac',
        rule: {
          id,
          name,
          help: [description, url ? `[${url}](${url})` : null].filter(Boolean).join('\n\n') || null,
          cwe: typeof cwe === 'string' && cwe ? [`CWE-${Number(cwe)}`] : [],
          tags,
        },
        severity: severityOfWord(severity),
        toolSeverity: severity,
        title: clip(searchKey ? `${name ?? id}: ${searchKey}` : (name ?? id), MAX_SHORT_TEXT),
        message: [expected && `Expected: ${expected}`, actual && `Actual: ${actual}`].filter(Boolean).join('\n') || null,
        location: { kind: 'code', file: clip(path, MAX_SHORT_TEXT), region: line === null ? null : { startLine: line, startColumn: null, endLine: line, endColumn: null }, snippet: null },
        // KICS's similarity_id is its own identity of a result across scans.
        fingerprint: similarity ? fingerprintOf('kics', id, similarity) : fingerprintOf('kics-location', id, path, searchKey, line),
        state: 'open',
        suppression: null,
        vulnerabilityIds: [],
      });
    });
  });
  return { format: 'kics', runs: [finish(run, ids)], findings };
}

/** tfsec JSON: results[] ('failed', 'passed' with --include-passed, 'ignored' by a tfsec:ignore comment). */
export function parseTfsec(document: unknown): FindingImport {
  const reader = new Reader(FORMAT_NAMES.tfsec);
  const root = reader.object(document, 'the document');
  const results = reader.optionalArray(own(root, 'results'), 'results');
  const tool = { name: 'tfsec', version: null };
  const run: FindingImportRun = { tool, category: 'iac', results: results.length, findings: 0, passed: 0, suppressed: 0, ruleIds: [] };
  const ids = new Set<string>();
  const findings: ImportedFinding[] = [];
  results.forEach((raw, i) => {
    const where = `results[${i}]`;
    const result = reader.object(raw, where);
    const status = reader.optionalString(own(result, 'status'), `${where}.status`, 40) ?? 'failed';
    if (status === 'passed') {
      run.passed += 1;
      return;
    }
    const id = clip(reader.string(own(result, 'rule_id'), `${where}.rule_id`), MAX_SHORT_TEXT);
    const legacy = reader.optionalString(own(result, 'legacy_rule_id'), `${where}.legacy_rule_id`, 100);
    const location = reader.object(own(result, 'location'), `${where}.location`);
    const file = reader.string(own(location, 'filename'), `${where}.location.filename`);
    const start = reader.optionalInteger(own(location, 'start_line'), `${where}.location.start_line`);
    const end = reader.optionalInteger(own(location, 'end_line'), `${where}.location.end_line`);
    const description = reader.optionalString(own(result, 'description'), `${where}.description`);
    const resource = reader.optionalString(own(result, 'resource'), `${where}.resource`, MAX_SHORT_TEXT);
    const severity = reader.optionalString(own(result, 'severity'), `${where}.severity`, 40);
    const ruleDescription = reader.optionalString(own(result, 'rule_description'), `${where}.rule_description`, MAX_SHORT_TEXT);
    const impact = reader.optionalString(own(result, 'impact'), `${where}.impact`);
    const resolution = reader.optionalString(own(result, 'resolution'), `${where}.resolution`);
    const links = strings(own(result, 'links'));
    const suppressed = status === 'ignored';
    ids.add(id);
    run.findings += 1;
    if (suppressed) run.suppressed += 1;
    findings.push({
      tool,
      category: 'iac',
      rule: {
        id,
        name: ruleDescription,
        help: [impact && `**Impact:** ${impact}`, resolution && `**Resolution:** ${resolution}`, ...links.map((link) => `- [${link}](${link})`)].filter(Boolean).join('\n\n') || null,
        cwe: [],
        tags: unique([own(result, 'rule_provider'), own(result, 'rule_service'), legacy].filter((tag): tag is string => typeof tag === 'string' && tag !== '')),
      },
      severity: severityOfWord(severity),
      toolSeverity: severity,
      title: clip(description ?? ruleDescription ?? id, MAX_SHORT_TEXT),
      message: description,
      location: { kind: 'code', file: clip(file, MAX_SHORT_TEXT), region: start === null ? null : { startLine: start, startColumn: null, endLine: end ?? start, endColumn: null }, snippet: null },
      // tfsec names the resource in `resource` (1.x) or in its description; one rule may fail on
      // several lines of one resource, so the line is part of the identity.
      fingerprint: fingerprintOf('tfsec', id, file, resource ?? description, start),
      state: suppressed ? 'suppressed' : 'open',
      suppression: suppressed ? 'ignored' : null,
      vulnerabilityIds: [],
    });
  });
  return { format: 'tfsec', runs: [finish(run, ids)], findings };
}
