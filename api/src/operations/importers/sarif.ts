// SARIF 2.1.0 from any tool (CodeQL/LGTM, Semgrep, Gitleaks, SpotBugs, ESLint…): validated against
// the SARIF 2.1.0 JSON schema, then read run by run. Levels per §3.27.10, suppressions per §3.35,
// identity from fingerprints (§3.27.16) or partialFingerprints (§3.27.17), else a hash of rule +
// location + normalized snippet. docs/operations-findings.md has the tables.
import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sourcePath } from '../../paths';
import type { FindingCategory, FindingImport, FindingImportRun, FindingRegion, ImportedFinding } from '@portal/shared/server';
import {
  clip,
  cweOf,
  fingerprintOf,
  FORMAT_NAMES,
  MAX_SHORT_TEXT,
  normalizeSnippet,
  own,
  Reader,
  severityOfScore,
  severityOfWord,
  strings,
  unique,
  type Json,
  type JsonObject,
} from './common';

const EXPECTED = FORMAT_NAMES.sarif;
export const SARIF_LEVELS = ['error', 'warning', 'note', 'none'] as const;
export type SarifLevel = (typeof SARIF_LEVELS)[number];

let validate: ValidateFunction | undefined;

/**
 * The schema as published for 2.1.0 (schema/README.md), compiled once. It is draft-04 ('id'):
 * ajv 8 reads it as a later draft once 'id' becomes '$id'; the keywords it uses mean the same.
 * `uniqueItems` is dropped: ajv compares items pairwise with deep equality (O(n²) on a run's
 * 25,000 results' artifacts), and a repeated item changes nothing we import.
 */
function validator(): ValidateFunction {
  if (validate) return validate;
  // Read from the sources' directory: in the API's build (one bundle) __dirname is api/dist.
  const schema = JSON.parse(readFileSync(sourcePath('operations', 'importers', 'schema', 'sarif-2.1.0-rtm.5.json'), 'utf8')) as Record<string, unknown>;
  const strip = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(strip);
    else if (node && typeof node === 'object') {
      const object = node as Record<string, unknown>;
      if (object.uniqueItems === true) delete object.uniqueItems;
      Object.values(object).forEach(strip);
    }
  };
  strip(schema);
  const { id, $schema: _draft, ...rest } = schema;
  // unicodeRegExp off: the published pattern of toolComponent.language has a stray ']' that a
  // 'u' regular expression refuses (fixed in the errata's schema, the same otherwise).
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true, unicodeRegExp: false });
  addFormats(ajv);
  validate = ajv.compile({ ...rest, $id: String(id) });
  return validate;
}

/** '/runs/0/results/3/locations' → 'runs[0].results[3].locations'. */
function pathOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

function problemOf(error: ErrorObject): { where: string; problem: string } {
  const where = pathOf(error.instancePath) || 'the document';
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const type = String(params.type).split(',')[0];
      return { where, problem: `is not ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}` };
    }
    case 'required':
      return { where: pathOf(error.instancePath) ? `${where}.${String(params.missingProperty)}` : String(params.missingProperty), problem: 'is missing' };
    case 'additionalProperties':
      return { where, problem: `has a property the schema does not allow: "${clip(String(params.additionalProperty), 100)}"` };
    case 'enum':
      return { where, problem: `is not one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}` };
    default:
      return { where, problem: clip(error.message ?? 'is invalid', 300) };
  }
}

interface RuleEntry {
  descriptor: JsonObject;
}

/** The rules of a run: driver rules, then each extension's, by index and by id (§3.52.4). */
class RuleTable {
  private readonly byComponent: JsonObject[][] = [];
  private readonly byId = new Map<string, RuleEntry>();

  constructor(tool: JsonObject) {
    const components = [own(tool, 'driver'), ...((own(tool, 'extensions') as Json[] | undefined) ?? [])];
    components.forEach((component, index) => {
      const rules = (own(component as JsonObject, 'rules') as Json[] | undefined) ?? [];
      this.byComponent[index] = rules as JsonObject[];
      for (const rule of rules as JsonObject[]) {
        const id = own(rule, 'id');
        if (typeof id === 'string' && !this.byId.has(id)) this.byId.set(id, { descriptor: rule });
      }
    });
  }

  /** The rule a result refers to: result.rule.index / ruleIndex (with rule.toolComponent), else its id. */
  find(result: JsonObject, ruleId: string | null): JsonObject | null {
    const reference = own(result, 'rule') as JsonObject | undefined;
    const index = (own(reference, 'index') as number | undefined) ?? (own(result, 'ruleIndex') as number | undefined);
    const component = own(own(reference, 'toolComponent') as JsonObject | undefined, 'index') as number | undefined;
    if (typeof index === 'number' && index >= 0) {
      const rules = this.byComponent[typeof component === 'number' && component >= 0 ? component + 1 : 0];
      if (rules?.[index]) return rules[index];
    }
    return ruleId === null ? null : (this.byId.get(ruleId)?.descriptor ?? null);
  }
}

