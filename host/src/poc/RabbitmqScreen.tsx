// POC "Rabbitmq" (/poc/notifications): the state of this browser's broker connection (the realtime
// client's, spec 4.4) and an instant message (spec 3) sent through it to oneself — it arrives in
// the notifications bell, the round trip through the broker. The server lets only those who may
// open the User List send instant messages (the same rule as the User List's Send message).
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import {
  INSTANT_MESSAGE_MAX_LENGTH,
  realtime,
  sendInstantMessage,
  showSnackbar,
  usePermitted,
  useSession,
  validateField,
  type RealtimeFacade,
} from '@portal/shared';
import { useRealtimeState } from '../realtime/ConnectionStatus';

export function RabbitmqScreen({ facade = realtime, send = sendInstantMessage }: { facade?: RealtimeFacade; send?: typeof sendInstantMessage }) {
  const state = useRealtimeState(facade);
  const userId = useSession((session) => session.session?.user?.id ?? null);
  const maySend = usePermitted('list=>User');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = message.trim();
  // The User List's Send message rule: something to say, at most INSTANT_MESSAGE_MAX_LENGTH once trimmed.
  const error =
    message === '' ? undefined : (validateField({ required: true }, trimmed) ?? (trimmed.length > INSTANT_MESSAGE_MAX_LENGTH ? `At most ${INSTANT_MESSAGE_MAX_LENGTH} characters.` : undefined));
  const connected = state === 'Connected';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId || error || trimmed === '') return;
    setBusy(true);
    const sent = await send(userId, trimmed, facade);
    setBusy(false);
    if (sent) {
      setMessage('');
      showSnackbar('Instant message sent: it arrives in your notifications.', 'success');
    } else {
      showSnackbar('The instant message could not be sent.', 'error');
    }
  };

  return (
    <Stack gap={6} maxW="xl">
      <Stack gap={1}>
        <Text fontWeight="semibold">Broker connection</Text>
        <Text role="status" data-testid="broker-state">
          {state}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          One connection per browser, held by one tab (the others hear it through the tab election); live updates and
          instant messages travel on it.
        </Text>
      </Stack>
      <Stack as="form" gap={3} onSubmit={submit} aria-label="Instant message">
        <Field.Root invalid={Boolean(error)} disabled={!maySend}>
          <Field.Label>Instant message to yourself</Field.Label>
          <Input value={message} onChange={(event) => setMessage(event.target.value)} />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
          {!maySend && <Field.HelperText>Sending instant messages needs the permission to list users.</Field.HelperText>}
          {maySend && !connected && <Field.HelperText>Sending waits for the broker connection.</Field.HelperText>}
        </Field.Root>
        <Button type="submit" alignSelf="start" colorPalette="blue" loading={busy} disabled={!maySend || !connected || !userId || Boolean(error) || trimmed === ''}>
          Send
        </Button>
      </Stack>
    </Stack>
  );
}
