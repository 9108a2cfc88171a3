// The queries of the portfolio SBOM lists (GET apps/componentsVulnerabilities and
// apps/resourcesVulnerabilities, issue 24 item 5): every parameter read here, a 400 naming it and
// what it must be. Paging is limit/offset: the lists are grouped (one row per component or app),
// so there is no row id for a keyset; the offset has a ceiling instead.
import {
  COMPONENT_VULNERABILITY_SORTS,
  PORTFOLIO_SBOM_DEFAULT_LIMIT,
  PORTFOLIO_SBOM_MAX_LIMIT,
  RESOURCE_VULNERABILITY_SORTS,
  VULNERABILITY_SEVERITIES,
  type ComponentVulnerabilitySort,
  type ResourceVulnerabilitySort,
  type VulnerabilitySeverity,
} from '@portal/shared/server';
import { ApiProblem } from '../http/problem';

export const PORTFOLIO_MAX_OFFSET = 100_000;
export const PORTFOLIO_SEARCH_MAX = 200;
const APP_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/;

export const PORTFOLIO_MESSAGES = {
  unknown: (name: string, list: string) => `'${name}' is not a parameter of the ${list}.`,
  repeated: (name: string) => `'${name}' is given more than once.`,
  severity: `'severity' must be one of ${VULNERABILITY_SEVERITIES.join(', ')} (several separated by commas).`,
  sort: (sorts: readonly string[]) => `'sort' must be one of ${sorts.join(', ')}.`,
  order: "'order' must be asc or desc.",
  limit: `'limit' must be a whole number from 1 to ${PORTFOLIO_SBOM_MAX_LIMIT}.`,
  offset: `'offset' must be a whole number from 0 to ${PORTFOLIO_MAX_OFFSET}.`,
  text: (name: string) => `'${name}' must have from 1 to ${PORTFOLIO_SEARCH_MAX} characters.`,
  application: "'application' must be an app key: letters, digits, '.', '_' and '-', starting with a letter or a digit.",
  ecosystem: "'ecosystem' must be a purl type: lower-case letters, digits, '.', '+' and '-'.",
} as const;

interface PageQuery<Sort> {
  severity?: VulnerabilitySeverity[];
  q?: string;
  sort: Sort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ComponentsQuery extends PageQuery<ComponentVulnerabilitySort> {
  application?: string;
  ecosystem?: string;
}

export type ResourcesQuery = PageQuery<ResourceVulnerabilitySort>;

function refuse(field: string, message: string): never {
  throw new ApiProblem(400, message, {}, { [field]: message });
}

/** The query's values, each a single string, every name one the list knows. */
function valuesOf(raw: unknown, known: readonly string[], list: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (!known.includes(name)) refuse(name, PORTFOLIO_MESSAGES.unknown(name, list));
    if (typeof value !== 'string') refuse(name, PORTFOLIO_MESSAGES.repeated(name));
    values[name] = value;
  }
  return values;
}

function textOf(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text.length === 0 || [...text].length > PORTFOLIO_SEARCH_MAX || text.includes('\u0000')) refuse(name, PORTFOLIO_MESSAGES.text(name));
  return text;
}

function pageOf<Sort extends string>(values: Record<string, string>, sorts: readonly Sort[]): PageQuery<Sort> {
  let severity: VulnerabilitySeverity[] | undefined;
  if (values.severity !== undefined) {
    const parts = values.severity.split(',').map((part) => part.trim());
    if (parts.some((part) => !(VULNERABILITY_SEVERITIES as readonly string[]).includes(part))) refuse('severity', PORTFOLIO_MESSAGES.severity);
    severity = [...new Set(parts)] as VulnerabilitySeverity[];
  }
  const sort = values.sort ?? sorts[0];
  if (!(sorts as readonly string[]).includes(sort)) refuse('sort', PORTFOLIO_MESSAGES.sort(sorts));
  // Most severe, most widespread and newest first; names A to Z.
  const order = values.order ?? (sort === 'name' ? 'asc' : 'desc');
  if (order !== 'asc' && order !== 'desc') refuse('order', PORTFOLIO_MESSAGES.order);
  let limit = PORTFOLIO_SBOM_DEFAULT_LIMIT;
  if (values.limit !== undefined) {
    if (!/^\d{1,3}$/.test(values.limit) || Number(values.limit) < 1 || Number(values.limit) > PORTFOLIO_SBOM_MAX_LIMIT) refuse('limit', PORTFOLIO_MESSAGES.limit);
    limit = Number(values.limit);
  }
  let offset = 0;
  if (values.offset !== undefined) {
    if (!/^\d{1,6}$/.test(values.offset) || Number(values.offset) > PORTFOLIO_MAX_OFFSET) refuse('offset', PORTFOLIO_MESSAGES.offset);
    offset = Number(values.offset);
  }
  return { severity, q: textOf('q', values.q), sort: sort as Sort, order, limit, offset };
}

const PAGE_PARAMETERS = ['graph', 'severity', 'q', 'sort', 'order', 'limit', 'offset'];

/** GET apps/componentsVulnerabilities' query: severity, q, application, ecosystem, sort, order, limit, offset. */
export function parseComponentsQuery(raw: unknown): ComponentsQuery {
  const values = valuesOf(raw, [...PAGE_PARAMETERS, 'application', 'ecosystem'], 'vulnerable components list');
  const page = pageOf(values, COMPONENT_VULNERABILITY_SORTS);
  const application = values.application === undefined ? undefined : values.application.trim();
  if (application !== undefined && !APP_KEY.test(application)) refuse('application', PORTFOLIO_MESSAGES.application);
  const ecosystem = values.ecosystem === undefined ? undefined : values.ecosystem.trim();
  if (ecosystem !== undefined && !/^[a-z0-9.+-]{1,64}$/.test(ecosystem)) refuse('ecosystem', PORTFOLIO_MESSAGES.ecosystem);
  return { ...page, application, ecosystem };
}

/** GET apps/resourcesVulnerabilities' query: severity, q (app key or name), sort, order, limit, offset. */
export function parseResourcesQuery(raw: unknown): ResourcesQuery {
  return pageOf(valuesOf(raw, PAGE_PARAMETERS, 'applications vulnerabilities list'), RESOURCE_VULNERABILITY_SORTS);
}
