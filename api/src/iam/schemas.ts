// JSON schemas of the IAM routes (they feed /api/openapi.json). Role bodies are bounded here and
// checked field by field in policies.ts, with messages the IAM screen shows.
import { MAX_CONDITION_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_NAMES, MAX_POLICIES } from './policies';

export const policySchema = {
  type: 'object',
  required: ['effect', 'actions', 'resources', 'condition'],
  properties: {
    effect: { type: 'string', enum: ['allow', 'forbid', 'restrict'] },
    actions: { type: 'array', items: { type: 'string' } },
    resources: { type: 'array', items: { type: 'string' } },
    condition: { type: 'string', nullable: true },
  },
} as const;

export const roleSchema = {
  type: 'object',
  required: ['name', 'kind', 'description', 'built_in', 'customized', 'policies'],
  properties: {
    name: { type: 'string' },
    kind: { type: 'string', enum: ['process', 'organization', 'global'] },
    description: { type: 'string' },
    built_in: { type: 'boolean' },
    customized: { type: 'boolean' },
    policies: { type: 'array', items: policySchema },
  },
} as const;

export const scopeQuery = {
  type: 'object',
  properties: { scope: { type: 'string', enum: ['global'], description: "'global': the global rows (Global Admin)" } },
} as const;

export const nameParams = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/**
 * Described, not typed: the request schema would coerce (a lone policy into a list, a number into
 * a name); policies.ts refuses those with a message instead.
 */
const policiesBody = {
  description: `Up to ${MAX_POLICIES} policies { effect: allow|forbid|restrict, actions: 1–${MAX_NAMES} names, resources: 1–${MAX_NAMES} names, condition: expression (≤ ${MAX_CONDITION_LENGTH} characters) or null }`,
} as const;

const description = { type: 'string', maxLength: MAX_DESCRIPTION_LENGTH * 4 } as const;

export const newRoleBody = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 1024 },
    kind: { type: 'string', maxLength: 64 },
    description,
    policies: policiesBody,
  },
} as const;

export const roleChangesBody = { type: 'object', properties: { description, policies: policiesBody } } as const;

export const assignmentBody = {
  type: 'object',
  required: ['user_id', 'assigned'],
  properties: { user_id: { type: 'string', maxLength: 64 }, assigned: { type: 'boolean' } },
} as const;
