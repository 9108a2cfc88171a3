// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// SARIF 2.1.0 of five tools, read from testdata/ops with its README's facts: results per
// run, levels (§3.27.10), suppressed, rule ids, fingerprints; and the refusals with their paths.
import { FindingImportError, importFindings, parseSarif } from './index';
import { countBy, fingerprintsAreStable, opsFilesOf, readOps } from './ops-data';

const sarif = (file: string) => importFindings(readOps(file));

/** The README's facts, run by run: tool, version, results, levels, rule ids, suppressed. */
const FACTS: Record<string, Array<{ tool: string; version: string; results: number; levels: Record<string, number>; rules: number; suppressed: number }>> = {
  'eslint.sarif': [{ tool: 'ESLint', version: '8.25.0', results: 10, levels: { warning: 10 }, rules: 3, suppressed: 5 }],
  'gitleaks_7.5.0.sarif': [{ tool: 'Gitleaks', version: 'v7.4.0', results: 8, levels: { warning: 8 }, rules: 0, suppressed: 0 }],
  'lgtm_DefectDojo_django-DefectDojo__2020-12-11_13_42_10__export.sarif': [
    { tool: 'LGTM.com', version: '1.26.0-SNAPSHOT', results: 58, levels: { note: 12, warning: 46 }, rules: 7, suppressed: 0 },
    { tool: 'LGTM.com', version: '1.26.0-SNAPSHOT', results: 452, levels: { error: 31, note: 345, warning: 76 }, rules: 20, suppressed: 0 },
  ],
  'semgrep_issue_10191.json': [{ tool: 'Semgrep OSS', version: '1.69.0', results: 77, levels: { error: 35, warning: 42 }, rules: 17, suppressed: 0 }],
  'spotbugs.sarif': [{ tool: 'SpotBugs', version: '4.4.0', results: 56, levels: { note: 56 }, rules: 9, suppressed: 0 }],
};

it('reads every SARIF file of the data set (and the detector names no other file SARIF)', () => {
  expect(opsFilesOf('sarif')).toEqual(Object.keys(FACTS).sort());
});

describe.each(Object.entries(FACTS))('%s', (file, runs) => {
  const result = sarif(file);

  it('has the README’s runs: tool, version, results, levels per §3.27.10, rule ids, suppressed', () => {
    expect(result.runs.map((run) => ({ tool: run.tool.name, version: run.tool.version, results: run.results, rules: run.ruleIds.length, suppressed: run.suppressed }))).toEqual(
      runs.map(({ levels: _levels, ...run }) => run),
    );
    let offset = 0;
    runs.forEach((run) => {
      const own = result.findings.slice(offset, offset + run.results);
      offset += run.results;
      expect(countBy(own, (finding) => finding.toolSeverity)).toEqual(run.levels);
    });
    expect(result.findings).toHaveLength(offset);
  });

  it('gives the same fingerprints on a second parse', () => {
    expect(fingerprintsAreStable(file)).toBe(true);
  });
});

it('keeps ESLint’s inSource suppressions as their own state; the unsuppressed five are open warnings', () => {
  const { findings } = sarif('eslint.sarif');
  const suppressed = findings.filter((finding) => finding.state === 'suppressed');
  expect(suppressed).toHaveLength(5);
  expect(suppressed.every((finding) => finding.suppression === 'inSource')).toBe(true);
  expect(countBy(findings.filter((finding) => finding.state === 'open'), (finding) => finding.toolSeverity)).toEqual({ warning: 5 });
  expect(findings[0]).toMatchObject({
    rule: { id: '@typescript-eslint/no-unused-vars', name: 'Disallow unused variables' },
    title: "'locale' is defined but never used.",
    location: { kind: 'code', file: 'file:///home/stefanf/workspace/SecObserve/frontend/src/App.tsx', region: { startLine: 19, startColumn: 44, endLine: 19, endColumn: 50 } },
  });
});

it('takes LGTM’s levels from rules[].defaultConfiguration, its CWEs from the tags, its identity from partialFingerprints', () => {
  const { findings } = sarif('lgtm_DefectDojo_django-DefectDojo__2020-12-11_13_42_10__export.sarif');
  expect(countBy(findings, (finding) => finding.severity)).toEqual({ high: 31, medium: 122, low: 357 });
  expect(new Set(findings.map((finding) => finding.fingerprint)).size).toBe(510);
  expect(findings[0]).toMatchObject({ rule: { id: 'com.lgtm/javascript-queries:js/unused-local-variable', cwe: [], tags: ['maintainability'] }, severity: 'low', toolSeverity: 'note', title: 'Unused variable p4.' });
  const expression = findings.find((finding) => finding.rule.id === 'com.lgtm/javascript-queries:js/useless-expression')!;
  expect(expression.rule).toMatchObject({ cwe: ['CWE-480', 'CWE-561'], tags: ['maintainability', 'correctness'] });
  const redundant = findings.find((finding) => finding.rule.id === 'com.lgtm/python-queries:py/redundant-assignment')!;
  expect(redundant).toMatchObject({ rule: { cwe: ['CWE-563'] }, toolSeverity: 'error', severity: 'high' });
});

