// Hides actions the user may not perform: `usePermitted` of @portal/shared answers from the
// session, the current process and the registered checker, and re-renders when any changes.
// Typed to this remote's permission constants, so a misspelt permission does not compile.
import { usePermitted } from '@portal/shared';
import type { AdminPermission } from './permissions';

export function useAllowed(permission: AdminPermission): boolean {
  return usePermitted(permission);
}
