// The JSON schemas of the org chart routes (answers serialized by them: nothing else leaks).
import { ORG_CHART_FIELDS } from '@portal/shared/server';

export const graphQuery = {
  type: 'object',
  required: ['graph'],
  properties: { graph: { type: 'string', minLength: 1 } },
} as const;

export const suggestionsQuery = {
  type: 'object',
  required: ['graph'],
  properties: {
    graph: { type: 'string', minLength: 1 },
    owner: { type: 'string', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' },
    department: { type: 'string', minLength: 1, maxLength: 255 },
  },
} as const;

export const personParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;

const userRef = {
  type: 'object',
  required: ['id', 'login_id', 'name'],
  properties: { id: { type: 'string' }, login_id: { type: 'string' }, name: { type: 'string' } },
} as const;

const nullableUserRef = { ...userRef, type: ['object', 'null'] } as const;

const personRef = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string' }, name: { type: 'string' } },
} as const;

const mapping = {
  type: 'object',
  required: [...ORG_CHART_FIELDS],
  properties: Object.fromEntries(ORG_CHART_FIELDS.map((field) => [field, { type: ['integer', 'null'] }])),
} as const;

export const previewSchema = {
  type: 'object',
  required: ['file_name', 'format', 'columns', 'rows', 'row_count', 'mapping'],
  properties: {
    file_name: { type: 'string' },
    format: { type: 'string', enum: ['csv', 'xlsx'] },
    columns: { type: 'array', items: { type: 'string' } },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line', 'cells'],
        properties: { line: { type: 'integer' }, cells: { type: 'array', items: { type: 'string' } } },
      },
    },
    row_count: { type: 'integer' },
    mapping,
  },
} as const;

const fields = { type: 'array', items: { type: 'string', enum: [...ORG_CHART_FIELDS] } } as const;

export const changeReportSchema = {
  type: 'object',
  required: ['people', 'added', 'moved', 'removed', 'updated', 'unchanged'],
  properties: {
    people: { type: 'integer' },
    added: { type: 'array', items: personRef },
    moved: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'from', 'to'],
        properties: { ...personRef.properties, from: { type: ['string', 'null'] }, to: { type: ['string', 'null'] } },
      },
    },
    removed: { type: 'array', items: personRef },
    updated: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name', 'fields'], properties: { ...personRef.properties, fields } },
    },
    unchanged: { type: 'integer' },
  },
} as const;

export const rejectionSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'rows'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['line', 'field', 'message'],
        properties: { line: { type: 'integer' }, field: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

export const chartSchema = {
  type: 'object',
  required: ['uploaded_at', 'uploaded_by', 'file_name', 'columns', 'people'],
  properties: {
    uploaded_at: { type: ['string', 'null'] },
    uploaded_by: nullableUserRef,
    file_name: { type: ['string', 'null'] },
    columns: { type: 'array', items: { type: 'string' } },
    people: { type: 'array', items: { type: 'array', items: { type: ['string', 'null'] } } },
  },
} as const;

export const personSchema = {
  type: 'object',
  required: ['id', 'name', 'title', 'manager_id', 'email', 'department', 'user', 'manager', 'reports'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    title: { type: 'string' },
    manager_id: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    department: { type: 'string' },
    user: nullableUserRef,
    manager: { ...personRef, type: ['object', 'null'] },
    reports: { type: 'array', items: personRef },
  },
} as const;

export const suggestionsSchema = {
  type: 'object',
  required: ['owner_manager', 'department_members', 'departments'],
  properties: {
    owner_manager: nullableUserRef,
    department_members: { type: 'array', items: userRef },
    departments: { type: 'array', items: { type: 'string' } },
  },
} as const;
