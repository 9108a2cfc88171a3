import { GLOBAL_ADMIN_ROLE, hasRole, navigate, useSession } from '@portal/shared';
import { GLOBAL_ADMINISTRATION_PATH } from '../session/redirects';
import { HeaderMenu } from './HeaderMenu';

/**
 * The header's admin menu (spec 2.3), for a Global Admin only: Global Administration.
 * Organization Administration is hidden (spec); Process View is not offered yet.
 */
export function AdminMenu() {
  const globalAdmin = useSession((state) => hasRole(state.session, GLOBAL_ADMIN_ROLE));
  if (!globalAdmin) return null;
  return (
    <HeaderMenu
      label="Admin menu"
      testId="admin-menu"
      groups={[
        {
          key: 'global',
          items: [{ key: 'global', label: 'Global Administration', onSelect: () => navigate(GLOBAL_ADMINISTRATION_PATH) }],
        },
      ]}
    >
      Admin
    </HeaderMenu>
  );
}
