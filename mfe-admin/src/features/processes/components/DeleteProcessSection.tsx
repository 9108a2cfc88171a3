// Process Settings → Delete: removes the process and everything in it after the typed confirmation
// (spec 5), then leaves for the process list. As in the process menu (spec 2.3), the last
// Requirements process cannot be deleted.
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { DeleteConfirmationDialog, ErrorAlert, navigate, sessionStore, showSnackbar, type Process } from '@portal/shared';
import { useState } from 'react';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useDeleteProcess } from '../api/processCommands';

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
    <Box as="section" aria-labelledby="delete-process-heading" borderWidth="1px" borderColor="border.error" borderRadius="md" p={4}>
      <Heading as="h2" size="lg" id="delete-process-heading" mb={2}>
        Delete process
      </Heading>
      <Text mb={4}>Deleting the process removes its requirements, documents, tasks and applications for every member. This cannot be undone.</Text>
      {deletable ? (
        <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
          Delete process…
        </Button>
      ) : (
        <Text color="fg.muted">{LAST_REQUIREMENTS_PROCESS}</Text>
      )}
      <DeleteConfirmationDialog
        open={confirming}
        title={`Delete process ${process.name}`}
        message={
          <>
            <Text>
              Delete the process {process.name} ({process.code_name}) with all its data? Its members lose access at once.
            </Text>
            {remove.error && (
              <Box mt={4}>
                <ErrorAlert error={remove.error} />
              </Box>
            )}
          </>
        }
        busy={remove.isPending}
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
      />
    </Box>
  );
}
