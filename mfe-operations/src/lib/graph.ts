// The process every screen works in: the current process of the session store, as the `graph`
// parameter of every call (the lowercased code name).
import { graphOf, useSession } from '@portal/shared';

/** The `graph` parameter of the current process ('' while none is selected). */
export function useCurrentGraph(): string {
  return useSession((state) => (state.process ? graphOf(state.process) : ''));
}