it('uses Semgrep’s fingerprints and its words for security-severity; the snippet is kept', () => {
  const { findings } = sarif('semgrep_issue_10191.json');
  expect(new Set(findings.map((finding) => finding.fingerprint)).size).toBe(77);
  expect(findings[0].location).toMatchObject({ file: 'Gruntfile.js', region: { startLine: 75, startColumn: 22, endLine: 75, endColumn: 53 }, snippet: "      const buffer = fs.readFileSync('dist/' + file)" });
  expect(findings[0].rule.cwe.length).toBeGreaterThan(0);
  expect(findings[0].rule.help).toMatch(/^The application dynamically constructs file or path information/);
});

it('reads Gitleaks without rule ids by its message; a secret reported in two commits is one finding', () => {
  const { findings, runs } = sarif('gitleaks_7.5.0.sarif');
  expect(runs[0]).toMatchObject({ category: 'secret', ruleIds: [] });
  expect(countBy(findings, (finding) => finding.rule.id)).toEqual({ 'AWS Access Key secret detected': 6, 'Asymmetric Private Key secret detected': 2 });
  expect(new Set(findings.map((finding) => finding.fingerprint)).size).toBe(4);
});

it('fills SpotBugs messages from the rule’s messageStrings and arguments', () => {
  const [first] = sarif('spotbugs.sarif').findings;
  expect(first).toMatchObject({ title: 'Hard coded reference to an absolute pathname in Boot.main(String[]).', location: { file: 'Boot.java', region: { startLine: 23 } } });
});

describe('levels per §3.27.10 and suppressions per §3.35', () => {
  const log = (results: unknown[], rules: unknown[] = [{ id: 'r', defaultConfiguration: { level: 'error' } }, { id: 'plain' }]) => ({
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'T', rules } }, results }],
  });
  const message = { text: 'm' };

  it('result.level, else none when kind is not fail, else the rule’s default, else warning', () => {
    const { findings, runs } = parseSarif(
      log([
        { ruleId: 'r', level: 'note', message },
        { ruleId: 'r', kind: 'review', message },
        { ruleId: 'r', kind: 'fail', message },
        { ruleIndex: 0, message },
        { ruleId: 'plain', message },
        { ruleId: 'r', kind: 'pass', message },
      ]),
    );
    expect(findings.map((finding) => finding.toolSeverity)).toEqual(['note', 'none', 'error', 'error', 'warning']);
    expect(runs[0]).toMatchObject({ results: 6, findings: 5, passed: 1 });
  });

  it('an underReview or rejected suppression does not suppress; an accepted one does', () => {
    const { findings } = parseSarif(
      log([
        { ruleId: 'r', message, suppressions: [{ kind: 'external', status: 'underReview' }] },
        { ruleId: 'r', message, suppressions: [{ kind: 'external', status: 'rejected' }] },
        { ruleId: 'r', message, suppressions: [{ kind: 'external', status: 'accepted', justification: 'test code' }] },
      ]),
    );
    expect(findings.map((finding) => [finding.state, finding.suppression])).toEqual([
      ['open', null],
      ['open', null],
      ['suppressed', 'test code'],
    ]);
  });

  it('without fingerprints, the identity is rule + location + normalized snippet: re-indenting keeps it, another line changes it', () => {
    const at = (line: number, snippet: string) => ({
      ruleId: 'r',
      message,
      locations: [{ physicalLocation: { artifactLocation: { uri: 'a.js' }, region: { startLine: line, snippet: { text: snippet } } } }],
    });
    const [a, b, c] = parseSarif(log([at(3, 'eval(x)'), at(3, '   eval(x)  '), at(4, 'eval(x)')])).findings;
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).not.toBe(c.fingerprint);
  });
});

describe('refusals name SARIF 2.1.0 and the path that failed', () => {
  const refusal = (document: unknown): string => {
    try {
      parseSarif(document);
    } catch (error) {
      expect(error).toBeInstanceOf(FindingImportError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };
  const base = { version: '2.1.0', runs: [{ tool: { driver: { name: 'T' } }, results: [{ message: { text: 'm' } }] }] };

  it('a locations that is not an array', () => {
    const results = [0, 1, 2, 3].map(() => ({ message: { text: 'm' } }));
    (results[3] as Record<string, unknown>).locations = { uri: 'a' };
    expect(refusal({ ...base, runs: [{ ...base.runs[0], results }] })).toBe('SARIF 2.1.0 expected: runs[0].results[3].locations is not an array');
  });

  it('another version, a missing tool, an unknown level', () => {
    expect(refusal({ ...base, version: '2.0.0' })).toBe('SARIF 2.1.0 expected: version is "2.0.0", not "2.1.0"');
    expect(refusal({ version: '2.1.0', runs: [{ results: [] }] })).toBe('SARIF 2.1.0 expected: runs[0].tool is missing');
    expect(refusal({ ...base, runs: [{ ...base.runs[0], results: [{ message: { text: 'm' }, level: 'fatal' }] }] })).toBe(
      'SARIF 2.1.0 expected: runs[0].results[0].level is not one of "none", "note", "warning", "error"',
    );
  });
});
