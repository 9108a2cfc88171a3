// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// Semgrep's native JSON (testdata/semgrep.json, after its documented shape: the data set has only
// Semgrep's SARIF, read in sarif.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importFindings, parseSemgrep } from './index';
import { countBy } from './ops-data';

const bytes = () => readFileSync(path.join(__dirname, 'testdata', 'semgrep.json'));

it('detects Semgrep JSON and reads its results: levels, the nosemgrep one suppressed, CWEs, category', () => {
  const { format, runs, findings } = importFindings(bytes());
  expect(format).toBe('semgrep');
  expect(runs).toEqual([
    {
      tool: { name: 'Semgrep', version: '1.69.0' },
      category: 'sast',
      results: 3,
      findings: 3,
      passed: 0,
      suppressed: 1,
      ruleIds: [
        'generic.secrets.security.detected-generic-api-key.detected-generic-api-key',
        'javascript.express.security.audit.express-open-redirect.express-open-redirect',
        'javascript.lang.security.audit.path-traversal.path-join-resolve-traversal.path-join-resolve-traversal',
      ],
    },
  ]);
  expect(findings.map((finding) => [finding.toolSeverity, finding.severity, finding.state, finding.category, finding.rule.cwe])).toEqual([
    ['WARNING', 'medium', 'open', 'sast', ['CWE-22']],
    ['ERROR', 'high', 'open', 'sast', ['CWE-601']],
    ['INFO', 'low', 'suppressed', 'secret', ['CWE-798']],
  ]);
  expect(findings[0]).toMatchObject({
    rule: { name: 'path-join-resolve-traversal', tags: ['A05:2017 - Broken Access Control', 'A01:2021 - Broken Access Control', 'security', 'confidence:LOW'] },
    location: { kind: 'code', file: 'routes/fileServer.ts', region: { startLine: 33, startColumn: 21, endLine: 33, endColumn: 56 }, snippet: null },
  });
  expect(findings[2].location).toMatchObject({ snippet: "  apiKey: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56'" });
});

it('identifies by Semgrep’s fingerprint when it gives one, else by rule + location: distinct, and the same on a second parse', () => {
  const once = importFindings(bytes()).findings.map((finding) => finding.fingerprint);
  expect(new Set(once).size).toBe(3);
  expect(importFindings(bytes()).findings.map((finding) => finding.fingerprint)).toEqual(once);
  expect(countBy(once, (fingerprint) => String(fingerprint.length))).toEqual({ '64': 3 });
});

it('names the path that fails', () => {
  expect(() => parseSemgrep({ results: [{ check_id: 'r', path: 'a.js', start: { line: 'one' }, extra: {} }] })).toThrow('Semgrep JSON expected: results[0].start.line is not an integer (a string)');
  expect(() => parseSemgrep({ results: [{ check_id: 'r', path: 'a.js', start: {} }] })).toThrow('Semgrep JSON expected: results[0].extra is missing');
});
