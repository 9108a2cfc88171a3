// /administration/user-list: the users of the organization and their administration (spec 7
// "users", docs/authorization.md "Users").
import { ScreenFrame, useSession, type ScreenComponent } from '@portal/shared';
import { useState } from 'react';
import { useProcesses } from '../../processes';
import { useUsers } from '../api/getUsers';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { InviteUserDialog } from './InviteUserDialog';
import { UserActionDialogs } from './UserActionDialogs';
import { UsersTable, type UserActionKind } from './UsersTable';
import { QueryList, ScreenIntro } from '../../../components/sections';

export const UserListScreen: ScreenComponent = ({ route }) => {
  const users = useUsers();
  const processes = useProcesses();
  const me = useSession((state) => state.session?.user?.id ?? null);
  const canInvite = useAllowed(ADMIN_PERMISSIONS.CREATE_USER);
  const [inviting, setInviting] = useState(false);
  const [action, setAction] = useState<{ kind: UserActionKind; userId: string } | null>(null);
  const processList = processes.data ?? [];
  // The dialog shows the user as last read, so a membership change appears in it at once.
  const actionUser = action ? users.data?.find((user) => user.id === action.userId) : undefined;

  return (
    <ScreenFrame route={route}>
      <ScreenIntro action={canInvite && { label: 'Invite user', onClick: () => setInviting(true) }}>
        The users of your organization, their roles and the processes they work in.
      </ScreenIntro>
      <QueryList
        query={users}
        loading="Loading users…"
        empty={{ title: 'No users yet', description: canInvite ? 'Invite the first user with Invite user.' : undefined }}
      >
        {(list) => (
          <UsersTable users={list} processes={processList} me={me} onAction={(kind, user) => setAction({ kind, userId: user.id })} />
        )}
      </QueryList>
      {inviting && <InviteUserDialog open processes={processList} onClose={() => setInviting(false)} />}
      {action && actionUser && <UserActionDialogs kind={action.kind} user={actionUser} processes={processList} onClose={() => setAction(null)} />}
    </ScreenFrame>
  );
};
