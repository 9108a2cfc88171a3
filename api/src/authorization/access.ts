// A user's access control (spec 3 `access_control`, spec 6): the policies of every role the user
// holds and the processes the user may open. Computed per request from the database, so a change
// in IAM or in memberships applies at the next call.
import { moduleSwitchPolicy, SWITCHABLE_MODULES, type AccessControl, type Policy, type ProcessModuleConfiguration } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { UserRecord } from './principal';
import { accessOfMember, type MembershipRow, type ProcessRow } from './access.repository';
import { ORG_ADMIN, type PolicyInput } from './defaults';
import { effectiveRoles, type RoleRecord } from './roles.repository';

export interface AccessibleProcess {
  id: string;
  code_name: string;
}

export interface ResolvedAccess {
  policies: Policy[];
  projects: AccessibleProcess[];
}

/** `project == "code"`, and-ed with the policy's own condition. */
function inProcess(policy: PolicyInput, codeName: string): string {
  return and(policy.condition, `project == ${JSON.stringify(codeName.toLowerCase())}`);
}

/** An organization role works inside its organization, never in the global or universal scope. */
const IN_ORGANIZATION = 'scope != "global" && scope != "universal"';

function and(condition: string | null | undefined, extra: string): string {
  return condition ? `(${condition}) && ${extra}` : extra;
}

/**
 * A role's policies as the evaluator sees them: principal `Role::<name>`; held in one process
 * (a membership), each also carries `project == "<code>"`; an organization role's carry
 * IN_ORGANIZATION, so that no edit in IAM lets it pass a global check (`list=>Role@global`).
 */
export function policiesOf(role: Pick<RoleRecord, 'name' | 'kind' | 'policies'>, processCode?: string): Policy[] {
  return role.policies.map((policy) => {
    if (processCode !== undefined) return asPolicy(role, policy, inProcess(policy, processCode));
    if (role.kind !== 'global') return asPolicy(role, policy, and(policy.condition, IN_ORGANIZATION));
    return asPolicy(role, policy, policy.condition);
  });
}

function asPolicy(role: Pick<RoleRecord, 'name'>, policy: PolicyInput, condition: string | null | undefined): Policy {
  return {
    effect: policy.effect,
    actions: [...policy.actions],
    resources: [...policy.resources],
    principals: [`Role::${role.name}`],
    condition: condition ?? null,
  };
}

/** A module switched off (organization-wide, or in one process) is forbidden whatever the roles say. */
function moduleForbids(
  organization: Partial<ProcessModuleConfiguration> | undefined,
  processes: readonly ProcessRow[],
): Policy[] {
  const forbids: Policy[] = [];
  for (const { flag, resource } of SWITCHABLE_MODULES) {
    if (organization?.[flag] === false) {
      forbids.push(moduleSwitchPolicy(resource, null));
      continue;
    }
    for (const process of processes) {
      if (process.module_configuration?.[flag] === false) forbids.push(moduleSwitchPolicy(resource, process.code_name));
    }
  }
  return forbids;
}

/** The access of `user` and its organization's id and name (null for none, or a row since gone). */
export interface CallerAccess {
  organization: { id: string; name: string } | null;
  access: ResolvedAccess;
}

/**
 * The access of `user` with its organization's name: one statement for a user of an organization
 * (accessOfMember), the global roles for one without.
 */
export async function resolveCallerAccess(db: Queryable, user: UserRecord): Promise<CallerAccess> {
  const organizationId = user.organization_id;
  if (!organizationId) {
    const roles = new Map((await effectiveRoles(db, null, user.roles)).map((role) => [role.name, role]));
    return { organization: null, access: accessOf(user, roles, [], undefined, []) };
  }
  const rows = await accessOfMember(db, user.id, organizationId, user.roles);
  const roles = new Map(rows.roles.map((role) => [role.name, role]));
  return {
    organization: rows.organization ? { id: rows.organization.id, name: rows.organization.name } : null,
    access: accessOf(user, roles, rows.memberships, rows.organization?.module_configuration ?? undefined, rows.processes),
  };
}

export async function resolveAccess(db: Queryable, user: UserRecord): Promise<ResolvedAccess> {
  return (await resolveCallerAccess(db, user)).access;
}

/** The policies and processes of `user`, from what was read. */
function accessOf(
  user: UserRecord,
  roles: ReadonlyMap<string, Pick<RoleRecord, 'name' | 'kind' | 'policies'>>,
  memberships: readonly MembershipRow[],
  organizationModules: Partial<ProcessModuleConfiguration> | undefined,
  processes: readonly ProcessRow[],
): ResolvedAccess {
  const policies: Policy[] = [];
  for (const name of user.roles) {
    const role = roles.get(name);
    if (role) policies.push(...policiesOf(role));
  }
  for (const membership of memberships) {
    for (const name of membership.roles) {
      const role = roles.get(name);
      if (role) policies.push(...policiesOf(role, membership.code_name));
    }
  }

  // An organization-wide holder of a process role (or ORG_ADMIN) works in every process.
  const everywhere = user.roles.some((name) => name === ORG_ADMIN || roles.get(name)?.kind === 'process');
  const member = new Set(memberships.map((membership) => membership.process_id));
  const projects = processes
    .filter((process) => everywhere || member.has(process.id))
    .map(({ id, code_name }) => ({ id, code_name }));
  return { policies: [...moduleForbids(organizationModules, processes), ...policies], projects };
}

/** The session's `access_control` (spec 3). */
export function toAccessControl(access: ResolvedAccess): AccessControl {
  return { policies: access.policies, projects: access.projects.map(({ code_name }) => ({ code_name })) };
}
