// Process Settings → Process: name, type and dashboard type of the current process
// (PATCH projects/{id}); the code name is fixed.
import { Button, Stack, Text } from '@chakra-ui/react';
import { ErrorAlert, sessionStore, showSnackbar, type DashboardType, type Process, type ProcessType } from '@portal/shared';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/fields';
import { fieldErrors } from '../../../lib/formErrors';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useUpdateProcess } from '../api/processCommands';
import { DASHBOARD_TYPE_OPTIONS, PROCESS_TYPE_OPTIONS } from './processLabels';
import { AdminSection } from '../../../components/sections';

export function ProcessDetailsSection({ process }: { process: Process }) {
  const canUpdate = useAllowed(ADMIN_PERMISSIONS.UPDATE_PROCESS);
  const update = useUpdateProcess();
  const [name, setName] = useState(process.name);
  const [type, setType] = useState<ProcessType>(process.type);
  const [dashboardType, setDashboardType] = useState<DashboardType>(process.dashboard_type);
  const [submitted, setSubmitted] = useState(false);
  const errors = fieldErrors({ name: { required: true, max: 255 } }, { name });
  const changed = name.trim() !== process.name || type !== process.type || dashboardType !== process.dashboard_type;

  return (
    <AdminSection id="process-details" title="Process" headingMb={1} mb={10}>
      <Text color="fg.muted" mb={4}>
        Code name: {process.code_name}
      </Text>
      <form
        noValidate
        aria-label="Process details"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (errors.name || !changed || update.isPending) return;
          update.mutate(
            { id: process.id, name: name.trim(), type, dashboard_type: dashboardType },
            {
              onSuccess: (updated) => {
                const current = sessionStore.getState().process;
                if (current?.id === process.id) sessionStore.setProcess({ ...current, ...(updated ?? { name: name.trim(), type, dashboard_type: dashboardType }) });
                showSnackbar('Process settings saved.', 'success');
              },
            },
          );
        }}
      >
        <Stack gap={4} maxW="md">
          <TextField label="Name" required value={name} onChange={setName} error={submitted ? errors.name : undefined} disabled={!canUpdate} />
          <SelectField label="Type" value={type} options={PROCESS_TYPE_OPTIONS} onChange={(value) => setType(value as ProcessType)} disabled={!canUpdate} />
          <SelectField
            label="Dashboard type"
            value={dashboardType}
            options={DASHBOARD_TYPE_OPTIONS}
            onChange={(value) => setDashboardType(value as DashboardType)}
            disabled={!canUpdate}
          />
          {update.error && <ErrorAlert error={update.error} />}
          {canUpdate && (
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!changed} loading={update.isPending} loadingText="Save">
              Save
            </Button>
          )}
        </Stack>
      </form>
    </AdminSection>
  );
}
