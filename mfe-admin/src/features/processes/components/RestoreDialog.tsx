// Process Settings → Disaster recovery → Restore… (issue 25 item 6, docs/recovery.md): a backup
// becomes a new process with the code name (and name) asked for, in the caller's organization —
// or, for a Global Admin (create=>Organization@global), in the organization they pick. Anyone else
// sees no organization picker: the API would answer 404 for another organization.
import { Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, ErrorAlert, Loading, showSnackbar, useSession } from '@portal/shared';
import type { Backup, RestoreRequest } from '@portal/shared/recovery';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/fields';
import { MessageWithError } from '../../../components/sections';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useOrganizations } from '../../global';
import { useRestoreBackup } from '../api/recovery';

/** The field errors of a 400 problem, by field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = (error as { problem?: { errors?: Array<{ field: string; message: string }> } } | null)?.problem?.errors ?? [];
  return Object.fromEntries(errors.map((item) => [item.field, item.message]));
}

function OrganizationPicker({ value, onChange, error }: { value: string; onChange: (id: string) => void; error: string | undefined }) {
  const organizations = useOrganizations();
  if (organizations.isPending) return <Loading label="Loading organizations…" />;
  if (organizations.isError) return <ErrorAlert error={organizations.error} onRetry={() => void organizations.refetch()} />;
  return (
    <SelectField
      label="Organization"
      value={value}
      onChange={onChange}
      options={organizations.data.map((organization) => ({ value: organization.id, label: organization.name }))}
      error={error}
    />
  );
}

export function RestoreDialog({ code, backup, onClose }: { code: string; backup: Backup; onClose: () => void }) {
  const own = useSession((state) => state.session?.organization?.id ?? '');
  const globalAdmin = useAllowed(ADMIN_PERMISSIONS.RESTORE_INTO_ANOTHER_ORGANIZATION);
  const restore = useRestoreBackup(code);
  const [codeName, setCodeName] = useState('');
  const [name, setName] = useState('');
  const [organizationId, setOrganizationId] = useState(own);
  const errors = fieldErrors(restore.error);

  const request = (): RestoreRequest => ({
    code_name: codeName.trim(),
    ...(name.trim() ? { name: name.trim() } : {}),
    // Only a Global Admin names an organization; anyone else restores into their own.
    ...(globalAdmin && organizationId ? { organization_id: organizationId } : {}),
  });

  return (
    <ConfirmDialog
      open
      title="Restore into a new process"
      yesText="Restore"
      noText="Cancel"
      busy={restore.isPending}
      onNo={() => {
        restore.reset();
        onClose();
      }}
      onYes={() =>
        restore
          .mutateAsync({ code, id: backup.id, request: request() })
          .then((result) => {
            showSnackbar(`Restored into the new process ${result.process.code_name}.`, 'success');
            onClose();
          })
          // The error is shown in the dialog (restore.error).
          .catch(() => undefined)
      }
      message={
        <MessageWithError error={Object.keys(errors).length > 0 ? null : restore.error}>
          <Stack gap={3}>
            <Text>
              The backup of {new Date(backup.started_at).toLocaleString()} becomes a new process with all its data; this process is not changed.
            </Text>
            <TextField label="Code name of the new process" value={codeName} onChange={setCodeName} error={errors.code_name} />
            <TextField label="Name (optional)" value={name} onChange={setName} error={errors.name} />
            {globalAdmin ? <OrganizationPicker value={organizationId} onChange={setOrganizationId} error={errors.organization_id} /> : null}
          </Stack>
        </MessageWithError>
      }
    />
  );
}
