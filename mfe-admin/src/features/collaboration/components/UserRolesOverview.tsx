// Read-only overview of who holds which roles: organization roles, roles per process and
// workgroups, one row per user.
import { Text } from '@chakra-ui/react';
import { MembershipList, useUsers } from '../../user-list';
import { DataTable } from '@portal/shared/screens';
import { AdminSection, QueryList } from '../../../components/sections';

const none = <Text color="fg.muted">None</Text>;

export function UserRolesOverview() {
  const users = useUsers();
  return (
    <AdminSection id="user-roles" title="Users and roles" headingMb={3}>
      <QueryList query={users} loading="Loading users…" empty={{ title: 'No users yet' }}>
        {(list) => (
          <DataTable
            caption="Users and the roles they hold"
            rows={list}
            rowKey={(user) => user.id}
            columns={[
              { header: 'Login ID', rowHeader: true, cell: (user) => user.login_id },
              { header: 'Name', cell: (user) => user.name },
              { header: 'Organization roles', cell: (user) => (user.roles.length > 0 ? user.roles.join(', ') : none) },
              {
                header: 'Process roles',
                cell: (user) => <MembershipList memberships={user.memberships} />,
              },
              { header: 'Workgroups', cell: (user) => (user.workgroups.length > 0 ? user.workgroups.map((workgroup) => workgroup.name).join(', ') : none) },
              { header: 'Status', cell: (user) => (user.inactive ? 'Inactive' : 'Active') },
            ]}
          />
        )}
      </QueryList>
    </AdminSection>
  );
}
