// Process Settings → Delete: removes the process and everything in it after the typed confirmation
// (spec 5), then leaves for the process list. As in the process menu (spec 2.3), the last
// Requirements process cannot be deleted.
import { Button, Text } from '@chakra-ui/react';
import { navigate, sessionStore, showSnackbar, type Process } from '@portal/shared';
import { useState } from 'react';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useDeleteProcess } from '../api/processCommands';
import { AdminSection, ConfirmDeletion } from '../../../components/sections';

export interface DeleteProcessSectionProps {
  process: Pick<Process, 'id' | 'code_name' | 'name'>;
  /** The user's processes; undefined while they load. */
  processes: readonly Process[] | undefined;
}

export const LAST_REQUIREMENTS_PROCESS = 'This is your only Requirements process, so it cannot be deleted.';

export function DeleteProcessSection({ process, processes }: DeleteProcessSectionProps) {
  const canDelete = useAllowed(ADMIN_PERMISSIONS.DELETE_PROCESS);
  const remove = useDeleteProcess();
  const [confirming, setConfirming] = useState(false);
  if (!canDelete || !processes) return null;
  const deletable = processes.filter((candidate) => candidate.type === 'REQUIREMENTS').length > 1;

  const close = () => {
    remove.reset();
    setConfirming(false);
  };

  return (
    <AdminSection id="delete-process" title="Delete process" headingMb={2} borderWidth="1px" borderColor="border.error" borderRadius="md" p={4}>
      <Text mb={4}>Deleting the process removes its requirements, documents, tasks and applications for every member. This cannot be undone.</Text>
      {deletable ? (
        <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
          Delete process…
        </Button>
      ) : (
        <Text color="fg.muted">{LAST_REQUIREMENTS_PROCESS}</Text>
      )}
      <ConfirmDeletion
        open={confirming}
        title={`Delete process ${process.name}`}
        mutation={remove}
        onCancel={close}
        onConfirm={() =>
          remove.mutate(process.code_name, {
            onSuccess: () => {
              if (sessionStore.getState().process?.id === process.id) sessionStore.setProcess(null);
              showSnackbar(`Process ${process.name} deleted.`, 'success');
              navigate('/projects');
            },
          })
        }
      >
        Delete the process {process.name} ({process.code_name}) with all its data? Its members lose access at once.
      </ConfirmDeletion>
    </AdminSection>
  );
}
