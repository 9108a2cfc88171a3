// JSON schemas of the requirement routes (they feed /api/openapi.json and serialize the
// answers). Inputs are described, not typed, where the service checks them with spec 5 messages.
import { REQUIREMENT_PRIORITIES, REQUIREMENT_STATUSES } from '@portal/shared/server';
import { graph, graphQuery, idParams, nullable, string, userRefSchema } from '../http/schemas';
import { progressBody, requirementRefSchema, taskSchema } from '../tasks/index';
import { SORTS } from './repository';

export { graphQuery, idParams, progressBody, requirementRefSchema, taskSchema, userRefSchema };



export const requirementSchema = {
  type: 'object',
  required: [
    'id', 'code', 'title', 'description', 'parent_id', 'position', 'priority', 'status', 'progress', 'owner', 'due_date',
    'tags', 'source', 'children_count', 'has_gap', 'has_risk', 'plane', 'created_by', 'created_at', 'updated_at',
    'deleted_at', 'version',
  ],
  properties: {
    id: string,
    code: string,
    title: string,
    description: { type: 'string', description: 'markdown' },
    parent_id: nullable(string),
    position: { type: 'integer' },
    priority: { type: 'string', enum: [...REQUIREMENT_PRIORITIES] },
    status: { type: 'string', enum: [...REQUIREMENT_STATUSES] },
    progress: { type: 'integer' },
    owner: nullable(userRefSchema),
    due_date: nullable({ type: 'string', description: 'YYYY-MM-DD' }),
    tags: { type: 'array', items: string },
    source: nullable(string),
    children_count: { type: 'integer', description: 'live direct sub-requirements' },
    has_gap: { type: 'boolean' },
    has_risk: { type: 'boolean' },
    plane: nullable({ type: 'object', required: ['x', 'y'], properties: { x: { type: 'number' }, y: { type: 'number' } } }),
    created_by: nullable(userRefSchema),
    created_at: string,
    updated_at: string,
    deleted_at: nullable(string),
    version: { type: 'integer' },
  },
} as const;

export const requirementDetailSchema = {
  ...requirementSchema,
  required: [...requirementSchema.required, 'ancestors'],
  properties: { ...requirementSchema.properties, ancestors: { type: 'array', items: requirementRefSchema } },
} as const;

export const requirementPageSchema = {
  type: 'object',
  required: ['items', 'total'],
  properties: { items: { type: 'array', items: requirementSchema }, total: { type: 'integer' } },
} as const;

export const requirementInputBody = {
  type: 'object',
  properties: {
    code: { description: "1–64 characters, unique in the process whatever its case; absent: 'REQ-<n>'" },
    title: { description: '1–500 characters' },
    description: { description: 'markdown, at most 100,000 characters' },
    parent_id: { description: 'a live requirement of the process, or null (top level)' },
    priority: { description: REQUIREMENT_PRIORITIES.join(' | ') },
    owner_id: { description: 'a user of the organization, or null' },
    due_date: { description: 'YYYY-MM-DD or null' },
    tags: { description: 'up to 20 strings of 1–50 characters' },
    source: { description: 'at most 255 characters, or null' },
  },
} as const;

export const requirementUpdateBody = {
  type: 'object',
  properties: { ...requirementInputBody.properties, version: { description: 'the version read (optimistic concurrency)' } },
} as const;

export const eventRecordSchema = {
  type: 'object',
  required: ['eventId', 'type', 'requirement', 'actor', 'time', 'data'],
  properties: {
    eventId: string,
    type: string,
    requirement: requirementRefSchema,
    actor: nullable(userRefSchema),
    time: string,
    data: { type: 'object', additionalProperties: true },
  },
} as const;

export const commentSchema = {
  type: 'object',
  required: ['id', 'requirement', 'author', 'text', 'created_at'],
  properties: { id: string, requirement: requirementRefSchema, author: nullable(userRefSchema), text: string, created_at: string },
} as const;



export const listQuery = {
  type: 'object',
  properties: {
    graph,
    parent: { type: 'string', description: "'root' (the top level) or a requirement id (its children); absent: the whole process" },
    search: { type: 'string', maxLength: 200, description: 'in code, title, description and source (case-insensitive)' },
    status: { type: 'string', description: `one or more (comma-separated) of ${REQUIREMENT_STATUSES.join(', ')}` },
    priority: { type: 'string', description: `one or more (comma-separated) of ${REQUIREMENT_PRIORITIES.join(', ')}` },
    tag: { type: 'string', maxLength: 50 },
    owner: { type: 'string', description: 'a user id' },
    deleted: { type: 'string', enum: ['exclude', 'include', 'only'], default: 'exclude' },
    sort: { type: 'string', enum: [...SORTS], description: 'position (default): the tree order, depth first over the whole process; codes in natural order (AC-2 before AC-14)' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
    offset: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
  },
} as const;

export const commentsQuery = {
  type: 'object',
  properties: {
    graph,
    search: { type: 'string', maxLength: 200 },
    author: { type: 'string', maxLength: 255, description: 'a user id or login id' },
    offset: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
  },
} as const;

export const eventsQuery = {
  type: 'object',
  properties: { graph, limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
} as const;


