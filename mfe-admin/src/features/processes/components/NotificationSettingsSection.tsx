// Process Settings → Notifications: for each kind of event the API lists, whether it is delivered
// by mail and in the portal (GET/POST projects/notificationSettings?graph=<process>).
import { Text } from '@chakra-ui/react';
import { Empty, QueryView, showSnackbar } from '@portal/shared';
import { useState } from 'react';
import { DataTable } from '@portal/shared/screens';
import { Checkbox } from '../../../components/fields';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useNotificationSettings, useSaveNotificationSettings, type NotificationChannels } from '../api/processCommands';
import { AdminSection } from '../../../components/sections';
import { SettingsForm } from '../../../components/SettingsForm';

type Settings = Record<string, NotificationChannels>;
const CHANNELS = [
  { key: 'mail', label: 'Mail' },
  { key: 'portal', label: 'Portal' },
] as const;

export function NotificationSettingsSection({ code }: { code: string }) {
  const settings = useNotificationSettings(code);
  return (
    <AdminSection id="notifications" title="Notifications" headingMb={4} mb={10}>
      <QueryView query={settings} loading="Loading the notification settings…" noAccessOnForbidden>
        {(data) =>
          Object.keys(data.settings ?? {}).length === 0 ? (
            <Empty title="No notification settings" description="The process has no kinds of events to configure." />
          ) : (
            <NotificationSettingsForm key={JSON.stringify(data.settings)} code={code} initial={data.settings} />
          )
        }
      </QueryView>
    </AdminSection>
  );
}

function NotificationSettingsForm({ code, initial }: { code: string; initial: Settings }) {
  const canUpdate = useAllowed(ADMIN_PERMISSIONS.UPDATE_PROCESS);
  const save = useSaveNotificationSettings(code);
  const [settings, setSettings] = useState<Settings>(initial);
  const events = Object.keys(initial);
  const changed = JSON.stringify(settings) !== JSON.stringify(initial);
  const set = (event: string, channel: keyof NotificationChannels, on: boolean) =>
    setSettings((current) => ({ ...current, [event]: { ...current[event], [channel]: on } }));

  return (
    <SettingsForm
      label="Notification settings"
      mutation={save}
      changed={changed}
      canSave={canUpdate}
      saveText="Save notifications"
      onSave={() => save.mutate({ code, settings }, { onSuccess: () => showSnackbar('Notification settings saved.', 'success') })}
    >
      <Text fontSize="sm" color="fg.muted">
        Choose how the members of the process hear of each kind of event.
      </Text>
      <DataTable
        caption="Notifications by kind of event"
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
                checked={Boolean(settings[event]?.[key])}
                onChange={(on) => set(event, key, on)}
                disabled={!canUpdate}
              />
            ),
          })),
        ]}
      />
    </SettingsForm>
  );
}
