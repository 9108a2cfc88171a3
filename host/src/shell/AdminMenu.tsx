import { GLOBAL_ADMIN_ROLE, hasRole, isPlatformView, navigate, useSession } from '@portal/shared';
import { useProcessSelection } from '../processes/ProcessSelection';
import { GLOBAL_ADMINISTRATION_PATH } from '../session/redirects';
import { HeaderMenu, type HeaderMenuItem } from './HeaderMenu';

const PROCESS_VIEW_PATH = '/dashboard';

/**
 * The header's admin menu (spec 2.3), for a Global Admin only: Global Administration, and Process
 * View — back from the administration to the work of the current process — when the user has
 * processes and is not in the multi-process Platform View. Organization Administration is hidden
 * (spec); its page exists behind its permission.
 */
export function AdminMenu() {
  const globalAdmin = useSession((state) => hasRole(state.session, GLOBAL_ADMIN_ROLE));
  const { state } = useProcessSelection();
  if (!globalAdmin) return null;
  const items: HeaderMenuItem[] = [{ key: 'global', label: 'Global Administration', onSelect: () => navigate(GLOBAL_ADMINISTRATION_PATH) }];
  const hasProcesses = 'processes' in state && state.processes.length > 0;
  const inPlatformView = 'current' in state && state.current !== null && isPlatformView(state.current);
  if (hasProcesses && !inPlatformView) items.push({ key: 'process-view', label: 'Process View', onSelect: () => navigate(PROCESS_VIEW_PATH) });
  return (
    <HeaderMenu label="Admin menu" testId="admin-menu" groups={[{ key: 'admin', items }]}>
      Admin
    </HeaderMenu>
  );
}
