// The users of the organization with their roles, process memberships, state and two-factor
// setting, and per user the actions the administrator may take. Nobody can deactivate or delete
// themselves, so those actions are not offered on one's own row.
import { Badge } from '../../../components/display';
import { HStack, Text } from '@chakra-ui/react';
import type { Process } from '@portal/shared';
import type { UserSummary } from '../api/getUsers';
import { type Column, DataTable } from '@portal/shared/screens';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { MembershipList } from './MembershipList';
import { processLabel } from './MembershipsDialog';
import { RowAction } from '../../../components/RowAction';

export type UserActionKind = 'memberships' | 'message' | 'activate' | 'deactivate' | 'reset' | 'delete';

export interface UsersTableProps {
  users: readonly UserSummary[];
  processes: readonly Process[];
  /** The signed-in user's id. */
  me: string | null;
  onAction: (kind: UserActionKind, user: UserSummary) => void;
}

export function UsersTable({ users, processes, me, onAction }: UsersTableProps) {
  const canUpdate = useAllowed(ADMIN_PERMISSIONS.UPDATE_USER);
  const canReset = useAllowed(ADMIN_PERMISSIONS.RESET_USER);
  const canDelete = useAllowed(ADMIN_PERMISSIONS.DELETE_USER);

  const columns: Column<UserSummary>[] = [
    { header: 'Login ID', rowHeader: true, cell: (user) => user.login_id },
    { header: 'Name', cell: (user) => user.name },
    { header: 'Email', cell: (user) => user.email },
    { header: 'Roles', cell: (user) => (user.roles.length > 0 ? user.roles.join(', ') : <Text color="fg.muted">None</Text>) },
    {
      header: 'Processes',
      cell: (user) => <MembershipList memberships={user.memberships} processName={(code) => processLabel(code, processes)} />,
    },
    { header: 'Status', cell: (user) => <Badge tone={user.inactive ? 'muted' : 'good'}>{user.inactive ? 'Inactive' : 'Active'}</Badge> },
    { header: 'Two-factor', cell: (user) => (user.mfa_enabled ? 'On' : 'Off') },
    {
      header: 'Actions',
      cell: (user) => {
        const self = user.id === me;
        return (
          <HStack gap={2} flexWrap="wrap">
            <RowAction label={`Memberships of ${user.login_id}`} onClick={() => onAction('memberships', user)}>
              Memberships
            </RowAction>
            {!self && (
              <RowAction label={`Send message to ${user.login_id}`} onClick={() => onAction('message', user)}>
                Send message
              </RowAction>
            )}
            {canUpdate && user.inactive && (
              <RowAction label={`Activate ${user.login_id}`} onClick={() => onAction('activate', user)}>
                Activate
              </RowAction>
            )}
            {canUpdate && !user.inactive && !self && (
              <RowAction label={`Deactivate ${user.login_id}`} onClick={() => onAction('deactivate', user)}>
                Deactivate
              </RowAction>
            )}
            {canReset && (
              <RowAction label={`Reset password of ${user.login_id}`} onClick={() => onAction('reset', user)}>
                Reset password
              </RowAction>
            )}
            {canDelete && !self && (
              <RowAction label={`Delete ${user.login_id}`} danger onClick={() => onAction('delete', user)}>
                Delete
              </RowAction>
            )}
          </HStack>
        );
      },
    },
  ];

  return <DataTable caption="Users" columns={columns} rows={users} rowKey={(user) => user.id} />;
}
