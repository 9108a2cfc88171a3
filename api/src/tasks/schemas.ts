// JSON schemas of the task routes. A task may name the requirement it is about (its id, code and title).
import {
  TASK_INBOX_DEFAULT_LIMIT,
  TASK_INBOX_MAX_LIMIT,
  TASK_INBOX_TABS,
  TASK_LINK_KINDS,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
  TASK_TYPES,
} from '@portal/shared/server';
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

/** InboxTask (issue 23): a task with its title, description, link, recurrence and overdue flag. */
export const inboxTaskSchema = {
  type: 'object',
  required: [...taskSchema.required, 'title', 'description', 'link', 'recurrence', 'overdue'],
  properties: {
    ...taskSchema.properties,
    title: string,
    description: string,
    link: nullable({
      type: 'object',
      required: ['kind', 'id', 'label'],
      properties: { kind: { type: 'string', enum: [...TASK_LINK_KINDS] }, id: string, label: string },
    }),
    recurrence: nullable(string),
    overdue: { type: 'boolean' },
  },
} as const;

const param = (description: string) => ({ description });

/** GET tasks/inbox's parameters: read and checked by inbox.ts (precise 400s), listed here for the OpenAPI document. */
export const inboxQuery = {
  type: 'object',
  properties: {
    graph,
    tab: param(`${TASK_INBOX_TABS.join(' | ')} (default assigned; all needs list=>Task)`),
    type: param(TASK_TYPES.join(' | ')),
    status: param(TASK_STATUSES.join(' | ')),
    due: param('overdue (open and past due) | week (due in the next 7 days)'),
    requirement: param('a requirement id (also a general task linked to it)'),
    assignee: param('a user id: assigned or delegated to them'),
    q: param('search in the title, comment, description and the requirement code and title'),
    sort: param(`${TASK_SORT_FIELDS.join(' | ')} (default due_date)`),
    order: param('asc | desc (default asc)'),
    limit: param(`1–${TASK_INBOX_MAX_LIMIT}, default ${TASK_INBOX_DEFAULT_LIMIT}`),
    cursor: param('the next_cursor of the previous page'),
  },
} as const;

export const inboxPageSchema = {
  type: 'object',
  required: ['items', 'next_cursor'],
  properties: { items: { type: 'array', items: inboxTaskSchema }, next_cursor: nullable(string) },
} as const;

export const inboxCountsSchema = {
  type: 'object',
  required: [...TASK_INBOX_TABS],
  properties: Object.fromEntries(TASK_INBOX_TABS.map((tab) => [tab, nullable({ type: 'integer' })])),
} as const;

export const historySchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'type', 'actor', 'time', 'data'],
    properties: { id: string, type: string, actor: nullable(userRefSchema), time: string, data: { type: 'object', additionalProperties: true } },
  },
} as const;

export const commentSchema = {
  type: 'object',
  required: ['id', 'author', 'text', 'created_at'],
  properties: { id: string, author: nullable(userRefSchema), text: string, created_at: string },
} as const;

/** Body of POST tasks and PUT tasks/:id (GeneralTaskInput), checked by general.ts. */
export const generalTaskBody = {
  type: 'object',
  properties: {
    title: param('required on create, 1–200 characters'),
    description: param('at most 10,000 characters'),
    due_date: param('YYYY-MM-DD or null'),
    assigned_to_user_id: param('a user of the organization, or null'),
    assigned_to_group_id: param('a workgroup of the organization, or null'),
    link: param("{ kind: requirement | application | finding, id } of the process; null or '' for none (an edit clears the link with '')"),
    recurrence: param('an RFC 5545 RRULE (e.g. FREQ=MONTHLY;INTERVAL=3; daily at most often), or null; needs a due date'),
  },
} as const;
