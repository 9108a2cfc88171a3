// User administration (spec 7 Users, docs/authorization.md "Users"): the User List's calls. Every
// query is bound to the caller's organization, so another organization's user is not found (404).
// Invitations reuse the account flow's invitation (users/invitations.ts): same user, link and mail.
import {
  PERMISSIONS,
  checkPermission,
  messageForStatus,
  parsePermission,
  type InvitePayload,
  type MembershipPayload,
  type PermissionString,
  type ProcessMembership,
} from '@portal/shared/server';
import { resolveAccess } from '../authorization/access';
import { setMembership } from '../authorization/memberships.repository';
import { effectiveRoles } from '../authorization/roles.repository';
import type { Caller } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { refuseCommonPassword } from '../identity/common-passwords';
import { hashPassword } from '../identity/passwords';
import type { Mailer } from '../mail/mailer';
import { deleteSessionsOfUser } from '../sessions/index';
import type { IdentityContext } from '../identity/context';
import { InputProblem } from '../http/answer';
import { insertInvitation, mailInvitation } from './invitations';
import {
  activateUser,
  countUsersOfOrganization,
  deleteUser,
  findProcessOfOrganization,
  findUserOfOrganization,
  findUserSummary,
  listActiveUsers,
  listUserSummaries,
  storedOrganizationId,
  userLimitOfOrganization,
  setUserInactive,
  updatePassword,
  updateUserProfile,
  type UserRecord,
  type UserSummary,
} from './repository';
import { NEW_USER_FIELDS, fieldErrors } from './service';

const USER = PERMISSIONS.administration.USER;

export const CANNOT_DELETE_ONESELF = 'You cannot delete your own user.';
export const CANNOT_DEACTIVATE_ONESELF = 'You cannot deactivate your own user.';
export const ALREADY_ACTIVE = 'The user is already active.';
export const ORGANIZATION_PARAMETER_REQUIRED = "The 'organization' parameter (an organization id) is required.";

export type MembershipInput = ProcessMembership;

/** POST users as received: the contract's InvitePayload, any part of which may be missing. */
export type InviteInput = Partial<InvitePayload>;

export interface UserUpdateInput {
  name?: string;
  email?: string;
  roles?: string[];
}

/** PATCH users/memberships as received: the contract's MembershipPayload, any part of which may be missing. */
export type MembershipChange = Partial<MembershipPayload>;

