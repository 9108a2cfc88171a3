// Account Profile → Notifications: the user mutes kinds of events (no bell, no mail) and chooses
// mail for each event or one daily digest. The kinds are the API's (the process notification
// settings' events); what a process's settings turn off stays off whatever is chosen here.
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { problemText, QueryView, showSnackbar, useSession, type NotificationPreferencesView } from '@portal/shared';
import { DataTable, SelectField, SwitchField } from '@portal/shared/screens';
import { useState, type FormEvent } from 'react';
import { FormError } from '../../../components/FormError';
import { useNotificationPreferences } from '../api/getNotificationPreferences';
import { useSaveNotificationPreferences } from '../api/saveNotificationPreferences';

export const PREFERENCES_SAVED = 'Notification preferences saved.';

const MAIL_CHOICES = [
  { value: 'each', label: 'Each event' },
  { value: 'digest', label: 'Daily digest' },
] as const;

export function NotificationPreferencesSection() {
  const loginId = useSession((state) => state.session?.user?.login_id ?? '');
  const preferences = useNotificationPreferences(loginId);
  return (
    <Box as="section" id="notifications" aria-labelledby="notifications-heading" mt={10}>
      <Heading id="notifications-heading" as="h2" size="md" mb={2}>
        Notifications
      </Heading>
      <QueryView query={preferences} loading="Loading your notification preferences…">
        {(data) => <PreferencesForm key={JSON.stringify(data)} loginId={loginId} initial={data} />}
      </QueryView>
    </Box>
  );
}

function PreferencesForm({ loginId, initial }: { loginId: string; initial: NotificationPreferencesView }) {
  const save = useSaveNotificationPreferences();
  const [muted, setMuted] = useState<string[]>(initial.muted);
  const [digest, setDigest] = useState(initial.mail_digest);
  const changed = digest !== initial.mail_digest || muted.length !== initial.muted.length || muted.some((kind) => !initial.muted.includes(kind));
  const mute = (kind: string, on: boolean) => setMuted((current) => (on ? [...current, kind] : current.filter((other) => other !== kind)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ loginId, muted, mail_digest: digest }, { onSuccess: () => showSnackbar(PREFERENCES_SAVED, 'success') });
  };

  return (
    <Stack as="form" aria-label="Notification preferences" gap={4} maxW="2xl" onSubmit={submit}>
      <Text fontSize="sm" color="fg.muted">
        A muted kind of event reaches you neither in the portal nor by mail.
      </Text>
      <Box maxW="xs">
        <SelectField label="Mail" value={digest ? 'digest' : 'each'} onChange={(value) => setDigest(value === 'digest')} options={MAIL_CHOICES} />
      </Box>
      <DataTable
        caption="Notifications by kind of event"
        rows={initial.events}
        rowKey={(kind) => kind}
        columns={[
          { header: 'Event', rowHeader: true, cell: (kind) => kind },
          {
            header: 'Mute',
            cell: (kind: string) => <SwitchField label={`Mute ${kind}`} checked={muted.includes(kind)} onChange={(on) => mute(kind, on)} />,
          },
        ]}
      />
      <FormError message={save.error ? problemText(save.error) : undefined} />
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!changed || save.isPending} loading={save.isPending}>
        Save notifications
      </Button>
    </Stack>
  );
}
