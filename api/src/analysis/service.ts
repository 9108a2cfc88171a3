// What the analysis routes (gaps, risks, conflicts, attachments, planes, duplicates,
// traceability) share: the requirement of a path or body looked up in the caller's process,
// references as the contract names them, input checks of spec 5 and the caller as an actor.
import { hasInjectionMarker, MESSAGES, type PolicyContext, type RequirementEventName } from '@portal/shared/server';
import type { FastifyRequest } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { raiseRequirementEvent } from '../requirements/index';
import { placeRequirement, planeRequirementsOf as planeRows, requirementOfProcess, userOfOrganization, type PlaneRow, type RequirementRow } from './repository';

export type { RequirementRow };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const DELETED_REQUIREMENT = 'The requirement is deleted: it cannot be changed.';

/** The scope every analysis query is filtered by: the caller's organization and the ?graph process. */
export interface Scope {
  organizationId: string;
  processId: string;
  processCode: string;
  actor: { id: string; login_id: string };
  sessionId: string;
  /** The caller's policy context in the process: whom a change may name is judged in it. */
  policy: PolicyContext;
}

export function scopeOf(request: FastifyRequest): Scope {
  const caller = callerOf(request);
  const process = processOf(request);
  return {
    organizationId: organizationOf(request),
    processId: process.id,
    processCode: process.code_name.toLowerCase(),
    actor: { id: caller.user.id, login_id: caller.user.login_id },
    sessionId: caller.session.record.id,
    policy: caller.context,
  };
}


/** The process's requirement of that id (deleted ones too), or 404. */
export async function findRequirement(db: Queryable, scope: Scope, id: unknown): Promise<RequirementRow> {
  if (!isUuid(id)) throw new ApiProblem(404);
  const row = await requirementOfProcess(db, scope.organizationId, scope.processId, id);
  if (!row) throw new ApiProblem(404);
  return row;
}

/** As findRequirement, locked for the change, and refused (409) when deleted. */
export async function liveRequirement(tx: Queryable, scope: Scope, id: unknown): Promise<RequirementRow> {
  if (!isUuid(id)) throw new ApiProblem(404);
  const row = await requirementOfProcess(tx, scope.organizationId, scope.processId, id, true);
  if (!row) throw new ApiProblem(404);
  if (row.deleted_at) throw new ApiProblem(409, DELETED_REQUIREMENT);
  return row;
}

/** A user of the caller's organization who may be assigned a task; another organization's: 404. */
export async function organizationUser(db: Queryable, scope: Scope, id: unknown): Promise<string> {
  if (!isUuid(id)) throw new ApiProblem(404);
  const userId = await userOfOrganization(db, scope.organizationId, id);
  if (!userId) throw new ApiProblem(404);
  return userId;
}

/**
 * Free text of a field: trimmed, required unless `optional`, at most `max` characters, and never
 * with a script-injection marker (spec 5: 'Invalid input.').
 */
export function text(fields: Record<string, string>, name: string, value: unknown, max: number, optional = false): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed === '') {
    if (!optional) fields[name] = MESSAGES.required;
  } else if (trimmed.length > max) fields[name] = MESSAGES.maxLength(max);
  else if (hasInjectionMarker(trimmed)) fields[name] = MESSAGES.invalidInput;
  return trimmed;
}

/** Throws the 400 of the collected field errors, if any. */
export function refuse(fields: Record<string, string>): void {
  const messages = Object.values(fields);
  if (messages.length > 0) throw new ApiProblem(400, messages[0], {}, fields);
}

export const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export const requirementRefSchema = {
  type: 'object',
  required: ['id', 'code', 'title'],
  properties: { id: { type: 'string' }, code: { type: 'string' }, title: { type: 'string' } },
} as const;

export const userRefSchema = {
  type: ['object', 'null'],
  required: ['id', 'login_id', 'name'],
  properties: { id: { type: 'string' }, login_id: { type: 'string' }, name: { type: 'string' } },
} as const;

export const graphQuery = {
  type: 'object',
  required: ['graph'],
  properties: { graph: { type: 'string', minLength: 1 } },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;

/** SQL of a user reference: `json_build_object` of the users row `alias`, or null. */
export const userRef = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'login_id', ${alias}.login_id, 'name', ${alias}.name) END`;

/** Raises a requirement event of the scope's process, by the caller, in `tx` (history + live). */
export function raiseInScope(tx: Queryable, scope: Scope, requirementId: string, type: RequirementEventName, data: Record<string, unknown>): Promise<string> {
  return raiseRequirementEvent(tx, {
    organizationId: scope.organizationId,
    processId: scope.processId,
    processCode: scope.processCode,
    requirementId,
    type,
    actor: scope.actor,
    sessionId: scope.sessionId,
    data,
  });
}

/** The scope's live requirements with their place on the requirement plane, by code. */
export function planeRequirementsOf(db: Queryable, scope: Scope): Promise<PlaneRow[]> {
  return planeRows(db, scope.organizationId, scope.processId);
}

/** Places the requirement on the plane (both null: off it); resolves to it as placed. */
export function placeOnPlane(tx: Queryable, id: string, x: number | null, y: number | null): Promise<PlaneRow> {
  return placeRequirement(tx, id, x, y);
}
