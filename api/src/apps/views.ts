// What the applications API answers: apps, their settings and builds (JSON shapes and schemas).
import type { ApplicationRecord, ApplicationSummaryRow, BuildRecord } from './repository';
import { SEVERITIES } from './repository';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function appView(app: ApplicationRecord) {
  return {
    id: app.id,
    app_key: app.app_key,
    name: app.name,
    portfolio: app.portfolio,
    tags: app.tags,
    process: app.process_code,
    enable_continuous_monitoring: app.enable_continuous_monitoring,
    created_at: iso(app.created_at),
    updated_at: iso(app.updated_at),
  };
}

export function severityView(counts: Record<string, number> | null) {
  const view: Record<string, number> = {};
  let total = 0;
  for (const severity of SEVERITIES) {
    view[severity] = counts?.[severity] ?? 0;
    total += view[severity];
  }
  return { ...view, total };
}

export function appSummaryView(row: ApplicationSummaryRow) {
  return {
    ...appView(row),
    build_count: row.build_count,
    latest_build: row.latest_build && { ...row.latest_build, created_at: iso(row.latest_build.created_at) },
    vulnerabilities: severityView(row.severities),
  };
}

export function settingsView(app: ApplicationRecord) {
  return { id: app.id, app_key: app.app_key, enable_continuous_monitoring: app.enable_continuous_monitoring };
}

export function buildView(build: BuildRecord) {
  return {
    id: build.id,
    number: build.number,
    status: build.status,
    format: build.format,
    spec_version: build.spec_version,
    encoding: build.encoding,
    serial_number: build.serial_number,
    root: build.root_ref === null ? null : { bom_ref: build.root_ref, name: build.root_name, version: build.root_version },
    component_count: build.component_count,
    vulnerability_count: build.vulnerability_count,
    error: build.error,
    uploaded_by: build.uploader_login,
    via: build.service_module_id !== null ? 'api-key' : 'session',
    created_at: iso(build.created_at),
    started_at: iso(build.started_at),
    finished_at: iso(build.finished_at),
  };
}

const nullableString = { type: ['string', 'null'] } as const;
const severitiesSchema = {
  type: 'object',
  properties: Object.fromEntries([...SEVERITIES, 'total'].map((severity) => [severity, { type: 'integer' }])),
} as const;

/** ?graph=<process code>: every route of the family takes it. */
export const graphQuery = {
  type: 'object',
  required: ['graph'],
  properties: { graph: { type: 'string', description: 'the process code name' } },
} as const;

export const appSchema = {
  type: 'object',
  required: ['id', 'app_key', 'name'],
  properties: {
    id: { type: 'string' },
    app_key: { type: 'string' },
    name: { type: 'string' },
    portfolio: nullableString,
    tags: { type: 'array', items: { type: 'string' } },
    process: { type: 'string' },
    enable_continuous_monitoring: { type: 'boolean' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

export const buildSchema = {
  type: 'object',
  required: ['id', 'number', 'status'],
  properties: {
    id: { type: 'string' },
    number: { type: 'integer' },
    status: { type: 'string', enum: ['PENDING', 'PROCESSING', 'DONE', 'FAILED'] },
    format: { type: 'string' },
    spec_version: { type: 'string' },
    encoding: { type: 'string' },
    serial_number: nullableString,
    root: {
      type: ['object', 'null'],
      properties: { bom_ref: { type: 'string' }, name: nullableString, version: nullableString },
    },
    component_count: { type: 'integer' },
    vulnerability_count: { type: 'integer' },
    error: nullableString,
    uploaded_by: nullableString,
    via: { type: 'string', enum: ['session', 'api-key'] },
    created_at: { type: 'string' },
    started_at: nullableString,
    finished_at: nullableString,
  },
} as const;

export const appSummarySchema = {
  type: 'object',
  properties: {
    ...appSchema.properties,
    build_count: { type: 'integer' },
    latest_build: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'string' },
        number: { type: 'integer' },
        status: { type: 'string' },
        created_at: { type: 'string' },
        component_count: { type: 'integer' },
      },
    },
    vulnerabilities: severitiesSchema,
  },
} as const;

export const settingsSchema = {
  type: 'object',
  required: ['id', 'app_key', 'enable_continuous_monitoring'],
  properties: { id: { type: 'string' }, app_key: { type: 'string' }, enable_continuous_monitoring: { type: 'boolean' } },
} as const;

export { severitiesSchema };
