// Semgrep's native JSON (`semgrep --json`, the semgrep_output_v1 shape): results[] with check_id,
// path, start/end and extra {message, severity, metadata, lines, fingerprint, is_ignored}. Semgrep
// OSS writes "requires login" for lines and fingerprint unless signed in: the identity is then
// rule + location + the matched lines when known.
import type { FindingImport, FindingImportRun, FindingSeverity, ImportedFinding } from '@portal/shared/server';
import { clip, cweOf, fingerprintOf, FORMAT_NAMES, MAX_SHORT_TEXT, normalizeSnippet, own, Reader, severityOfWord, strings, unique, type JsonObject } from './common';

const HIDDEN = 'requires login';

/** Semgrep's levels (ERROR, WARNING, INFO) and the newer CRITICAL…LOW. */
function severityOf(severity: string | null): FindingSeverity {
  switch (severity) {
    case 'ERROR':
      return 'high';
    case 'WARNING':
      return 'medium';
    case 'INFO':
      return 'low';
    default:
      return severityOfWord(severity);
  }
}

export function parseSemgrep(document: unknown): FindingImport {
  const reader = new Reader(FORMAT_NAMES.semgrep);
  const root = reader.object(document, 'the document');
  const results = reader.array(own(root, 'results'), 'results');
  const version = own(root, 'version');
  const tool = { name: 'Semgrep', version: typeof version === 'string' ? clip(version, 100) : null };
  const run: FindingImportRun = { tool, category: 'sast', results: results.length, findings: 0, passed: 0, suppressed: 0, ruleIds: [] };
  const ids = new Set<string>();
  const findings: ImportedFinding[] = results.map((raw, i) => {
    const where = `results[${i}]`;
    const result = reader.object(raw, where);
    const id = clip(reader.string(own(result, 'check_id'), `${where}.check_id`), MAX_SHORT_TEXT);
    const file = clip(reader.string(own(result, 'path'), `${where}.path`), MAX_SHORT_TEXT);
    const start = reader.object(own(result, 'start'), `${where}.start`);
    const end = reader.isObject(own(result, 'end')) ? (own(result, 'end') as JsonObject) : start;
    const startLine = reader.optionalInteger(own(start, 'line'), `${where}.start.line`);
    const startColumn = reader.optionalInteger(own(start, 'col'), `${where}.start.col`);
    const extra = reader.object(own(result, 'extra'), `${where}.extra`);
    const message = reader.optionalString(own(extra, 'message'), `${where}.extra.message`);
    const severity = reader.optionalString(own(extra, 'severity'), `${where}.extra.severity`, 40);
    const lines = reader.optionalString(own(extra, 'lines'), `${where}.extra.lines`, 8192);
    const fingerprint = reader.optionalString(own(extra, 'fingerprint'), `${where}.extra.fingerprint`, 200);
    const ignored = own(extra, 'is_ignored') === true;
    const metadata = reader.isObject(own(extra, 'metadata')) ? (own(extra, 'metadata') as JsonObject) : null;
    const cweValues = own(metadata, 'cwe');
    const cwe = unique((typeof cweValues === 'string' ? [cweValues] : strings(cweValues)).map(cweOf).filter((value): value is string => value !== null));
    const references = strings(own(metadata, 'references'));
    const source = typeof own(metadata, 'source') === 'string' ? (own(metadata, 'source') as string) : null;
    const snippet = lines && lines !== HIDDEN ? lines : null;
    ids.add(id);
    run.findings += 1;
    if (ignored) run.suppressed += 1;
    return {
      tool,
      category: id.includes('secrets') ? 'secret' : 'sast',
      rule: {
        id,
        name: id.split('.').pop() ?? id,
        help: [message, ...[source, ...references].filter(Boolean).map((link) => `- [${link}](${link})`)].filter(Boolean).join('\n\n') || null,
        cwe,
        tags: unique([...strings(own(metadata, 'owasp')), ...strings([own(metadata, 'category'), own(metadata, 'confidence') && `confidence:${own(metadata, 'confidence') as string}`])]),
      },
      severity: severityOf(severity),
      toolSeverity: severity,
      title: clip(message?.split('\n')[0] ?? id, MAX_SHORT_TEXT),
      message,
      location: {
        kind: 'code',
        file,
        region: { startLine, startColumn, endLine: typeof own(end, 'line') === 'number' ? (own(end, 'line') as number) : startLine, endColumn: typeof own(end, 'col') === 'number' ? (own(end, 'col') as number) : null },
        snippet,
      },
      fingerprint:
        fingerprint && fingerprint !== HIDDEN ? fingerprintOf('semgrep', id, fingerprint) : fingerprintOf('semgrep-location', id, file, startLine, startColumn, normalizeSnippet(snippet)),
      state: ignored ? 'suppressed' : 'open',
      suppression: ignored ? 'nosemgrep' : null,
      vulnerabilityIds: [],
    };
  });
  return { format: 'semgrep', runs: [{ ...run, ruleIds: [...ids].sort() }], findings };
}