const text = (message: Json | undefined): string | null => {
  const value = own(message as JsonObject | undefined, 'markdown') ?? own(message as JsonObject | undefined, 'text');
  return typeof value === 'string' ? value : null;
};

/** result.message: its text, else the rule's (or the driver's global) message string with its {n} arguments (§3.11.5). */
function messageOf(result: JsonObject, rule: JsonObject | null, driver: JsonObject): string | null {
  const message = own(result, 'message') as JsonObject | undefined;
  const direct = own(message, 'text');
  if (typeof direct === 'string') return clip(direct);
  const id = own(message, 'id');
  if (typeof id !== 'string') return null;
  const template =
    own(own(own(rule, 'messageStrings') as JsonObject | undefined, id) as JsonObject | undefined, 'text') ??
    own(own(own(driver, 'globalMessageStrings') as JsonObject | undefined, id) as JsonObject | undefined, 'text');
  if (typeof template !== 'string') return null;
  const args = strings(own(message, 'arguments'));
  return clip(template.replace(/\{(\d+)\}/g, (whole, n: string) => args[Number(n)] ?? whole));
}

/** §3.27.10: result.level, else 'none' when kind is not 'fail', else the rule's default level, else 'warning'. */
export function levelOf(result: JsonObject, rule: JsonObject | null): SarifLevel {
  const level = own(result, 'level');
  if (typeof level === 'string') return level as SarifLevel;
  const kind = own(result, 'kind');
  if (typeof kind === 'string' && kind !== 'fail') return 'none';
  const configured = own(own(rule, 'defaultConfiguration') as JsonObject | undefined, 'level');
  return typeof configured === 'string' ? (configured as SarifLevel) : 'warning';
}

/** §3.35: suppressed when an entry's status is absent or 'accepted' ('underReview', 'rejected' do not). */
function suppressionOf(result: JsonObject): { suppressed: boolean; justification: string | null } {
  const entries = (own(result, 'suppressions') as JsonObject[] | undefined) ?? [];
  const accepted = entries.find((entry) => {
    const status = own(entry, 'status');
    return status === undefined || status === 'accepted';
  });
  if (!accepted) return { suppressed: false, justification: null };
  const justification = own(accepted, 'justification');
  const kind = own(accepted, 'kind');
  return {
    suppressed: true,
    justification: typeof justification === 'string' && justification.trim() ? clip(justification, MAX_SHORT_TEXT) : typeof kind === 'string' ? kind : null,
  };
}

function locationOf(result: JsonObject, run: JsonObject): ImportedFinding['location'] {
  const locations = (own(result, 'locations') as JsonObject[] | undefined) ?? [];
  const physical = own(locations[0], 'physicalLocation') as JsonObject | undefined;
  if (!physical) return null;
  const artifact = own(physical, 'artifactLocation') as JsonObject | undefined;
  let uri = own(artifact, 'uri');
  const index = own(artifact, 'index');
  if (typeof uri !== 'string' && typeof index === 'number') {
    const artifacts = (own(run, 'artifacts') as JsonObject[] | undefined) ?? [];
    uri = own(own(artifacts[index], 'location') as JsonObject | undefined, 'uri');
  }
  if (typeof uri !== 'string') return null;
  const region = own(physical, 'region') as JsonObject | undefined;
  const number = (key: string) => {
    const value = own(region, key);
    return typeof value === 'number' ? value : null;
  };
  const regionOut: FindingRegion | null = region
    ? { startLine: number('startLine'), startColumn: number('startColumn'), endLine: number('endLine') ?? number('startLine'), endColumn: number('endColumn') }
    : null;
  const snippet =
    own(own(region, 'snippet') as JsonObject | undefined, 'text') ??
    own(own(own(physical, 'contextRegion') as JsonObject | undefined, 'snippet') as JsonObject | undefined, 'text');
  return { kind: 'code', file: clip(uri, MAX_SHORT_TEXT), region: regionOut, snippet: typeof snippet === 'string' ? clip(snippet, 8192) : null };
}

/** Canonical text of a fingerprint object: keys sorted, string values only. */
function canonical(value: Json | undefined): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.keys(value)
    .filter((key) => typeof value[key] === 'string')
    .sort()
    .map((key) => `${key}=${value[key] as string}`);
  return entries.length ? entries.join('\n') : null;
}

const SECRET_TOOLS = /gitleaks|trufflehog|detect-secrets|secretlint|ggshield|secret/i;
const IAC_TOOLS = /checkov|kics|tfsec|terrascan|cfn|tflint|kube-?linter|trivy.*config/i;
const CONTAINER_TOOLS = /trivy|grype|clair|snyk container|docker scout/i;

function categoryOf(toolName: string): FindingCategory {
  if (SECRET_TOOLS.test(toolName)) return 'secret';
  if (IAC_TOOLS.test(toolName)) return 'iac';
  if (CONTAINER_TOOLS.test(toolName)) return 'container';
  return 'sast';
}

