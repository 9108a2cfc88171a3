// Process Settings → Notifications: for each kind of event the API lists, whether it is delivered
// by mail and in the portal (GET/POST projects/notificationSettings?graph=<process>).
import { Text } from '@chakra-ui/react';
import { Empty, QueryView, showSnackbar } from '@portal/shared';
import { useState } from 'react';
import { NotificationMatrix, type NotificationSettings } from '../../../components/NotificationMatrix';
import { ADMIN_PERMISSIONS, useAllowed } from '../../../lib/permissions';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/processCommands';
import { AdminSection } from '../../../components/sections';
import { SettingsForm } from '../../../components/SettingsForm';

type Settings = NotificationSettings;

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
  const changed = JSON.stringify(settings) !== JSON.stringify(initial);

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
      <NotificationMatrix caption="Notifications by kind of event" values={settings} onChange={setSettings} disabled={!canUpdate} />
    </SettingsForm>
  );
}
