// JSON schemas of the task routes. A task may name the requirement it is about (its id, code and title).
import { TASK_STATUSES, TASK_TYPES } from '@portal/shared/server';
import { graph, nullable, string, userRefSchema } from '../http/schemas';

export const requirementRefSchema = {
  type: 'object',
  required: ['id', 'code', 'title'],
  properties: { id: string, code: string, title: string },
} as const;

export const taskSchema = {
  type: 'object',
  required: [
    'id', 'type', 'status', 'requirement', 'assigned_to_user', 'delegated_to', 'assigned_to_group', 'progress', 'due_date',
    'comment', 'related_id', 'created_by', 'created_at', 'updated_at',
  ],
  properties: {
    id: string,
    type: { type: 'string', enum: [...TASK_TYPES] },
    status: { type: 'string', enum: [...TASK_STATUSES] },
    requirement: nullable(requirementRefSchema),
    assigned_to_user: nullable(userRefSchema),
    delegated_to: nullable(userRefSchema),
    assigned_to_group: nullable({ type: 'object', required: ['id', 'name'], properties: { id: string, name: string } }),
    progress: { type: 'integer' },
    due_date: nullable(string),
    comment: string,
    related_id: nullable(string),
    created_by: nullable(userRefSchema),
    created_at: string,
    updated_at: string,
  },
} as const;

export const tasksQuery = {
  type: 'object',
  properties: {
    graph,
    mine: { type: 'boolean', description: 'assigned to me, delegated to me, or to a workgroup of mine' },
    type: { type: 'string', enum: [...TASK_TYPES] },
    status: { type: 'string', enum: [...TASK_STATUSES] },
    requirement: { type: 'string', description: 'a requirement id' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 200 },
  },
} as const;

export const progressBody = {
  type: 'object',
  properties: { progress: { description: 'a whole number 0–100' } },
} as const;
