// A custom metric's definition as the form sends it (issue 25 item 1: "chosen in a form, no free
// SQL"): every part is checked against the contract's whitelists, with a 400 naming the field, so
// the repository only ever assembles SQL from its own fragments; values travel as parameters.
import {
  CUSTOM_METRIC_AGGREGATES,
  CUSTOM_METRIC_ENTITIES,
  CUSTOM_METRIC_FIELDS,
  type CustomMetricDefinition,
  type CustomMetricEntity,
  type CustomMetricFilter,
} from '@portal/shared/server';
import { ApiProblem } from '../http/problem';

export const MAX_FILTERS = 10;
export const MAX_FILTER_VALUES = 50;
export const MAX_TEXT_VALUE = 300;

export const CUSTOM_METRIC_MESSAGES = {
  body: 'A custom metric is an object: name, entity, aggregate, field (for avg) and filters.',
  name: 'The name is required: 1 to 200 characters.',
  nameTaken: (name: string) => `The process already has a custom metric named '${name}'.`,
  entity: `The entity must be one of ${CUSTOM_METRIC_ENTITIES.join(', ')}.`,
  aggregate: `The aggregate must be one of ${CUSTOM_METRIC_AGGREGATES.join(', ')}.`,
  field: (entity: string, fields: readonly string[]) =>
    fields.length === 0 ? `The ${entity} have no numeric field to average: use count.` : `The field of an average of ${entity} must be one of ${fields.join(', ')}.`,
  noField: 'A count takes no field.',
  filters: `The filters are a list of at most ${MAX_FILTERS} objects { field, value }.`,
  filterField: (entity: string, fields: readonly string[]) => `A filter of ${entity} must name one of ${fields.join(', ')}.`,
  filterValue: (field: string) => `The value of the filter on '${field}' must be a text, or a list of 1 to ${MAX_FILTER_VALUES} texts, each 1 to ${MAX_TEXT_VALUE} characters.`,
  filterChoice: (field: string, choices: readonly string[]) => `The value of the filter on '${field}' must be one of ${choices.join(', ')}.`,
  unknown: (name: string) => `'${name}' is not a part of a custom metric.`,
} as const;

const refuse = (field: string, message: string): never => {
  throw new ApiProblem(400, message, {}, { [field]: message });
};

const KNOWN = new Set(['name', 'entity', 'aggregate', 'field', 'filters']);

function parseFilter(entity: CustomMetricEntity, given: unknown, index: number): CustomMetricFilter {
  const at = `filters[${index}]`;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return refuse(at, CUSTOM_METRIC_MESSAGES.filters);
  const { field, value, ...rest } = given as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return refuse(at, CUSTOM_METRIC_MESSAGES.filters);
  const fields = CUSTOM_METRIC_FIELDS[entity].filters;
  if (typeof field !== 'string' || !Object.hasOwn(fields, field)) return refuse(`${at}.field`, CUSTOM_METRIC_MESSAGES.filterField(entity, Object.keys(fields)));
  const values = Array.isArray(value) ? value : [value];
  const valid = (item: unknown) => typeof item === 'string' && item.length >= 1 && item.length <= MAX_TEXT_VALUE && !item.includes('\u0000');
  if (values.length === 0 || values.length > MAX_FILTER_VALUES || !values.every(valid)) return refuse(`${at}.value`, CUSTOM_METRIC_MESSAGES.filterValue(field));
  const choices = fields[field];
  if (choices && !values.every((item) => choices.includes(item as string))) return refuse(`${at}.value`, CUSTOM_METRIC_MESSAGES.filterChoice(field, choices));
  return { field, value: Array.isArray(value) ? [...new Set(values as string[])] : (value as string) };
}

/** POST and PUT metrics/custom's body, checked part by part. */
export function parseCustomMetric(body: unknown): CustomMetricDefinition {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse('body', CUSTOM_METRIC_MESSAGES.body);
  const given = body as Record<string, unknown>;
  const unknown = Object.keys(given).find((name) => !KNOWN.has(name));
  if (unknown !== undefined) refuse(unknown, CUSTOM_METRIC_MESSAGES.unknown(unknown));
  const name = typeof given.name === 'string' ? given.name.trim() : '';
  if (name.length < 1 || name.length > 200 || name.includes('\u0000')) refuse('name', CUSTOM_METRIC_MESSAGES.name);
  if (typeof given.entity !== 'string' || !(CUSTOM_METRIC_ENTITIES as readonly string[]).includes(given.entity)) refuse('entity', CUSTOM_METRIC_MESSAGES.entity);
  const entity = given.entity as CustomMetricEntity;
  if (typeof given.aggregate !== 'string' || !(CUSTOM_METRIC_AGGREGATES as readonly string[]).includes(given.aggregate)) refuse('aggregate', CUSTOM_METRIC_MESSAGES.aggregate);
  const aggregate = given.aggregate as CustomMetricDefinition['aggregate'];
  const definition: CustomMetricDefinition = { name, entity, aggregate };
  if (aggregate === 'avg') {
    const numeric = CUSTOM_METRIC_FIELDS[entity].numeric;
    if (typeof given.field !== 'string' || !numeric.includes(given.field)) refuse('field', CUSTOM_METRIC_MESSAGES.field(entity, numeric));
    definition.field = given.field as string;
  } else if (given.field !== undefined && given.field !== null) {
    refuse('field', CUSTOM_METRIC_MESSAGES.noField);
  }
  if (given.filters !== undefined && given.filters !== null) {
    if (!Array.isArray(given.filters) || given.filters.length > MAX_FILTERS) refuse('filters', CUSTOM_METRIC_MESSAGES.filters);
    definition.filters = (given.filters as unknown[]).map((filter, index) => parseFilter(entity, filter, index));
  }
  return definition;
}
