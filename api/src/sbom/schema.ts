// CycloneDX JSON schema validation, offline: the JSON schemas shipped with
// @cyclonedx/cyclonedx-library (res/schema) compiled with ajv + ajv-formats. (The library's own
// Validation needs ajv-formats-draft2019, which is not installed: the two formats it adds,
// idn-email and iri-reference, are checked leniently here.) Validators compile once per version.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { MAX_REPORTED_PROBLEMS, SbomProblem } from './document';

const SCHEMA_DIR = path.join(path.dirname(require.resolve('@cyclonedx/cyclonedx-library/package.json')), 'res', 'schema');
const BASE = 'http://cyclonedx.org/schema/';

const validators = new Map<string, ValidateFunction>();

/** Long enums of strings (SPDX license ids…) become a Set lookup: ajv compares each value with deep equality. */
const LONG_ENUM = 16;

function fastEnums(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(fastEnums);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  const values = schema.enum;
  if (Array.isArray(values) && values.length > LONG_ENUM && values.every((value) => typeof value === 'string')) {
    delete schema.enum;
    schema.stringEnum = values;
  }
  // ajv checks uniqueItems of objects pairwise with deep equality: O(n²) over 50,000 components.
  if (schema.uniqueItems === true) {
    delete schema.uniqueItems;
    schema.uniqueJson = true;
  }
  for (const [key, child] of Object.entries(schema)) if (key !== 'stringEnum') fastEnums(child);
}

function readSchema(file: string): Record<string, unknown> {
  const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, file), 'utf8')) as Record<string, unknown>;
  delete schema.$id;
  fastEnums(schema);
  return schema;
}

const enumSets = new WeakMap<readonly string[], Set<string>>();

/**
 * A cheap fingerprint of an array item: items that are the same have the same one. Objects are told
 * apart by their bom-ref (or name and version) and number of properties: two items are serialized and
 * compared only when those agree — 50,000 components cost no JSON.stringify each.
 */
function fingerprint(item: unknown): string {
  if (typeof item !== 'object' || item === null) return `${typeof item}:${String(item)}`;
  if (Array.isArray(item)) return `array:${item.length}`;
  const record = item as Record<string, unknown>;
  return `object:${Object.keys(record).length}:${String(record['bom-ref'] ?? '')}:${String(record.name ?? '')}:${String(record.version ?? '')}`;
}

const SERIALIZED = Symbol('serialized');

/**
 * uniqueItems without ajv's pairwise deep equality (O(n²) over 50,000 components): items the same
 * as JSON are the same. An item is serialized only when an earlier one has its fingerprint, so at
 * most once, however many items share one.
 */
export function uniqueItems(data: unknown): boolean {
  if (!Array.isArray(data) || data.length < 2) return true;
  const firsts = new Map<string, unknown>();
  const texts = new Set<string>();
  for (const item of data) {
    const key = fingerprint(item);
    if (!firsts.has(key)) {
      firsts.set(key, item);
      continue;
    }
    if (typeof item !== 'object' || item === null) return false;
    const first = firsts.get(key);
    if (first !== SERIALIZED) {
      texts.add(JSON.stringify(first));
      firsts.set(key, SERIALIZED);
    }
    const text = JSON.stringify(item);
    if (texts.has(text)) return false;
    texts.add(text);
  }
  return true;
}

function validatorFor(version: string): ValidateFunction {
  let validate = validators.get(version);
  if (validate) return validate;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('idn-email', /^\S+@\S+$/);
  ajv.addFormat('iri-reference', true);
  ajv.addKeyword({
    keyword: 'uniqueJson',
    schemaType: 'boolean',
    errors: false,
    validate: (_unique: boolean, data: unknown) => uniqueItems(data),
  });
  ajv.addKeyword({
    keyword: 'stringEnum',
    schemaType: 'array',
    errors: false,
    validate: (values: readonly string[], data: unknown) => {
      let set = enumSets.get(values);
      if (!set) enumSets.set(values, (set = new Set(values)));
      return typeof data === 'string' && set.has(data);
    },
  });
  for (const file of ['spdx.SNAPSHOT.schema.json', 'jsf-0.82.SNAPSHOT.schema.json', 'cryptography-defs.SNAPSHOT.schema.json']) {
    ajv.addSchema(readSchema(file), `${BASE}${file}`);
  }
  validate = ajv.compile({ ...readSchema(`bom-${version}.SNAPSHOT.schema.json`), $id: `${BASE}bom-${version}.schema.json` });
  validators.set(version, validate);
  return validate;
}

/** `/components/3/name` → `components[3].name`. */
export function pathOf(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let where = '';
  for (const part of parts) where += /^\d+$/.test(part) ? `[${part}]` : where === '' ? part : `.${part}`;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    where += where === '' ? params.missingProperty : `.${params.missingProperty}`;
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    where += where === '' ? params.additionalProperty : `.${params.additionalProperty}`;
  }
  return where === '' ? '(document)' : where;
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not a property the schema allows';
  if (error.keyword === 'uniqueJson') return 'must not hold the same item twice';
  if (error.keyword === 'stringEnum') return 'is not one of the values the schema allows (e.g. an SPDX license id)';
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues) && params.allowedValues.length <= 12) {
    return `must be one of ${params.allowedValues.map((value) => JSON.stringify(value)).join(', ')}`;
  }
  return error.message ?? 'is not valid';
}

/** Refuses (400, paths in `fields`) a CycloneDX JSON document its version's schema does not accept. */
export function validateCycloneDxJson(document: unknown, version: string): void {
  const validate = validatorFor(version);
  let valid: boolean;
  try {
    valid = validate(document) as boolean;
  } catch (error) {
    // A hostile document (nesting that exhausts the stack…) is refused, not a server error.
    throw new SbomProblem(`The CycloneDX ${version} document could not be validated: ${(error as Error).message}.`);
  }
  if (valid) return;
  const errors = validate.errors ?? [];
  const fields: Record<string, string> = {};
  // anyOf/oneOf report each branch; the most specific (deepest) problems say the most.
  const useful = errors.filter((error) => !['anyOf', 'oneOf', 'if'].includes(error.keyword));
  for (const error of useful.length > 0 ? useful : errors) {
    if (Object.keys(fields).length >= MAX_REPORTED_PROBLEMS) break;
    const where = pathOf(error);
    fields[where] ??= messageOf(error);
  }
  const [first] = Object.entries(fields);
  const more = errors.length > 1 ? ` (${errors.length} problems in all)` : '';
  throw new SbomProblem(`The CycloneDX ${version} document does not follow its JSON schema: ${first[0]} ${first[1]}${more}.`, fields);
}

/** Compiles every version's validator ahead of the first upload (start-up, benchmarks). */
export function warmUpSchemas(versions: readonly string[]): void {
  for (const version of versions) validatorFor(version);
}
