// Deleting an app takes its builds, components, findings and analyses with it: the user types the
// confirm word first (spec 4.2).
import { DeleteConfirmationDialog, showSnackbar } from '@portal/shared';
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/QueryStates';
import type { ApplicationRecord } from '../../../lib/types';
import { useDeleteApplication } from '../api/deleteApplication';

export interface DeleteApplicationDialogProps {
  graph: string;
  application: Pick<ApplicationRecord, 'app_key' | 'name'> | null;
  onClose: () => void;
  onDeleted?: (appKey: string) => void;
}

export function DeleteApplicationDialog({ graph, application, onClose, onDeleted }: DeleteApplicationDialogProps) {
  const remove = useDeleteApplication(graph);
  const [failure, setFailure] = useState<unknown>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <DeleteConfirmationDialog
      open={application !== null}
      title={application ? `Delete application ${application.app_key}` : 'Delete application'}
      message={
        <>
          <Text mb={2}>
            {application?.name} ({application?.app_key}) will be deleted with all its builds, SBOM components, findings and VEX analyses. This cannot be undone.
          </Text>
          {failure !== null && <ErrorAlert error={failure} />}
        </>
      }
      busy={remove.isPending}
      onCancel={close}
      onConfirm={() =>
        application &&
        remove.mutate(application.app_key, {
          onSuccess: () => {
            showSnackbar(`Application ${application.app_key} deleted.`, 'success');
            onDeleted?.(application.app_key);
            close();
          },
          onError: setFailure,
        })
      }
    />
  );
}
