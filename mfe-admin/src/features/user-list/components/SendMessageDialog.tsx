// Sends an instant message to a user of the list (spec 3, issue 4 item 10): it goes on the
// durable queue 'notifications#{userId}' through the portal's one broker connection and appears
// in the user's notifications drawer, at once or at their next sign-in. A failed send is only
// logged (spec 8): the dialog closes either way, with a snackbar when the message was handed over.
// The API stamps the sender and refuses a text longer than the contract's limit.
import { FormDialog, INSTANT_MESSAGE_MAX_LENGTH, sendInstantMessage, showSnackbar, validateField } from '@portal/shared';
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { UserSummary } from '../api/getUsers';
import { TextField } from '../../../components/fields';

export interface SendMessageDialogProps {
  user: UserSummary;
  onClose: () => void;
  /** The sender (tests replace it); defaults to the portal's realtime facade. */
  send?: (userId: string, message: string) => Promise<boolean>;
}

export function SendMessageDialog({ user, onClose, send = sendInstantMessage }: SendMessageDialogProps) {
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const trimmed = message.trim();
  const error =
    validateField({ required: true }, trimmed) ?? (trimmed.length > INSTANT_MESSAGE_MAX_LENGTH ? `At most ${INSTANT_MESSAGE_MAX_LENGTH} characters.` : undefined);

  return (
    <FormDialog
      open
      title={`Send message to ${user.login_id}`}
      submitText="Send"
      busy={busy}
      onClose={onClose}
      onSubmit={async () => {
        setSubmitted(true);
        if (error) return;
        setBusy(true);
        const sent = await send(user.id, trimmed);
        setBusy(false);
        if (sent) showSnackbar(`Message sent to ${user.login_id}.`, 'success');
        onClose();
      }}
    >
      <Text>
        An instant message to {user.name} ({user.login_id}). It appears in their notifications; text between ## and ## becomes a link.
      </Text>
      <TextField label="Message" required value={message} onChange={setMessage} error={submitted ? error : undefined} />
    </FormDialog>
  );
}
