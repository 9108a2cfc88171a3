// The dialogs of the per-user actions of the User List: activate (new password), deactivate
// (confirmation: it ends the user's sessions), reset the password, delete (typed confirmation),
// the process memberships and an instant message.
import { DeleteConfirmationDialog, type Process } from '@portal/shared';
import type { UserSummary } from '../api/getUsers';
import { useActivateUser, useDeactivateUser, useDeleteUser, useResetPassword } from '../api/userCommands';
import { MembershipsDialog } from './MembershipsDialog';
import { NewPasswordDialog } from './NewPasswordDialog';
import { SendMessageDialog } from './SendMessageDialog';
import type { UserActionKind } from './UsersTable';
import { announceThen } from '../../../lib/announce';
import { ConfirmAction, MessageWithError } from '../../../components/sections';

export interface UserActionDialogsProps {
  kind: UserActionKind;
  user: UserSummary;
  processes: readonly Process[];
  onClose: () => void;
}

const who = (user: UserSummary) => `${user.name} (${user.login_id})`;

export function UserActionDialogs({ kind, user, processes, onClose }: UserActionDialogsProps) {
  switch (kind) {
    case 'memberships':
      return <MembershipsDialog user={user} processes={processes} onClose={onClose} />;
    case 'message':
      return <SendMessageDialog user={user} onClose={onClose} />;
    case 'activate':
      return <ActivateDialog user={user} onClose={onClose} />;
    case 'deactivate':
      return <DeactivateDialog user={user} onClose={onClose} />;
    case 'reset':
      return <ResetPasswordDialog user={user} onClose={onClose} />;
    case 'delete':
      return <DeleteUserDialog user={user} onClose={onClose} />;
  }
}

interface DialogProps {
  user: UserSummary;
  onClose: () => void;
}

function ActivateDialog({ user, onClose }: DialogProps) {
  const activate = useActivateUser();
  return (
    <NewPasswordDialog
      open
      title={`Activate ${user.login_id}`}
      explanation={`${who(user)} becomes active and signs in with this password.`}
      submitText="Activate"
      busy={activate.isPending}
      error={activate.error}
      onClose={onClose}
      onSubmit={(new_password) =>
        activate.mutate({ id: user.id, new_password }, announceThen(`${user.login_id} is active.`, onClose))
      }
    />
  );
}

function ResetPasswordDialog({ user, onClose }: DialogProps) {
  const reset = useResetPassword();
  return (
    <NewPasswordDialog
      open
      title={`Reset password of ${user.login_id}`}
      explanation={`${who(user)} is signed out of every session and signs in with this password from now on.`}
      submitText="Reset password"
      busy={reset.isPending}
      error={reset.error}
      onClose={onClose}
      onSubmit={(new_password) =>
        reset.mutate({ id: user.id, new_password }, announceThen(`The password of ${user.login_id} has been reset.`, onClose))
      }
    />
  );
}

function DeactivateDialog({ user, onClose }: DialogProps) {
  const deactivate = useDeactivateUser();
  return (
    <ConfirmAction
      open
      title={`Deactivate ${user.login_id}`}
      yesText="Deactivate"
      mutation={deactivate}
      layout={MessageWithError}
      onNo={onClose}
      onYes={() => deactivate.mutate(user.id, announceThen(`${user.login_id} is deactivated and signed out.`, onClose))}
    >
      {`Deactivate ${who(user)}? Every session of the user ends at once, and the user cannot sign in until activated again.`}
    </ConfirmAction>
  );
}

function DeleteUserDialog({ user, onClose }: DialogProps) {
  const remove = useDeleteUser();
  return (
    <DeleteConfirmationDialog
      open
      title={`Delete ${user.login_id}`}
      message={
        <MessageWithError error={remove.error}>
          {`Delete ${who(user)}? The user, their process memberships and workgroup places are removed. This cannot be undone.`}
        </MessageWithError>
      }
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(user.id, announceThen(`${user.login_id} has been deleted.`, onClose))
      }
    />
  );
}
