// Who may take a part in a process's requirements: a reviewer, an owner (the Owner of Add and
// Modify, the delegate of an accepted review or of a reassigned delegation). Each is an active
// user of the caller's organization (another organization's or an unknown id: 404) who holds the
// part's permission in the process, judged by their own access control (otherwise 400 naming the
// field). GET requirements/owners lists the possible owners the same way.
import { checkPermission, REQUIREMENT_OWNER_PERMISSION, type PermissionString, type PolicyContext, type UserRef } from '@portal/shared/server';
import { resolveAccess } from '../authorization/access';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { findUserOfOrganization, listActiveUsers } from '../users/index';

export const NOT_A_REVIEWER = 'This user may not review requirements in this process.';
export const NOT_AN_OWNER = 'This user may not own requirements in this process: owners are members who may update their progress.';

/** The user `userId` if active in the organization and holding `permission` in the process of `policy`. */
export async function checkUserMay(
  db: Queryable,
  policy: PolicyContext,
  organizationId: string,
  userId: string,
  permission: PermissionString,
  field: string,
  message: string,
): Promise<UserRef> {
  const user = await findUserOfOrganization(db, organizationId, userId);
  if (!user || user.inactive) throw new ApiProblem(404);
  const access = await resolveAccess(db, user);
  if (!checkPermission(access, permission, policy)) throw new ApiProblem(400, message, {}, { [field]: message });
  return { id: user.id, login_id: user.login_id, name: user.name };
}

/** A user who may own the process's requirements (`field` names the body's field in a 400). */
export function checkOwner(db: Queryable, policy: PolicyContext, organizationId: string, userId: string, field = 'owner_id'): Promise<UserRef> {
  return checkUserMay(db, policy, organizationId, userId, REQUIREMENT_OWNER_PERMISSION, field, NOT_AN_OWNER);
}

/** GET requirements/owners: the organization's active users who may own the process's requirements, by name. */
export async function possibleOwners(db: Queryable, policy: PolicyContext, organizationId: string): Promise<UserRef[]> {
  const owners: UserRef[] = [];
  for (const user of await listActiveUsers(db, organizationId)) {
    if (checkPermission(await resolveAccess(db, user), REQUIREMENT_OWNER_PERMISSION, policy)) owners.push({ id: user.id, login_id: user.login_id, name: user.name });
  }
  return owners.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.login_id.localeCompare(b.login_id, 'en'));
}