/** security-severity (GitHub: a 0–10 score; Semgrep writes a word) of the result or its rule. */
function securitySeverity(result: JsonObject, rule: JsonObject | null): string | null {
  const value = own(own(result, 'properties') as JsonObject | undefined, 'security-severity') ?? own(own(rule, 'properties') as JsonObject | undefined, 'security-severity');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Reads a parsed SARIF 2.1.0 log (validated against the schema first). */
export function parseSarif(document: unknown): FindingImport {
  const reader = new Reader(EXPECTED);
  const log = reader.object(document, 'the document');
  if (own(log, 'version') !== '2.1.0') reader.fail('version', `is ${JSON.stringify(clip(String(own(log, 'version')), 40))}, not "2.1.0"`);
  const check = validator();
  if (!check(document)) {
    const { where, problem } = problemOf(check.errors![0]);
    reader.fail(where, problem);
  }
  const runs: FindingImportRun[] = [];
  const findings: ImportedFinding[] = [];
  ((own(log, 'runs') as JsonObject[] | null) ?? []).forEach((run) => {
    const tool = own(run, 'tool') as JsonObject;
    const driver = own(tool, 'driver') as JsonObject;
    const name = clip(own(driver, 'name') as string, 200);
    const version = (own(driver, 'version') ?? own(driver, 'semanticVersion')) as string | undefined;
    const info = { name, version: version ? clip(version, 100) : null };
    const category = categoryOf(name);
    const rules = new RuleTable(tool);
    const ruleIds = new Set<string>();
    const summary: FindingImportRun = { tool: info, category, results: 0, findings: 0, passed: 0, suppressed: 0, ruleIds: [] };
    for (const result of (own(run, 'results') as JsonObject[] | null) ?? []) {
      summary.results += 1;
      const declared = own(result, 'ruleId') ?? own(own(result, 'rule') as JsonObject | undefined, 'id');
      const descriptor = rules.find(result, typeof declared === 'string' ? declared : null);
      const ruleId = typeof declared === 'string' ? declared : (own(descriptor, 'id') as string | undefined) ?? null;
      const kind = own(result, 'kind');
      if (kind === 'pass' || kind === 'notApplicable') {
        summary.passed += 1;
        continue;
      }
      if (ruleId !== null) ruleIds.add(ruleId);
      const level = levelOf(result, descriptor);
      const message = messageOf(result, descriptor, driver);
      const location = locationOf(result, run);
      const { suppressed, justification } = suppressionOf(result);
      const score = securitySeverity(result, descriptor);
      const numeric = score !== null && /^\s*\d+(\.\d+)?\s*$/.test(score) ? Number(score) : null;
      const severity = numeric !== null ? severityOfScore(numeric) : score !== null ? severityOfWord(score, severityOfWord(level)) : severityOfWord(level);
      const properties = own(descriptor, 'properties') as JsonObject | undefined;
      const tagList = strings(own(properties, 'tags'));
      const cwe = unique([...tagList, ...strings(own(properties, 'cwe'))].map(cweOf).filter((value): value is string => value !== null));
      // Gitleaks 7 writes no rule id: the rule's name is only in the message.
      const id = ruleId ?? clip(message ?? 'unknown', 200);
      const ruleName = own(descriptor, 'name') ?? own(own(descriptor, 'shortDescription') as JsonObject | undefined, 'text');
      const file = location?.kind === 'code' ? location.file : null;
      const region = location?.kind === 'code' ? location.region : null;
      const exact = canonical(own(result, 'fingerprints'));
      const partial = canonical(own(result, 'partialFingerprints'));
      const fingerprint = exact
        ? fingerprintOf('sarif', name, id, exact)
        : partial
          ? fingerprintOf('sarif-partial', name, id, file, partial)
          : fingerprintOf('sarif-location', name, id, file, region?.startLine, region?.startColumn, normalizeSnippet(location?.kind === 'code' ? location.snippet : null));
      summary.findings += 1;
      if (suppressed) summary.suppressed += 1;
      findings.push({
        tool: info,
        category,
        rule: {
          id: clip(id, MAX_SHORT_TEXT),
          name: typeof ruleName === 'string' ? clip(ruleName, MAX_SHORT_TEXT) : null,
          help: text(own(descriptor, 'help')) ?? text(own(descriptor, 'fullDescription')),
          cwe,
          tags: tagList.filter((tag) => cweOf(tag) === null),
        },
        severity,
        toolSeverity: level,
        title: clip(message?.split('\n')[0] ?? (typeof ruleName === 'string' ? ruleName : id), MAX_SHORT_TEXT),
        message,
        location,
        fingerprint,
        state: suppressed ? 'suppressed' : 'open',
        suppression: justification,
        vulnerabilityIds: [],
      });
    }
    summary.ruleIds = [...ruleIds].sort();
    runs.push(summary);
  });
  return { format: 'sarif', runs, findings };
}
