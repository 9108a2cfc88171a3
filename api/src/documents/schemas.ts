// The JSON schemas of the documents family's answers and inputs (docs/documents-api.md).
import { requirementRefSchema, userRefSchema } from '../analysis/service';

export const documentSummarySchema = {
  type: 'object',
  required: ['id', 'folder', 'name', 'tags', 'owner', 'review_by', 'current_version', 'size', 'content_type', 'evidence_count', 'created_by', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string' },
    folder: { type: 'string' },
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    owner: userRefSchema,
    review_by: { type: ['string', 'null'] },
    current_version: { type: 'integer' },
    size: { type: 'number' },
    content_type: { type: 'string' },
    evidence_count: { type: 'integer' },
    created_by: userRefSchema,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;

export const versionSchema = {
  type: 'object',
  required: ['version', 'size', 'content_type', 'sha256', 'uploaded_by', 'created_at'],
  properties: {
    version: { type: 'integer' },
    size: { type: 'number' },
    content_type: { type: 'string' },
    sha256: { type: 'string' },
    uploaded_by: userRefSchema,
    created_at: { type: 'string' },
  },
} as const;

export const documentDetailSchema = {
  ...documentSummarySchema,
  required: [...documentSummarySchema.required, 'versions', 'requirements', 'tasks'],
  properties: {
    ...documentSummarySchema.properties,
    versions: { type: 'array', items: versionSchema },
    requirements: { type: 'array', items: requirementRefSchema },
    tasks: {
      type: 'array',
      items: { type: 'object', required: ['id', 'title', 'status'], properties: { id: { type: 'string' }, title: { type: 'string' }, status: { type: 'string' } } },
    },
  },
} as const;

export const documentPageSchema = {
  type: 'object',
  required: ['items', 'total', 'folders', 'tags'],
  properties: {
    items: { type: 'array', items: documentSummarySchema },
    total: { type: 'integer' },
    folders: { type: 'array', items: { type: 'string' } },
    tags: { type: 'array', items: { type: 'string' } },
  },
} as const;

export const evidenceSchema = {
  type: 'object',
  required: ['id', 'folder', 'name', 'current_version', 'content_type', 'linked_by', 'linked_at'],
  properties: {
    id: { type: 'string' },
    folder: { type: 'string' },
    name: { type: 'string' },
    current_version: { type: 'integer' },
    content_type: { type: 'string' },
    linked_by: userRefSchema,
    linked_at: { type: 'string' },
  },
} as const;

export const listQuery = {
  type: 'object',
  required: ['graph'],
  properties: {
    graph: { type: 'string', minLength: 1 },
    folder: { type: 'string', maxLength: 255 },
    tag: { type: 'string', maxLength: 50 },
    q: { type: 'string', maxLength: 200 },
    offset: { type: 'integer', minimum: 0, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  },
} as const;

export const downloadQuery = {
  type: 'object',
  required: ['graph'],
  properties: {
    graph: { type: 'string', minLength: 1 },
    version: { type: 'integer', minimum: 1 },
    inline: { type: 'boolean', default: false },
  },
} as const;

export const changeBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    folder: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    owner: { type: ['string', 'null'] },
    review_by: { type: ['string', 'null'] },
  },
} as const;

export const linkParams = {
  type: 'object',
  required: ['id', 'requirementId'],
  properties: { id: { type: 'string' }, requirementId: { type: 'string' } },
} as const;

export const taskLinkParams = {
  type: 'object',
  required: ['id', 'taskId'],
  properties: { id: { type: 'string' }, taskId: { type: 'string' } },
} as const;

export const shareBody = {
  type: 'object',
  required: ['attachment_id'],
  additionalProperties: false,
  properties: { attachment_id: { type: 'string' }, folder: { type: 'string' } },
} as const;
