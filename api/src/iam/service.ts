// IAM (docs/authorization.md "IAM"): roles and their policies in an organization or in the global
// scope, and who holds them. A change applies at the holders' next request (access is resolved per
// request from the database).
//
// - Organization scope: the built-in process and organization roles as they apply there (its own
//   row, `customized`, or the default) and its custom roles. Editing a built-in writes the
//   organization's own row; deleting that row restores the default.
// - Global scope (Global Admin): the organization-less rows — the built-in defaults every
//   organization starts from, and the global roles. Built-in rows are edited, never deleted.
import type { RoleAssignmentPayload, RoleView } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { BUILT_IN_ROLES, builtInRole, type PolicyInput } from '../authorization/defaults';
import type { RoleRecord } from '../authorization/roles.repository';
import { ApiProblem } from '../http/problem';
import { UUID } from '../organizations/index';
import type { NewRoleInput, RoleChanges, RoleScope } from './policies';
import {
  deleteRoleRow,
  findUserInScope,
  insertRoleRow,
  listGlobalRoles,
  listOrganizationRoles,
  removeRoleFromHolders,
  setUserRole,
  updateRoleRow,
} from './repository';

// The API's Role: the contract's.
export type { RoleView };

export const PROCESS_ROLE_ASSIGNMENT = 'Process roles are assigned through process memberships.';
export const ORGANIZATION_ROLE_ASSIGNMENT = 'Organization roles are assigned to the users of an organization.';
export const BUILT_IN_NOT_DELETED = 'A built-in role cannot be deleted; edit its policies instead.';
export const duplicateRole = (name: string): string => `A role named '${name}' already exists.`;

const policy = ({ effect, actions, resources, condition }: PolicyInput): PolicyInput => ({
  effect,
  actions: [...actions],
  resources: [...resources],
  condition: condition ?? null,
});

const samePolicies = (a: readonly PolicyInput[], b: readonly PolicyInput[]): boolean =>
  JSON.stringify(a.map(policy)) === JSON.stringify(b.map(policy));

function differsFromDefault(row: RoleRecord): boolean {
  const defaults = builtInRole(row.name);
  return !defaults || defaults.description !== row.description || !samePolicies(defaults.policies, row.policies);
}

function roleView(row: RoleRecord, scope: RoleScope): RoleView {
  const customized = row.built_in && (scope.kind === 'organization' ? row.organization_id !== null : differsFromDefault(row));
  return {
    name: row.name,
    kind: row.kind,
    description: row.description,
    built_in: row.built_in,
    customized,
    policies: row.policies.map(policy),
  };
}

const ORDER = new Map(BUILT_IN_ROLES.map((role, index) => [role.name, index]));

/** Built-in roles first, in the order of the defaults; then the others by name. */
function byRoleOrder(a: RoleRecord, b: RoleRecord): number {
  const [x, y] = [ORDER.get(a.name) ?? ORDER.size, ORDER.get(b.name) ?? ORDER.size];
  return x - y || a.name.localeCompare(b.name);
}

async function rowsOf(db: Queryable, scope: RoleScope): Promise<RoleRecord[]> {
  const rows = scope.kind === 'global' ? await listGlobalRoles(db) : await listOrganizationRoles(db, scope.organizationId);
  return rows.sort(byRoleOrder);
}

/** The role of that name as the scope sees it. */
async function visibleRole(db: Queryable, scope: RoleScope, name: string): Promise<RoleRecord> {
  const role = (await rowsOf(db, scope)).find((row) => row.name === name);
  if (!role) throw new ApiProblem(404);
  return role;
}

const scopeOrganization = (scope: RoleScope): string | null => (scope.kind === 'global' ? null : scope.organizationId);

export async function listRoles(db: Queryable, scope: RoleScope): Promise<RoleView[]> {
  return (await rowsOf(db, scope)).map((row) => roleView(row, scope));
}

/** POST iam/roles: a custom role of the organization, or a global role. Names differ in more than case. */
export async function createRole(db: Database, scope: RoleScope, input: NewRoleInput, now: Date): Promise<RoleView> {
  return db.transaction(async (tx) => {
    const taken = (await rowsOf(tx, scope)).find((row) => row.name.toLowerCase() === input.name.toLowerCase());
    // A built-in name is taken everywhere, even where the scope does not list it (e.g. `_initiator`).
    const builtIn = BUILT_IN_ROLES.find((role) => role.name.toLowerCase() === input.name.toLowerCase());
    const existing = taken?.name ?? builtIn?.name;
    if (existing !== undefined) throw new ApiProblem(409, duplicateRole(existing), {}, { name: duplicateRole(existing) });
    const row = await insertRoleRow(tx, { organizationId: scopeOrganization(scope), ...input, builtIn: false, now });
    if (!row) throw new ApiProblem(409, duplicateRole(input.name), {}, { name: duplicateRole(input.name) });
    return roleView(row, scope);
  });
}

/** PUT iam/roles/{name}: in an organization, a built-in role's edit becomes the organization's own row. */
export async function updateRole(db: Database, scope: RoleScope, name: string, changes: RoleChanges, now: Date): Promise<RoleView> {
  return db.transaction(async (tx) => {
    const current = await visibleRole(tx, scope, name);
    const description = changes.description ?? current.description;
    const own = scope.kind === 'global' || current.organization_id !== null;
    const row = own
      ? await updateRoleRow(tx, current.id, { description, policies: changes.policies, now })
      : await insertRoleRow(tx, {
          organizationId: scopeOrganization(scope),
          name: current.name,
          kind: current.kind,
          description,
          builtIn: true,
          policies: changes.policies,
          now,
        });
    if (!row) throw new ApiProblem(409, duplicateRole(name));
    return roleView(row, scope);
  });
}

/**
 * DELETE iam/roles/{name}: a built-in role of an organization goes back to its default (nothing to
 * do when it has none of its own); a custom role is removed, and taken from everyone who held it.
 * The built-in defaults of the global scope are never deleted.
 */
export async function deleteRole(db: Database, scope: RoleScope, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await visibleRole(tx, scope, name);
    if (scope.kind === 'global' && current.built_in) throw new ApiProblem(409, BUILT_IN_NOT_DELETED);
    if (current.organization_id === null && scope.kind === 'organization') return;
    await deleteRoleRow(tx, current.id);
    if (!current.built_in) await removeRoleFromHolders(tx, scopeOrganization(scope), current.name);
  });
}

/**
 * PATCH iam/roles/{name}/assignments: an organization role to a user of the organization, a global
 * role to a user without one. Process roles are held through memberships.
 */
export async function assignRole(
  db: Database,
  scope: RoleScope,
  name: string,
  assignment: RoleAssignmentPayload,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await visibleRole(tx, scope, name);
    if (role.kind === 'process') throw new ApiProblem(400, PROCESS_ROLE_ASSIGNMENT);
    if (scope.kind === 'global' && role.kind !== 'global') throw new ApiProblem(400, ORGANIZATION_ROLE_ASSIGNMENT);
    const user = UUID.test(assignment.user_id) ? await findUserInScope(tx, scopeOrganization(scope), assignment.user_id) : undefined;
    if (!user) throw new ApiProblem(404);
    await setUserRole(tx, user.id, role.name, assignment.assigned, now);
  });
}