export interface Assignee {
  id: string;
  login_id: string;
  name: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing: 404 like an id of another organization. */
export function notFoundUnlessUuid(id: string | undefined): string {
  if (id === undefined || !UUID.test(id)) throw new ApiProblem(404);
  return id;
}

function organizationIdOf(caller: Caller): string {
  if (!caller.organization) throw new ApiProblem(404);
  return caller.organization.id;
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** The caller's organization's user of that id, else 404. */
async function targetUser(db: Queryable, caller: Caller, id: string): Promise<UserRecord> {
  const user = await findUserOfOrganization(db, organizationIdOf(caller), notFoundUnlessUuid(id));
  if (!user) throw new ApiProblem(404);
  return user;
}

async function summaryOf(db: Queryable, organizationId: string, userId: string): Promise<UserSummary> {
  const summary = await findUserSummary(db, organizationId, userId);
  if (!summary) throw new ApiProblem(404);
  return summary;
}

/**
 * Roles of the `kind` wanted as they apply in the organization (built-in, its overrides, its
 * custom ones; never a global role nor another organization's). `kept` roles pass as they are:
 * keeping a role the user already holds grants nothing new.
 */
async function roleErrors(
  db: Queryable,
  organizationId: string,
  field: string,
  roles: readonly string[],
  kind: 'organization' | 'process',
  kept: readonly string[] = [],
): Promise<Record<string, string>> {
  const found = await effectiveRoles(db, organizationId, roles);
  // An organization-less row counts only when built in: global custom roles are for global users.
  const kinds = new Map(found.filter((role) => role.organization_id !== null || role.built_in).map((role) => [role.name, role.kind]));
  const bad = roles.find((role) => !kept.includes(role) && kinds.get(role) !== kind);
  return bad === undefined ? {} : { [field]: `'${bad}' is not ${kind === 'process' ? 'a process' : 'an organization'} role.` };
}

/** GET users: the caller's organization; a Global Admin names the organization. */
export async function listUsers(identity: IdentityContext, caller: Caller, organization: string | undefined): Promise<UserSummary[]> {
  if (caller.organization) {
    // Users of an organization see their own, whatever they name.
    if (organization !== undefined && organization !== caller.organization.id) throw new ApiProblem(404);
    return listUserSummaries(identity.db, caller.organization.id);
  }
  if (!checkPermission(caller.access, USER.GLOBAL_LIST, caller.context)) throw new ApiProblem(403, messageForStatus(403));
  if (organization === undefined) throw new ApiProblem(400, ORGANIZATION_PARAMETER_REQUIRED, {}, { organization: ORGANIZATION_PARAMETER_REQUIRED });
  const found = await storedOrganizationId(identity.db, organization);
  if (!found) throw new ApiProblem(404);
  return listUserSummaries(identity.db, found);
}

/**
 * POST users: an inactive user invited by mail exactly as POST users/invitations does, with its
 * organization roles and process memberships. Beyond the organization's `num_of_users`: 402.
 */
export async function inviteUser(
  identity: IdentityContext,
  mailer: Mailer,
  caller: Caller,
  input: InviteInput,
  origin: string,
): Promise<UserSummary> {
  const { db } = identity;
  const organizationId = organizationIdOf(caller);
  const roles = unique(input.roles ?? []);
  const memberships: { process: { id: string; code_name: string }; roles: string[] }[] = [];
  for (const membership of input.memberships ?? []) {
    const process = await findProcessOfOrganization(db, organizationId, membership.process);
    if (!process) throw new ApiProblem(404);
    memberships.push({ process, roles: unique(membership.roles) });
  }
  const errors = {
    ...fieldErrors(
      { login_id: NEW_USER_FIELDS.login_id, name: NEW_USER_FIELDS.name, email: NEW_USER_FIELDS.email },
      { login_id: input.login_id, name: input.name?.trim(), email: input.email },
    ),
    ...(await roleErrors(db, organizationId, 'roles', roles, 'organization')),
    ...(await roleErrors(db, organizationId, 'memberships', memberships.flatMap((membership) => membership.roles), 'process')),
  };
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);

  const invitee = {
    organizationId,
    login_id: input.login_id ?? '',
    name: (input.name ?? '').trim(),
    email: input.email ?? '',
    roles,
  };
  const inserted = await db.transaction(async (tx) => {
    const limit = await userLimitOfOrganization(tx, organizationId);
    if (limit >= 0 && (await countUsersOfOrganization(tx, organizationId)) >= limit) throw new ApiProblem(402);
    const invitation = await insertInvitation(tx, invitee, caller.user.id, identity.now());
    if (!invitation) throw new InputProblem({ login_id: `A user with login id '${invitee.login_id}' already exists.` });
    for (const membership of memberships) await setMembership(tx, invitation.user.id, membership.process.id, membership.roles);
    return invitation;
  });
  await mailInvitation(mailer, {
    to: invitee.email,
    name: invitee.name,
    login_id: invitee.login_id,
    inviterName: caller.user.name,
    token: inserted.token,
    origin,
  });
  return summaryOf(db, organizationId, inserted.user.id);
}

/** PUT users/{id}: name, email and organization roles. */
export async function updateUser(identity: IdentityContext, caller: Caller, id: string, input: UserUpdateInput): Promise<UserSummary> {
  const { db } = identity;
  const user = await targetUser(db, caller, id);
  const roles = input.roles === undefined ? user.roles : unique(input.roles);
  const errors = {
    ...fieldErrors({ name: NEW_USER_FIELDS.name, email: NEW_USER_FIELDS.email }, { name: input.name?.trim(), email: input.email }),
    ...(await roleErrors(db, organizationIdOf(caller), 'roles', roles, 'organization', user.roles)),
  };
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  await updateUserProfile(db, user.id, { name: (input.name ?? '').trim(), email: input.email ?? '', roles }, identity.now());
  return summaryOf(db, organizationIdOf(caller), user.id);
}

/** DELETE users/{id}: never oneself. */
export async function removeUser(identity: IdentityContext, caller: Caller, id: string): Promise<void> {
  const user = await targetUser(identity.db, caller, id);
  if (user.id === caller.user.id) throw new ApiProblem(409, CANNOT_DELETE_ONESELF);
  await deleteUser(identity.db, user.id);
}

function passwordErrors(body: { new_password?: string }): Record<string, string> {
  const errors = fieldErrors({ new_password: NEW_USER_FIELDS.password }, { new_password: body.new_password });
  return refuseCommonPassword(errors, 'new_password', body.new_password);
}

/** PATCH users/{id}/activate: an inactive (e.g. invited) user gets a password and may sign in. */
export async function activate(
  identity: IdentityContext,
  caller: Caller,
  id: string,
  body: { new_password?: string },
): Promise<UserSummary> {
  const user = await targetUser(identity.db, caller, id);
  if (!user.inactive) throw new ApiProblem(409, ALREADY_ACTIVE);
  const errors = passwordErrors(body);
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  await activateUser(identity.db, user.id, await hashPassword(body.new_password ?? ''), identity.now());
  return summaryOf(identity.db, organizationIdOf(caller), user.id);
}

/** PATCH users/{id}/deactivate: the user can no longer sign in and is signed out now. Never oneself. */
export async function deactivate(identity: IdentityContext, caller: Caller, id: string): Promise<UserSummary> {
  const user = await targetUser(identity.db, caller, id);
  if (user.id === caller.user.id) throw new ApiProblem(409, CANNOT_DEACTIVATE_ONESELF);
  await identity.db.transaction(async (tx) => {
    await setUserInactive(tx, user.id, true, identity.now());
    await deleteSessionsOfUser(tx, user.id);
  });
  return summaryOf(identity.db, organizationIdOf(caller), user.id);
}

/** PATCH users/{id}/password/reset: a password set by the administrator; the user's sessions end. */
export async function resetPassword(
  identity: IdentityContext,
  caller: Caller,
  id: string,
  body: { new_password?: string },
): Promise<void> {
  const user = await targetUser(identity.db, caller, id);
  const errors = passwordErrors(body);
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  const passwordHash = await hashPassword(body.new_password ?? '');
  await identity.db.transaction(async (tx) => {
    await updatePassword(tx, user.id, passwordHash, identity.now());
    await deleteSessionsOfUser(tx, user.id);
  });
}

/**
 * PATCH users/memberships: the user's process roles in one process; [] disenrolls. The route lets
 * holders of either permission in; enrolling needs ENROLL, disenrolling DISENROLL.
 */
export async function changeMembership(identity: IdentityContext, caller: Caller, change: MembershipChange): Promise<UserSummary> {
  const { db } = identity;
  const roles = unique(change.roles ?? []);
  if (!checkPermission(caller.access, roles.length === 0 ? USER.DISENROLL : USER.ENROLL, caller.context)) {
    throw new ApiProblem(403, messageForStatus(403));
  }
  const user = await targetUser(db, caller, change.user_id ?? '');
  const organizationId = organizationIdOf(caller);
  const process = await findProcessOfOrganization(db, organizationId, change.process ?? '');
  if (!process) throw new ApiProblem(404);
  const errors = await roleErrors(db, organizationId, 'roles', roles, 'process');
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  await setMembership(db, user.id, process.id, roles);
  return summaryOf(db, organizationId, user.id);
}

export function permissionErrors(permission: string | undefined): Record<string, string> {
  if (permission === undefined || permission === '') return { permission: 'Required.' };
  return parsePermission(permission) ? {} : { permission: `'${permission}' is not a permission (action=>Resource).` };
}

/**
 * GET users/assignees: the organization's active users who hold the permission in the request's
 * process (the `graph` parameter), each judged by their own access control.
 */
export async function listAssignees(identity: IdentityContext, caller: Caller, permission: string | undefined): Promise<Assignee[]> {
  const errors = permissionErrors(permission);
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  const organizationId = organizationIdOf(caller);
  if (!caller.process) throw new ApiProblem(400, "The 'graph' parameter (a process code name) is required.");
  // The guard's context of the request: { organization, project: graph, scope: 'project' }.
  const { context } = caller;
  const assignees: Assignee[] = [];
  for (const user of await listActiveUsers(identity.db, organizationId)) {
    const access = await resolveAccess(identity.db, user);
    if (checkPermission(access, permission as PermissionString, context)) {
      assignees.push({ id: user.id, login_id: user.login_id, name: user.name });
    }
  }
  return assignees;
}
