// The decisions on a task that ask for something: accept a review and delegate it (implementer and
// due date), a required comment (reject a review, report a failure), the progress (0–100 %).
import { FormDialog, type ReviewAcceptance } from '@portal/shared';
import { SelectField, TextField } from '@portal/shared/screens';
import { useState } from 'react';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { useAssignees } from '../api/getPeople';

interface DecisionDialogProps {
  title: string;
  busy: boolean;
  error?: unknown;
  onClose: () => void;
}

export function AcceptDialog({ graph, title, busy, error, onClose, onAccept }: DecisionDialogProps & { graph: string; onAccept: (values: ReviewAcceptance) => void }) {
  // Implementers: who may update a requirement's progress in the process.
  const implementers = useAssignees(graph, P.UPDATE_REQUIREMENT_PROGRESS);
  const [delegate, setDelegate] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [comment, setComment] = useState('');
  return (
    <FormDialog
      open
      title={title}
      submitText="Accept and delegate"
      onClose={onClose}
      busy={busy}
      error={error ?? implementers.error ?? undefined}
      submitDisabled={delegate === ''}
      onSubmit={() => onAccept({ delegate_to_id: delegate, ...(dueDate ? { due_date: dueDate } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) })}
    >
      <SelectField
        label="Delegate to"
        value={delegate}
        placeholder={implementers.isPending ? 'Loading implementers…' : 'Choose an implementer'}
        options={(implementers.data ?? []).map((user) => ({ value: user.id, label: `${user.name} (${user.login_id})` }))}
        onChange={setDelegate}
      />
      <TextField label="Implementation due date" type="date" value={dueDate} onChange={setDueDate} />
      <TextField label="Comment" multiline rows={3} value={comment} onChange={setComment} />
    </FormDialog>
  );
}

/** A dialog asking for a required comment (reject a review, report a failure). */
export function CommentDialog({ title, label, submitText, busy, error, onClose, onSubmit }: DecisionDialogProps & { label: string; submitText: string; onSubmit: (comment: string) => void }) {
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = comment.trim() === '';
  return (
    <FormDialog open title={title} submitText={submitText} submitColorPalette="red" onClose={onClose} busy={busy} error={error} submitDisabled={missing} onSubmit={() => onSubmit(comment.trim())}>
      <TextField label={label} required multiline rows={4} value={comment} onChange={setComment} onBlur={() => setTouched(true)} error={touched && missing ? 'Required.' : undefined} />
    </FormDialog>
  );
}

export function ProgressDialog({ title, initial, busy, error, onClose, onSave }: DecisionDialogProps & { initial: number; onSave: (progress: number) => void }) {
  const [value, setValue] = useState(String(initial));
  const number = Number(value);
  const invalid = value.trim() === '' || !Number.isInteger(number) || number < 0 || number > 100;
  return (
    <FormDialog open title={title} submitText="Save progress" onClose={onClose} busy={busy} error={error} submitDisabled={invalid} onSubmit={() => onSave(number)}>
      <TextField
        label="Progress (%)"
        type="number"
        value={value}
        onChange={setValue}
        error={invalid ? 'A whole number from 0 to 100.' : undefined}
        helperText="100 % completes the task."
      />
    </FormDialog>
  );
}
