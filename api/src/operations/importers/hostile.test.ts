// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// The detector, and what a hostile or broken file gets: a FindingImportError naming the format
// expected and where it failed, never another kind of throw (truncated JSON, wrong types, huge
// strings, prototype-pollution keys, deep nesting, random bytes), property-tested with fast-check.
import { readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { FindingImport } from '@portal/shared/server';
import { MAX_TEXT } from './common';
import { detectFormat, FindingImportError, importFindings, parseAsff, parseCheckov, parseDefenderJson, parseKics, parseProwler, parseSarif, parseSemgrep, parseTfsec, parseTrivy } from './index';
import { OPS_DATA, readOps } from './ops-data';

/** The import's outcome: its findings, or the refusal's message; anything else thrown fails the test. */
function outcome(run: () => FindingImport): FindingImport | string {
  try {
    return run();
  } catch (error) {
    if (error instanceof FindingImportError) return error.message;
    throw error;
  }
}

it('detects every file of the data set by its content', () => {
  const formats = Object.fromEntries(
    readdirSync(OPS_DATA)
      .filter((file) => file !== 'README.md')
      .map((file) => [file, importFindings(readOps(file)).format]),
  );
  expect(formats).toEqual({
    'awssecurityhub_config_many_findings.json': 'asff',
    'awssecurityhub_inspector_ecr.json': 'asff',
    'azure_security_center_recommendations_many_vulns.csv': 'defender-csv',
    'checkov-report-multiple-check_type.json': 'checkov',
    'eslint.sarif': 'sarif',
    'gitleaks_7.5.0.sarif': 'sarif',
    'kics_many_findings.json': 'kics',
    'lgtm_DefectDojo_django-DefectDojo__2020-12-11_13_42_10__export.sarif': 'sarif',
    'prowler_aws_v3plus_many_vuln.ocsf.json': 'prowler-ocsf',
    'semgrep_issue_10191.json': 'sarif',
    'spotbugs.sarif': 'sarif',
    'tfsec_many_findings_current.json': 'tfsec',
    'trivy_misconfigurations_and_secrets.json': 'trivy',
  });
  expect(detectFormat({ hello: 'world' })).toBeNull();
});

it('reads a gzip-compressed upload like the plain file, and refuses a broken gzip stream', () => {
  const plain = importFindings(readOps('eslint.sarif'));
  expect(importFindings(gzipSync(readOps('eslint.sarif')))).toEqual(plain);
  expect(() => importFindings(Buffer.concat([gzipSync(readOps('eslint.sarif')).subarray(0, 200)]))).toThrow('A gzip-compressed file expected: the gzip stream is not valid gzip');
});

it('refuses an empty file, text, JSON of no known shape and a named format the content does not match', () => {
  const any = 'SARIF 2.1.0, Semgrep, Checkov, KICS, tfsec or Trivy JSON, AWS Security Hub ASFF, Prowler OCSF, or Defender for Cloud (CSV or REST JSON) expected';
  expect(outcome(() => importFindings(Buffer.from('  ')))).toBe(`${any}: the file is empty`);
  expect(outcome(() => importFindings(Buffer.from('hello')))).toBe(`${any}: the file is neither JSON nor a Defender for Cloud recommendations CSV`);
  expect(outcome(() => importFindings(Buffer.from('{"a":1}')))).toBe(`${any}: the file matches none of these formats`);
  expect(outcome(() => importFindings(readOps('eslint.sarif'), 'kics'))).toBe('KICS JSON expected: queries is missing');
  expect(outcome(() => importFindings(readOps('eslint.sarif'), 'defender-csv'))).toBe('Defender for Cloud recommendations CSV expected: the file is JSON, not CSV');
});

it('refuses every real file truncated, naming its format when one was named', () => {
  for (const file of readdirSync(OPS_DATA).filter((name) => name !== 'README.md' && !name.endsWith('.csv'))) {
    const bytes = readOps(file);
    const { format } = importFindings(bytes);
    const end = bytes.toString('utf8').trimEnd().length;
    for (const cut of [1, 100, Math.floor(end / 2), end - 1]) {
      expect(outcome(() => importFindings(bytes.subarray(0, cut), format))).toMatch(/ expected: the file is not valid JSON \(/);
    }
  }
});

it('clips huge strings instead of keeping them', () => {
  const huge = 'x'.repeat(5 * 1024 * 1024);
  const { findings } = parseSarif({ version: '2.1.0', runs: [{ tool: { driver: { name: 'T' } }, results: [{ ruleId: huge, message: { text: huge } }] }] });
  expect(findings[0].message!.length).toBe(MAX_TEXT);
  expect(findings[0].rule.id.length).toBeLessThanOrEqual(1024);
  expect(findings[0].title.length).toBeLessThanOrEqual(1024);
});

it('treats __proto__, constructor and prototype keys as data and pollutes nothing', () => {
  const text = `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"T","rules":[{"id":"__proto__","defaultConfiguration":{"level":"error"}}]}},
    "results":[{"ruleId":"__proto__","message":{"text":"m"},"partialFingerprints":{"__proto__":"x","constructor":"y"},"properties":{"__proto__":{"polluted":1}}},
               {"ruleId":"constructor","message":{"text":"m"}}]}]}`;
  const { findings } = importFindings(Buffer.from(text));
  expect(findings.map((finding) => [finding.rule.id, finding.toolSeverity])).toEqual([
    ['__proto__', 'error'],
    ['constructor', 'warning'],
  ]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(outcome(() => importFindings(Buffer.from('{"__proto__":{"runs":[]},"constructor":{"prototype":{"polluted":1}}}')))).toMatch(/matches none of these formats/);
  expect(outcome(() => parseTrivy(JSON.parse('{"SchemaVersion":2,"Results":[{"Target":"t","Secrets":[{"RuleID":"__proto__"}]}]}')))).toMatchObject({ findings: [{ rule: { id: '__proto__' } }] });
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

it('reads a value nested 20,000 deep in a property bag (nothing recurses into it), refuses one where a result should be', () => {
  const deep = `${'{"a":'.repeat(20000)}1${'}'.repeat(20000)}`;
  const sarif = (properties: string, results: string) => `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"T"}},"results":${results},"properties":${properties}}]}`;
  expect(outcome(() => importFindings(Buffer.from(sarif(deep, '[]'))))).toMatchObject({ findings: [] });
  expect(outcome(() => importFindings(Buffer.from(sarif('{}', `[${'['.repeat(20000)}${']'.repeat(20000)}]`))))).toBe('SARIF 2.1.0 expected: runs[0].results[0] is not an object');
});

describe('properties (fast-check)', () => {
  const PARSERS = { parseSarif, parseSemgrep, parseCheckov, parseKics, parseTfsec, parseTrivy, parseAsff, parseProwler, parseDefenderJson };

  it.each(Object.entries(PARSERS))('%s answers any value with findings or a FindingImportError', (_name, parse) => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true, maxDepth: 4 }), (value) => {
        outcome(() => parse(value));
      }),
      { numRuns: 300 },
    );
  });

  it('importFindings answers any bytes and any JSON the same way', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)), fc.jsonValue({ maxDepth: 5 }).map((value) => Buffer.from(JSON.stringify(value) ?? ''))), (bytes) => {
        outcome(() => importFindings(bytes));
      }),
      { numRuns: 500 },
    );
  });

  /** Every path of a parsed document (objects and arrays), up to `limit`. */
  function paths(value: unknown, limit = 5000): Array<Array<string | number>> {
    const found: Array<Array<string | number>> = [];
    const walk = (node: unknown, at: Array<string | number>) => {
      if (found.length >= limit) return;
      found.push(at);
      if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...at, index]));
      else if (node && typeof node === 'object') Object.keys(node).forEach((key) => walk((node as Record<string, unknown>)[key], [...at, key]));
    };
    walk(value, []);
    return found;
  }

  function replaced(document: unknown, at: Array<string | number>, value: unknown): unknown {
    if (at.length === 0) return value;
    const copy = structuredClone(document) as Record<string | number, unknown>;
    let node = copy;
    at.slice(0, -1).forEach((key) => {
      node = node[key] as Record<string | number, unknown>;
    });
    node[at[at.length - 1]] = value;
    return copy;
  }

  const SMALL = ['eslint.sarif', 'gitleaks_7.5.0.sarif', 'spotbugs.sarif', 'kics_many_findings.json', 'tfsec_many_findings_current.json', 'trivy_misconfigurations_and_secrets.json', 'awssecurityhub_inspector_ecr.json', 'awssecurityhub_config_many_findings.json', 'prowler_aws_v3plus_many_vuln.ocsf.json'];

  it.each(SMALL)('%s with any one value replaced by any JSON gives findings or a FindingImportError', (file) => {
    const document = JSON.parse(readOps(file).toString('utf8'));
    const { format } = importFindings(readOps(file));
    const all = paths(document);
    fc.assert(
      fc.property(fc.nat({ max: all.length - 1 }), fc.jsonValue({ maxDepth: 2 }), (index, value) => {
        outcome(() => importFindings(Buffer.from(JSON.stringify(replaced(document, all[index], value))), format));
      }),
      { numRuns: 150 },
    );
  });
});
