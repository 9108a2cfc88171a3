// What the portfolio SBOM lists answer (the contract's PortfolioComponentsPage and
// PortfolioResourcesPage): rows shaped from the repository's, and their response schemas.
import type { PortfolioComponent, PortfolioComponentsPage, PortfolioResource, PortfolioResourcesPage, VulnerabilitySeverity } from '@portal/shared/server';
import type { ComponentsQuery, ResourcesQuery } from './portfolio-query';
import type { ComponentRow, ResourceRow } from './portfolio.repository';
import { SEVERITIES } from './repository';
import { severitiesSchema, severityView } from './views';

const iso = (value: string | null): string | null => (value === null ? null : new Date(value).toISOString());
const byKey = <T extends { app_key: string }>(a: T, b: T) => a.app_key.toLowerCase().localeCompare(b.app_key.toLowerCase()) || a.app_key.localeCompare(b.app_key);

function highest(counts: Record<string, number>): VulnerabilitySeverity {
  // SEVERITIES lists NONE before UNKNOWN; an unknown severity is the more worrying of the two.
  const order = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN', 'NONE'] as const;
  return order.find((severity) => (counts[severity] ?? 0) > 0) ?? 'NONE';
}

export function componentView(row: ComponentRow): PortfolioComponent {
  return {
    key: row.key,
    purl: row.purl,
    group: row.group,
    name: row.name,
    version: row.version,
    ecosystem: row.ecosystem,
    applications: [...row.applications].sort(byKey),
    vulnerabilities: row.vulnerabilities.map((vulnerability) => ({
      id: vulnerability.id,
      aliases: vulnerability.aliases ?? [],
      severity: vulnerability.severity as VulnerabilitySeverity,
      score: vulnerability.score,
      active_exploit: vulnerability.active_exploit,
      summary: vulnerability.summary,
      fixed_versions: vulnerability.fixed_versions ?? [],
      analyses: [...vulnerability.analyses].sort(byKey) as PortfolioComponent['vulnerabilities'][number]['analyses'],
    })),
    severities: severityView(row.severities) as PortfolioComponent['severities'],
    highest_severity: highest(row.severities),
  };
}

export function resourceView(row: ResourceRow): PortfolioResource {
  return {
    id: row.id,
    app_key: row.app_key,
    name: row.name,
    portfolio: row.portfolio,
    current_build: row.current_build && { ...row.current_build, created_at: iso(row.current_build.created_at)! },
    latest_build_at: iso(row.latest_build_at),
    vulnerable_components: row.vulnerable_components,
    vulnerabilities: severityView(row.severities) as PortfolioResource['vulnerabilities'],
    active_exploits: row.active_exploits,
  };
}

function pageOf<T>(items: T[], total: number, query: { limit: number; offset: number }) {
  return { items, total, limit: query.limit, offset: query.offset, next_offset: query.offset + items.length < total && items.length > 0 ? query.offset + items.length : null };
}

export const componentsPage = (rows: { total: number; items: ComponentRow[] }, query: ComponentsQuery): PortfolioComponentsPage =>
  pageOf(rows.items.map(componentView), rows.total, query);

export const resourcesPage = (rows: { total: number; items: ResourceRow[] }, query: ResourcesQuery): PortfolioResourcesPage =>
  pageOf(rows.items.map(resourceView), rows.total, query);

const nullableString = { type: ['string', 'null'] } as const;
const severityEnum = { type: 'string', enum: [...SEVERITIES] } as const;
const appKeys = {
  type: 'array',
  items: { type: 'object', required: ['app_key'], properties: { app_key: { type: 'string' }, name: { type: 'string' } } },
} as const;

function pageSchema(item: object) {
  return {
    type: 'object',
    required: ['items', 'total', 'limit', 'offset', 'next_offset'],
    properties: {
      items: { type: 'array', items: item },
      total: { type: 'integer' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
      next_offset: { type: ['integer', 'null'] },
    },
  } as const;
}

export const componentsPageSchema = pageSchema({
  type: 'object',
  required: ['key', 'name', 'applications', 'vulnerabilities', 'severities'],
  properties: {
    key: { type: 'string' },
    purl: nullableString,
    group: nullableString,
    name: { type: 'string' },
    version: nullableString,
    ecosystem: nullableString,
    applications: appKeys,
    vulnerabilities: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'severity'],
        properties: {
          id: { type: 'string' },
          aliases: { type: 'array', items: { type: 'string' } },
          severity: severityEnum,
          score: { type: ['number', 'null'] },
          active_exploit: { type: 'boolean' },
          summary: nullableString,
          fixed_versions: { type: 'array', items: { type: 'string' } },
          analyses: {
            type: 'array',
            items: { type: 'object', required: ['app_key', 'state'], properties: { app_key: { type: 'string' }, state: nullableString } },
          },
        },
      },
    },
    severities: severitiesSchema,
    highest_severity: severityEnum,
  },
});

export const resourcesPageSchema = pageSchema({
  type: 'object',
  required: ['id', 'app_key', 'name'],
  properties: {
    id: { type: 'string' },
    app_key: { type: 'string' },
    name: { type: 'string' },
    portfolio: nullableString,
    current_build: {
      type: ['object', 'null'],
      properties: { id: { type: 'string' }, number: { type: 'integer' }, created_at: { type: 'string' } },
    },
    latest_build_at: nullableString,
    vulnerable_components: { type: 'integer' },
    vulnerabilities: severitiesSchema,
    active_exploits: { type: 'integer' },
  },
});
