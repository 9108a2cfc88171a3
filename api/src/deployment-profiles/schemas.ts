// JSON schemas of the deployment profile and RBOM routes (bodies checked by Fastify first; the
// field rules themselves are the shared deploymentProfileProblems).
import { DEPLOYMENT_ENVIRONMENTS, RBOM_COMPONENT_TYPES } from '@portal/shared/server';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const buildRef = { type: 'object', properties: { id: text, number: { type: 'integer' } } } as const;

export const profileBody = {
  type: 'object',
  properties: {
    name: text,
    environment: text,
    description: nullableText,
    build_id: nullableText,
    exclude: { type: 'array', items: text },
    include_types: { type: 'array', items: text },
  },
} as const;

export const profileSchema = {
  type: 'object',
  properties: {
    id: text,
    app_key: text,
    name: text,
    environment: { type: 'string', enum: [...DEPLOYMENT_ENVIRONMENTS] },
    description: nullableText,
    build: { type: ['object', 'null'], properties: { id: text, number: { type: 'integer' }, status: text } },
    exclude: { type: 'array', items: text },
    include_types: { type: 'array', items: { type: 'string', enum: [...RBOM_COMPONENT_TYPES] } },
    version: { type: 'integer' },
    created_by: nullableText,
    created_at: text,
    updated_by: nullableText,
    updated_at: text,
  },
} as const;

export const configurationSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['PENDING', 'READY', 'FAILED'] },
    profile: { type: 'object', properties: { id: text, name: text, environment: text, version: { type: 'integer' } } },
    build: { ...buildRef, type: ['object', 'null'] },
    requested_at: nullableText,
    computed_at: nullableText,
    message: nullableText,
    summary: {
      type: 'object',
      properties: {
        components: { type: 'integer' },
        excluded: { type: 'integer' },
        vulnerabilities: { type: 'object', additionalProperties: { type: 'integer' } },
        active_exploits: { type: 'integer' },
      },
    },
    components: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          bom_ref: text,
          name: text,
          group: nullableText,
          version: nullableText,
          purl: nullableText,
          type: nullableText,
          licenses: { type: 'array', items: text },
          vulnerabilities: { type: 'array', items: { type: 'object', properties: { id: text, severity: text, active_exploit: { type: 'boolean' } } } },
        },
      },
    },
    excluded: {
      type: 'array',
      items: { type: 'object', properties: { bom_ref: text, group: nullableText, name: text, version: nullableText, purl: nullableText, reason: text, pattern: text } },
    },
  },
} as const;

export const shareSchema = {
  type: 'object',
  properties: {
    id: text,
    status: { type: 'string', enum: ['active', 'expired', 'revoked'] },
    created_by: nullableText,
    created_at: text,
    expires_at: text,
    revoked_at: nullableText,
    recipients: { type: 'array', items: text },
    build: { ...buildRef, type: ['object', 'null'] },
    components: { type: 'integer' },
    url: text,
  },
} as const;

export const shareBody = {
  type: ['object', 'null'],
  properties: {
    expires_in_days: { type: 'integer', minimum: 1, maximum: 30 },
    recipients: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 255 } },
  },
} as const;
