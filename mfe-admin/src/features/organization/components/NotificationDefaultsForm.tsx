// Organization Administration → Default notification settings: for each kind of event, whether the
// members of the organization's processes hear of it by mail and in the portal — what a process
// takes for the events it has not set itself (its Process Settings → Notifications).
import { Text } from '@chakra-ui/react';
import { showSnackbar, type OrganizationSettings } from '@portal/shared';
import { useState } from 'react';
import { NotificationMatrix, type NotificationSettings } from '../../../components/NotificationMatrix';
import { SettingsForm } from '../../../components/SettingsForm';
import { useUpdateOrganizationSettings } from '../api/updateOrganizationSettings';

type Settings = NotificationSettings;

export function NotificationDefaultsForm({ settings }: { settings: OrganizationSettings }) {
  const update = useUpdateOrganizationSettings(settings.id);
  const [initial] = useState<Settings>(settings.notification_settings);
  const [values, setValues] = useState<Settings>(initial);
  const events = Object.keys(initial);
  // Only the events changed are sent: the others keep what they have.
  const changed = Object.fromEntries(events.filter((event) => JSON.stringify(values[event]) !== JSON.stringify(initial[event])).map((event) => [event, values[event]]));

  return (
    <SettingsForm
      label="Default notification settings"
      mutation={update}
      changed={Object.keys(changed).length > 0}
      canSave
      saveText="Save notification defaults"
      onSave={() =>
        // Re-keyed by the saved settings, as the details form: the promise outlives this form.
        void update
          .mutateAsync({ id: settings.id, changes: { notification_settings: changed } })
          .then(() => showSnackbar('Default notification settings saved.', 'success'))
          .catch(() => undefined)
      }
    >
      <Text fontSize="sm" color="fg.muted">
        How the members of your processes hear of each kind of event, where a process has not chosen otherwise in its settings.
      </Text>
      <NotificationMatrix caption="Default notifications by kind of event" values={values} onChange={setValues} disabled={update.isPending} />
    </SettingsForm>
  );
}
