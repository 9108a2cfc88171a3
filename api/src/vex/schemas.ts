// The JSON shapes of the VEX routes (response schemas: fastify writes only what they declare), and
// the check of a findings query with messages that name the field.
import {
  VEX_ANALYSIS_STATES,
  VEX_JUSTIFICATIONS,
  VEX_RESPONSES,
  VULNERABILITY_SEVERITIES,
  type BuildVulnerabilityQuery,
} from '@portal/shared/server';
import { ApiProblem } from '../http/problem';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const textList = { type: 'array', items: text } as const;

export const MAX_PAGE = 500;
const SORTS = ['severity', 'vulnerability_id', 'component', 'state'] as const;
const STATES_OR_NOT_SET = [...VEX_ANALYSIS_STATES, 'not_set'] as const;

export const VULNERABILITY_QUERY_SCHEMA = { type: ['object', 'null'], additionalProperties: true } as const;

const ANALYSIS_SCHEMA = {
  type: ['object', 'null'],
  properties: {
    state: { type: ['string', 'null'], enum: [...VEX_ANALYSIS_STATES, null] },
    justification: { type: ['string', 'null'], enum: [...VEX_JUSTIFICATIONS, null] },
    response: { type: 'array', items: { type: 'string', enum: [...VEX_RESPONSES] } },
    detail: nullableText,
    source: { type: 'string', enum: ['user', 'vex-import', 'carried-over'] },
    carried_over_from: { type: ['object', 'null'], properties: { build_id: text, number: { type: 'integer' } } },
    first_issued: text,
    updated_at: text,
    updated_by: nullableText,
  },
} as const;

export const BUILD_VULNERABILITY_SCHEMA = {
  type: 'object',
  properties: {
    id: text,
    identified_build_id: text,
    vulnerability_id: text,
    aliases: textList,
    severity: { type: 'string', enum: [...VULNERABILITY_SEVERITIES] },
    score: { type: ['number', 'null'] },
    active_exploit: { type: 'boolean' },
    evaluation: { type: 'string', enum: ['affected', 'not-evaluated'] },
    summary: nullableText,
    fixed_versions: textList,
    component: {
      type: 'object',
      properties: { bom_ref: text, group: nullableText, name: text, version: nullableText, purl: nullableText },
    },
    analysis: ANALYSIS_SCHEMA,
  },
} as const;

export const DETAIL_SCHEMA = {
  type: 'object',
  properties: {
    ...BUILD_VULNERABILITY_SCHEMA.properties,
    advisory: { type: ['object', 'null'], additionalProperties: true },
    trail: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: text,
          at: text,
          by: nullableText,
          source: text,
          state: nullableText,
          justification: nullableText,
          response: textList,
          detail: nullableText,
          comment: nullableText,
        },
      },
    },
  },
} as const;

export const IMPORT_RESULT_SCHEMA = {
  type: 'object',
  properties: {
    statements: { type: 'integer' },
    applied: { type: 'integer' },
    unchanged: { type: 'integer' },
    skipped: { type: 'integer' },
    unmatched: { type: 'array', items: { type: 'object', properties: { id: text, ref: nullableText, reason: text } } },
  },
} as const;

type CheckedQuery = BuildVulnerabilityQuery & { offset: number; limit: number };

/** The query with its defaults (offset 0, limit 100); 400 naming the first field that is wrong. */
export function checkedQuery(body: unknown): CheckedQuery {
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input !== 'object' || Array.isArray(input)) throw new ApiProblem(400, 'Send the query as a JSON object (it may be empty).');
  const errors: Record<string, string> = {};
  const list = (field: string, allowed: readonly string[]) => {
    const value = input[field];
    if (value === undefined) return;
    if (!Array.isArray(value) || value.some((item) => !allowed.includes(item as string))) errors[field] = `must be a list of ${allowed.join(', ')}`;
  };
  list('severity', VULNERABILITY_SEVERITIES);
  list('state', STATES_OR_NOT_SET);
  if (input.search !== undefined && (typeof input.search !== 'string' || input.search.length > 255)) errors.search = 'must be a text of at most 255 characters';
  if (input.active_exploit !== undefined && typeof input.active_exploit !== 'boolean') errors.active_exploit = 'must be true or false';
  if (input.sort !== undefined && !(SORTS as readonly unknown[]).includes(input.sort)) errors.sort = `must be one of ${SORTS.join(', ')}`;
  if (input.order !== undefined && input.order !== 'asc' && input.order !== 'desc') errors.order = 'must be asc or desc';
  const integer = (field: string, min: number, max: number, fallback: number): number => {
    const value = input[field];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      errors[field] = `must be a whole number from ${min} to ${max}`;
      return fallback;
    }
    return value;
  };
  const offset = integer('offset', 0, 1_000_000_000, 0);
  const limit = integer('limit', 1, MAX_PAGE, 100);
  const [first] = Object.entries(errors);
  if (first) throw new ApiProblem(400, `The ${first[0]} ${first[1]}.`, {}, errors);
  return { ...(input as BuildVulnerabilityQuery), offset, limit };
}
