// JSON schemas of the service module routes (they feed /api/openapi.json). Inputs are described,
// not typed, where the service checks them with spec 5 messages.
import { SERVICE_MODULE_TYPES } from './types';

const apiKeyProperties = {
  prefix: { type: 'string', description: 'the first 8 characters of the key' },
  created_at: { type: 'string', format: 'date-time' },
} as const;

export const apiKeySchema = { type: 'object', required: ['prefix', 'created_at'], properties: apiKeyProperties } as const;

export const issuedApiKeySchema = {
  type: 'object',
  required: ['api_key_value', 'prefix', 'created_at'],
  properties: { api_key_value: { type: 'string', description: 'the key; shown this once' }, ...apiKeyProperties },
} as const;

/** Every field of the module's type; secret ones always null. */
export const configsSchema = {
  type: 'object',
  additionalProperties: { type: 'string', nullable: true },
} as const;

/** A cloud module's last sync attempt (the contract's ServiceModuleSyncAttempt): in the module's view and as POST security/clouds/{moduleId}/sync's answer. */
export const syncAttemptSchema = {
  type: 'object',
  nullable: true,
  required: ['at', 'status', 'http_status', 'message', 'findings', 'scopes', 'secure_score'],
  properties: {
    at: { type: 'string', format: 'date-time' },
    status: { type: 'string', enum: ['ok', 'failed'] },
    http_status: { type: 'integer', nullable: true },
    message: { type: 'string', nullable: true },
    findings: { type: 'integer', nullable: true },
    scopes: { type: 'array', items: { type: 'string' } },
    secure_score: {
      type: 'object',
      nullable: true,
      required: ['current', 'max', 'percentage'],
      properties: { current: { type: 'number' }, max: { type: 'number' }, percentage: { type: 'number' } },
    },
  },
} as const;

const serviceModuleProperties = {
  id: { type: 'string' },
  type: { type: 'string', enum: [...SERVICE_MODULE_TYPES] },
  name: { type: 'string' },
  category: { type: 'string', nullable: true },
  last_sync: {
    type: 'object',
    nullable: true,
    required: ['sync_time'],
    properties: { sync_time: { type: 'string', format: 'date-time' } },
  },
  last_sync_attempt: syncAttemptSchema,
  configs: configsSchema,
  secret_fields: { type: 'array', items: { type: 'string' } },
  secrets_set: { type: 'array', items: { type: 'string' } },
  api_key: { ...apiKeySchema, nullable: true },
} as const;

const REQUIRED = ['id', 'type', 'name', 'category', 'last_sync', 'configs', 'secret_fields', 'secrets_set', 'api_key'];

export const serviceModuleSchema = { type: 'object', required: REQUIRED, properties: serviceModuleProperties } as const;

export const createdServiceModuleSchema = {
  type: 'object',
  required: [...REQUIRED, 'api_key_value'],
  properties: { ...serviceModuleProperties, api_key_value: { type: 'string', description: 'the API key; shown this once' } },
} as const;

const described = {
  name: { description: '1–255 characters' },
  category: { description: 'at most 255 characters, or null' },
} as const;

export const newModuleBody = {
  type: 'object',
  properties: { ...described, configs: { description: "the type's settings; secret ones are write-only" } },
} as const;

export const moduleChangesBody = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 64 }, ...described },
} as const;

export const configsBody = {
  type: 'object',
  properties: { configs: { description: 'the whole set of settings; a secret sent as null or left out keeps its value' } },
} as const;

export const typeParams = { type: 'object', required: ['type'], properties: { type: { type: 'string', maxLength: 64 } } } as const;
export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
