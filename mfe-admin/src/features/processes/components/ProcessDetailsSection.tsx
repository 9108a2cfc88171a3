// Process Settings → Process: name, type and dashboard type of the current process
// (PATCH projects/{id}); the code name is fixed.
import { Text } from '@chakra-ui/react';
import { sessionStore, showSnackbar, type DashboardType, type Process, type ProcessType } from '@portal/shared';
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/fields';
import { fieldErrors } from '../../../lib/formErrors';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useUpdateProcess } from '../api/processCommands';
import { DASHBOARD_TYPE_OPTIONS, PROCESS_TYPE_OPTIONS } from './processLabels';
import { AdminSection } from '../../../components/sections';
import { SettingsForm } from '../../../components/SettingsForm';

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
      <SettingsForm
        label="Process details"
        mutation={update}
        changed={changed}
        canSave={canUpdate}
        saveText="Save"
        onAttempt={() => setSubmitted(true)}
        invalid={Boolean(errors.name)}
        stack={{ gap: 4, maxW: 'md' }}
        onSave={() =>
          update.mutate(
            { id: process.id, name: name.trim(), type, dashboard_type: dashboardType },
            {
              onSuccess: (updated) => {
                const current = sessionStore.getState().process;
                if (current?.id === process.id) sessionStore.setProcess({ ...current, ...(updated ?? { name: name.trim(), type, dashboard_type: dashboardType }) });
                showSnackbar('Process settings saved.', 'success');
              },
            },
          )
        }
      >
        <TextField label="Name" required value={name} onChange={setName} error={submitted ? errors.name : undefined} disabled={!canUpdate} />
        <SelectField label="Type" value={type} options={PROCESS_TYPE_OPTIONS} onChange={(value) => setType(value as ProcessType)} disabled={!canUpdate} />
        <SelectField
          label="Dashboard type"
          value={dashboardType}
          options={DASHBOARD_TYPE_OPTIONS}
          onChange={(value) => setDashboardType(value as DashboardType)}
          disabled={!canUpdate}
        />
      </SettingsForm>
    </AdminSection>
  );
}
