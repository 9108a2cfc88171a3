// Values JSON and URLs can carry but the database cannot store, refused once for every route with a
// 400 that names the field, before any handler sees them (issue 20 "no 5xx for malformed JSON
// values"):
// - text with a lone surrogate ("\ud800": JSON escapes it, JavaScript keeps it, Postgres refuses it
//   in json and jsonb) or the NUL character (U+0000: refused in text, json and jsonb);
// - numbers JSON.parse made infinite (`1e999`, 400 nines);
// - structures nested deeper than any document of the portal (JSON.stringify, jsonb and the
//   handlers recurse over them);
// - integers beyond Postgres's int4, where a schema says `integer` without a range of its own: the
//   API's integer columns are int4, so the schemas say so (and the OpenAPI document with them).
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { ApiProblem } from './problem';

/** Deeper than the portal's own documents: an OSCAL catalog (groups, controls, parts) nests ~20 levels. */
export const MAX_DEPTH = 64;
/** Postgres int4, the type of every integer column a request can reach. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type RequestPart = 'body' | 'querystring' | 'params';

/** Why a value is refused; said after the field's name. */
export const REFUSALS = {
  nul: 'may not contain the NUL character (U+0000)',
  surrogate: 'is not valid Unicode: it holds a lone surrogate (a code unit of U+D800–U+DFFF without its pair)',
  infinite: 'is a number too large to be represented',
  deep: `is nested more than ${MAX_DEPTH} levels deep`,
} as const;

export interface HostileValue {
  /** `title`, `items[3].name`; '' for the whole body. */
  path: string;
  reason: string;
}

/** Why Postgres cannot store `text` (a NUL, a lone surrogate), or undefined when it can. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return REFUSALS.nul;
  if (LONE_SURROGATE.test(text)) return REFUSALS.surrogate;
  return undefined;
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/** `parent.key`, `parent[3]`, `parent["odd key"]`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

/**
 * The first value of a parsed JSON document (or of parsed query and path parameters) that the API
 * refuses, depth first; undefined when there is none. Iterative: a hostile document cannot exhaust
 * the stack. Object keys are text too.
 */
export function findHostileValue(root: unknown): HostileValue | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const reason = textProblem(value);
      if (reason) return { path, reason };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, reason: REFUSALS.infinite };
    } else if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
      if (depth >= MAX_DEPTH) return { path, reason: REFUSALS.deep };
      const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
      // Pushed in reverse, so the first field is looked at first.
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index];
        if (typeof key === 'string') {
          const reason = textProblem(key);
          if (reason) return { path: childPath(path, key), reason: `(a property name) ${reason}` };
        }
        stack.push({ value: item, path: childPath(path, key), depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** How a refused field is named in a problem's detail: `'title'`, the query parameter 'offset'. */
export function describeField(part: RequestPart | string | undefined, path: string): string {
  if (part === 'querystring') return `the query parameter '${path}'`;
  if (part === 'params') return `the path parameter '${path}'`;
  if (part === 'headers') return `the header '${path}'`;
  return path === '' ? 'the body' : `'${path}'`;
}

/** The `errors[].field` of a refused field: `body.title`, `querystring.offset` (as schema failures name them). */
export function fieldName(part: RequestPart | string | undefined, path: string): string {
  return [part, path].filter(Boolean).join(path.startsWith('[') ? '' : '.');
}

function refuse(part: RequestPart, found: HostileValue): ApiProblem {
  const field = fieldName(part, found.path);
  return new ApiProblem(400, `Data is not valid: ${describeField(part, found.path)} ${found.reason}.`, {}, { [field]: found.reason });
}

/** Throws the 400 for the first value of `value` the database cannot store (see findHostileValue). */
export function refuseHostileValues(part: RequestPart, value: unknown): void {
  const found = findHostileValue(value);
  if (found) throw refuse(part, found);
}

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

function saysInteger(schema: JsonSchema): boolean {
  return schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
}

/**
 * A copy of `schema` in which every `integer` without a bound of its own is held to int4; other
 * keywords are kept as they are. Schemas are shared between routes, so they are never changed in place.
 */
export function boundIntegers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => boundIntegers(item)) as T;
  if (!isSchema(schema)) return schema;
  const copy: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties' || keyword === 'patternProperties' || keyword === 'definitions' || keyword === '$defs') {
      copy[keyword] = isSchema(value) ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, boundIntegers(item)])) : value;
    } else if (['items', 'additionalProperties', 'additionalItems', 'not', 'anyOf', 'oneOf', 'allOf', 'prefixItems', 'contains', 'if', 'then', 'else'].includes(keyword)) {
      copy[keyword] = boundIntegers(value);
    } else {
      copy[keyword] = value;
    }
  }
  if (saysInteger(copy)) {
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = INT4_MIN;
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INT4_MAX;
  }
  return copy as T;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route looks at its body's values itself, item by item, and keeps the good ones (advisory
     * imports: one record the database cannot store is counted invalid, the others are imported).
     */
    checksBodyValues?: boolean;
  }
}

const VALIDATED_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * Registered on the root before any route: path and query parameters are looked at as the request
 * arrives (before the guard, which reads `graph` and the route's process parameter into SQL), the
 * parsed body before validation, and all three again once validation has coerced them; routes'
 * integer schemas are bounded as they are added.
 */
export function registerHostileValueChecks(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as FastifySchema | undefined;
    if (!schema) return;
    const bounded: Record<string, unknown> = { ...schema };
    for (const part of VALIDATED_PARTS) if (schema[part] !== undefined) bounded[part] = boundIntegers(schema[part]);
    route.schema = bounded as FastifySchema;
  });
  app.addHook('onRequest', async (request) => {
    refuseHostileValues('params', request.params);
    refuseHostileValues('querystring', request.query);
  });
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config?.checksBodyValues) refuseHostileValues('body', request.body);
  });
  // Schemas coerce text to numbers, and ajv takes 'Infinity' for an integer within any range.
  app.addHook('preHandler', async (request) => {
    refuseHostileValues('params', request.params);
    refuseHostileValues('querystring', request.query);
    if (!request.routeOptions.config?.checksBodyValues) refuseHostileValues('body', request.body);
  });
}
