// Sets a user's new password: activation (the user becomes active) and the administrative reset.
// The password follows the rules of spec 5 and is typed twice.
import { FormDialog, MESSAGES, validateField } from '@portal/shared';
import { Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { TextField } from '../../../components/fields';

export function newPasswordErrors(password: string, repeat: string): { password?: string; repeat?: string } {
  const errors: { password?: string; repeat?: string } = {};
  const passwordError = validateField({ required: true, format: 'password' }, password);
  if (passwordError) errors.password = passwordError;
  const repeatError = validateField({ required: true }, repeat);
  if (repeatError) errors.repeat = repeatError;
  else if (repeat !== password) errors.repeat = MESSAGES.passwordMismatch;
  return errors;
}

export interface NewPasswordDialogProps {
  open: boolean;
  title: string;
  explanation: ReactNode;
  submitText: string;
  busy: boolean;
  error: unknown;
  onSubmit: (password: string) => void;
  onClose: () => void;
}

export function NewPasswordDialog({ open, title, explanation, submitText, busy, error, onSubmit, onClose }: NewPasswordDialogProps) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const errors = newPasswordErrors(password, repeat);
  const shown = submitted ? errors : {};

  const close = () => {
    setPassword('');
    setRepeat('');
    setSubmitted(false);
    onClose();
  };

  return (
    <FormDialog
      open={open}
      title={title}
      submitText={submitText}
      busy={busy}
      error={error ?? undefined}
      onClose={close}
      onSubmit={() => {
        setSubmitted(true);
        if (errors.password || errors.repeat) return;
        onSubmit(password);
      }}
    >
      <Text>{explanation}</Text>
      <TextField label="New password" type="password" required value={password} onChange={setPassword} error={shown.password} />
      <TextField label="Repeat new password" type="password" required value={repeat} onChange={setRepeat} error={shown.repeat} />
    </FormDialog>
  );
}
