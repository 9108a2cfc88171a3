// Which routes work without a current process (spec 2.3 process chooser): the host's own pages,
// the user's account, organization and global administration, and creating a process. Every
// other route is project-scoped: it waits for a process to be chosen.
import { GLOBAL_ADMIN_ROLE, hasRole, resolveRoute, type Session } from '@portal/shared';
import type { Authorization } from '../permissions/Authorization';

const PROCESS_FREE_PATHS: readonly string[] = [
  '/',
  '/settings',
  '/settings/change-password',
  '/settings/user-profile',
  '/settings/two-factor-authentication',
  '/settings/subscriptions',
  '/user-invitation/:token',
  '/user-invitation/:organization/:token',
  '/administration',
  '/administration/service-modules',
  '/administration/organization',
  '/administration/global',
  '/administration/global/initialization',
  '/administration/global/vulnerabilities',
  '/administration/global/jobs',
  '/administration/iam',
  '/administration/collaboration',
  '/administration/user-list',
  '/projects/new-project',
];

/** Whether the pathname's screen needs a current process; unknown paths (404) do not. */
export function needsProcess(pathname: string): boolean {
  const match = resolveRoute(pathname);
  if (!match || match.route.owner === 'host') return false;
  return !PROCESS_FREE_PATHS.includes(match.route.path);
}

/**
 * Spec 2.3: a user without processes sees NO ACCESS unless they may create a process,
 * initialise the system, or open global administration.
 */
export function mayWorkWithoutProcess(authorization: Authorization, session: Session | null): boolean {
  const { processes } = authorization.evaluator.PERMISSIONS;
  return (
    authorization.permits({ any: [processes.CREATE_PROCESS, processes.INITIALIZE_SYSTEM] }) ||
    hasRole(session, GLOBAL_ADMIN_ROLE) ||
    authorization.canOpen('/administration/global')
  );
}
