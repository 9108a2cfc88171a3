// Update progress (0–100 %): of a requirement (PATCH requirements/:id/progress) or of the
// implementer's task (PATCH tasks/:id/progress), whichever the caller passes; 100 completes it.
import { Field, Input } from '@chakra-ui/react';
import { FormDialog } from '@portal/shared';
import { useState } from 'react';

export interface ProgressDialogProps {
  open: boolean;
  title: string;
  initial: number;
  onClose: () => void;
  onSave: (progress: number) => void;
  busy: boolean;
  error?: unknown;
}

export function ProgressDialog({ open, title, initial, onClose, onSave, busy, error }: ProgressDialogProps) {
  const [text, setText] = useState(String(initial));
  const value = Number(text);
  const invalid = text.trim() === '' || !Number.isInteger(value) || value < 0 || value > 100;
  return (
    <FormDialog
      open={open}
      title={title}
      submitText="Save progress"
      onClose={onClose}
      onSubmit={() => onSave(value)}
      busy={busy}
      error={error}
      submitDisabled={invalid}
    >
      <Field.Root invalid={invalid} required>
        <Field.Label>Progress (%)</Field.Label>
        <Input type="number" min={0} max={100} step={5} value={text} onChange={(event) => setText(event.target.value)} />
        <Field.HelperText>100 % completes the requirement.</Field.HelperText>
        <Field.ErrorText>A whole number from 0 to 100.</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
