// Workgroups of the caller's organization (spec 7, docs/authorization.md "Workgroups"): named
// groups of users (task group assignment, the collaboration screens). Members must be users of
// the same organization; another organization's user or workgroup is not found (404).
import { fieldSchema, type WorkgroupPayload } from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import type { IdentityContext } from '../identity/context';
import { notFoundUnlessUuid } from '../users/index';
import { InputProblem } from '../http/answer';
import { usersOfOrganization } from '../users/index';
import { fieldErrors } from '../http/input';
import {
  deleteWorkgroup,
  findWorkgroup,
  insertWorkgroup,
  listWorkgroups,
  replaceMembers,
  updateWorkgroup,
  workgroupNameTaken,
  workgroupsOfUser,
  type Workgroup,
  workgroupExists,
} from './repository';

export const WORKGROUP_FIELDS = Object.freeze({
  name: fieldSchema({ required: true, max: 255 }),
  description: fieldSchema({ max: 1000 }),
});

export function nameTakenMessage(name: string): string {
  return `A workgroup named '${name}' already exists.`;
}

/** POST workgroups, PUT workgroups/{id} as received: the contract's WorkgroupPayload, any part of which may be missing. */
export type WorkgroupInput = Partial<WorkgroupPayload>;

function organizationIdOf(caller: Caller): string {
  if (!caller.organization) throw new ApiProblem(404);
  return caller.organization.id;
}

/** The input's name, description and members, checked: 400 with the spec 5 messages, 404 for a stranger. */
async function checked(db: Queryable, organizationId: string, input: WorkgroupInput) {
  const name = (input.name ?? '').trim();
  const description = (input.description ?? '').trim();
  const errors = fieldErrors(WORKGROUP_FIELDS, { name, description });
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  const memberIds = [...new Set(input.member_ids ?? [])].map(notFoundUnlessUuid);
  const found = await usersOfOrganization(db, organizationId, memberIds);
  if (found.length !== memberIds.length) throw new ApiProblem(404);
  return { fields: { name, description }, memberIds };
}

async function reread(db: Queryable, organizationId: string, id: string): Promise<Workgroup> {
  const workgroup = await findWorkgroup(db, organizationId, id);
  if (!workgroup) throw new ApiProblem(404);
  return workgroup;
}

export async function workgroupsOf(identity: IdentityContext, caller: Caller): Promise<Workgroup[]> {
  return listWorkgroups(identity.db, organizationIdOf(caller));
}

/** The caller's own workgroups; none for a user without an organization. */
export async function myMembership(identity: IdentityContext, caller: Caller): Promise<{ id: string; name: string }[]> {
  if (!caller.organization) return [];
  return workgroupsOfUser(identity.db, caller.organization.id, caller.user.id);
}

export async function createWorkgroup(identity: IdentityContext, caller: Caller, input: WorkgroupInput): Promise<Workgroup> {
  const organizationId = organizationIdOf(caller);
  const { fields, memberIds } = await checked(identity.db, organizationId, input);
  return identity.db.transaction(async (tx) => {
    const id = await insertWorkgroup(tx, organizationId, fields);
    if (!id) throw new ApiProblem(409, nameTakenMessage(fields.name));
    await replaceMembers(tx, id, memberIds);
    return reread(tx, organizationId, id);
  });
}

/** PUT: name, description and members replaced. */
export async function changeWorkgroup(identity: IdentityContext, caller: Caller, id: string, input: WorkgroupInput): Promise<Workgroup> {
  const organizationId = organizationIdOf(caller);
  await reread(identity.db, organizationId, notFoundUnlessUuid(id));
  const { fields, memberIds } = await checked(identity.db, organizationId, input);
  return identity.db.transaction(async (tx) => {
    if (await workgroupNameTaken(tx, organizationId, fields.name, id)) throw new ApiProblem(409, nameTakenMessage(fields.name));
    if (!(await updateWorkgroup(tx, organizationId, id, fields))) throw new ApiProblem(404);
    await replaceMembers(tx, id, memberIds);
    return reread(tx, organizationId, id);
  });
}

export async function removeWorkgroup(identity: IdentityContext, caller: Caller, id: string): Promise<void> {
  if (!(await deleteWorkgroup(identity.db, organizationIdOf(caller), notFoundUnlessUuid(id)))) throw new ApiProblem(404);
}

/** A workgroup of the organization; 404 otherwise. */
export async function checkWorkgroup(db: Queryable, organizationId: string, id: string): Promise<void> {
  if (!(await workgroupExists(db, organizationId, id))) throw new ApiProblem(404);
}

export { workgroupsOfUser };
