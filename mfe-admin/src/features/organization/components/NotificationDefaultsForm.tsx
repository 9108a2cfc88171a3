// Organization Administration → Default notification settings: for each kind of event, whether the
// members of the organization's processes hear of it by mail and in the portal — what a process
// takes for the events it has not set itself (its Process Settings → Notifications).
import { Text } from '@chakra-ui/react';
import { showSnackbar, type NotificationChannels, type OrganizationSettings } from '@portal/shared';
import { DataTable } from '@portal/shared/screens';
import { useState } from 'react';
import { Checkbox } from '../../../components/fields';
import { SettingsForm } from '../../../components/SettingsForm';
import { useUpdateOrganizationSettings } from '../api/updateOrganizationSettings';

type Settings = Record<string, NotificationChannels>;

const CHANNELS = [
  { key: 'mail', label: 'Mail' },
  { key: 'portal', label: 'Portal' },
] as const;

export function NotificationDefaultsForm({ settings }: { settings: OrganizationSettings }) {
  const update = useUpdateOrganizationSettings(settings.id);
  const [initial] = useState<Settings>(settings.notification_settings);
  const [values, setValues] = useState<Settings>(initial);
  const events = Object.keys(initial);
  // Only the events changed are sent: the others keep what they have.
  const changed = Object.fromEntries(events.filter((event) => JSON.stringify(values[event]) !== JSON.stringify(initial[event])).map((event) => [event, values[event]]));
  const set = (event: string, channel: keyof NotificationChannels, on: boolean) =>
    setValues((current) => ({ ...current, [event]: { ...current[event], [channel]: on } }));

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
      <DataTable
        caption="Default notifications by kind of event"
        rows={events}
        rowKey={(event) => event}
        columns={[
          { header: 'Event', rowHeader: true, cell: (event) => event },
          ...CHANNELS.map(({ key, label }) => ({
            header: label,
            cell: (event: string) => (
              <Checkbox
                label=""
                ariaLabel={`${label} for ${event}`}
                checked={Boolean(values[event]?.[key])}
                onChange={(on) => set(event, key, on)}
                disabled={update.isPending}
              />
            ),
          })),
        ]}
      />
    </SettingsForm>
  );
}
