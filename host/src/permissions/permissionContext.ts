// The context the browser evaluates permissions in (spec 6), the same one the API uses: the
// caller's organization name and the lowercased code name of the current process; Platform View
// ('*') is the all-projects scope, where a check passes if some accessible process grants it.
import { graphOf, isPlatformView, type PolicyContext, type SessionState } from '@portal/shared';

/** checkPermission's ALL_PROJECTS_SCOPE (a test compares them), not imported: it is in the on-demand chunk. */
export const ALL_PROJECTS_SCOPE = 'all-projects';

export function permissionContext({ session, process }: Pick<SessionState, 'session' | 'process'>): PolicyContext {
  const organization = session?.organization?.name;
  if (!process) return { organization };
  if (isPlatformView(process)) return { organization, scope: ALL_PROJECTS_SCOPE };
  return { organization, project: graphOf(process) };
}
